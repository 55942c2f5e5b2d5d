import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContactVisibility } from '#common/schemas/profiles';
import { connections, users } from '#server/db/schema/index.ts';
import { account } from '#server/features/admin/test-support.ts';
import { newUser, TestBrowser } from '../../../test/client.ts';
import { clientShellDist, createTestApp, createTestDatabase, type TestApp } from '../../../test/helpers.ts';

/** Issue 33, ADR 027: who sees a profile's contact details. */
let t: TestApp;
let ip = 1;
const browser = () => new TestBrowser(t.app, `10.33.0.${ip++}`);
const PHONE = '+1 404 555 0199';

async function member() {
  const b = browser();
  const id = (await b.register(newUser('cv'))).json().id as number;
  return { b, id };
}

/** A connection between the two, as the connections feature leaves it (asking needs Premium). */
async function connect(a: { id: number }, c: { id: number }, status: 'accepted' | 'pending' = 'accepted') {
  await t.db.insert(connections).values({ requesterId: a.id, addresseeId: c.id, status });
}

let owner: { b: TestBrowser; id: number };
let stranger: { b: TestBrowser; id: number };
let connection: { b: TestBrowser; id: number };
let pending: { b: TestBrowser; id: number };
let moderator: { browser: TestBrowser };
let admin: { browser: TestBrowser };

beforeAll(async () => {
  t = await createTestApp(await clientShellDist());
  owner = await member();
  stranger = await member();
  connection = await member();
  pending = await member();
  moderator = await account(t.db, t.app, { role: 'moderator' });
  admin = await account(t.db, t.app, { role: 'admin' });
  await connect(connection, owner);
  // Asked, never answered: not a connection.
  await connect(pending, owner, 'pending');
  const saved = await owner.b.request('PATCH', `/api/users/${owner.id}`, { body: { contactInfo: PHONE } });
  expect(saved.statusCode).toBe(200);
});

const setVisibility = async (visibility: ContactVisibility) => {
  const res = await owner.b.request('PATCH', `/api/users/${owner.id}`, {
    body: { contactVisibility: visibility },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ contactInfo: PHONE, contactVisibility: visibility });
};

const readers = () =>
  ({
    anonymous: browser(),
    member: stranger.b,
    'pending request': pending.b,
    connection: connection.b,
    owner: owner.b,
    moderator: moderator.browser,
    admin: admin.browser,
  }) as const;

describe('GET /api/users/:id contact details', () => {
  it('are "members" for a new profile', async () => {
    const res = await owner.b.request('GET', `/api/users/${owner.id}`);
    expect(res.json().contactVisibility).toBe('members');
  });

  it.each<[ContactVisibility, string[]]>([
    ['public', ['anonymous', 'member', 'pending request', 'connection', 'owner', 'moderator', 'admin']],
    ['members', ['member', 'pending request', 'connection', 'owner', 'moderator', 'admin']],
    ['connections', ['connection', 'owner', 'moderator', 'admin']],
  ])('set to %s: shown to %j only, and left out entirely for the others', async (visibility, allowed) => {
    await setVisibility(visibility);
    // Twice: the second read comes from the public cache, filled by the first.
    for (const round of [1, 2]) {
      for (const [who, b] of Object.entries(readers())) {
        const res = await b.request('GET', `/api/users/${owner.id}`);
        expect(res.statusCode, `${who}, round ${round}`).toBe(200);
        const profile = res.json();
        expect(profile.contactVisibility, who).toBe(visibility);
        if (allowed.includes(who)) {
          expect(profile.contactInfo, `${who} sees it (round ${round})`).toBe(PHONE);
        } else {
          expect(profile, `${who} does not (round ${round})`).not.toHaveProperty('contactInfo');
          expect(res.body).not.toContain('555 0199');
        }
        // A member's own view of someone's contact is never cacheable or shared.
        if (who !== 'anonymous' && profile.contactInfo && visibility !== 'public')
          expect(res.headers['cache-control'], who).toBe('private, no-store');
      }
    }
  });

  it('hides the contact from a visitor at once when the owner narrows it, though profiles are cached', async () => {
    await setVisibility('public');
    expect((await browser().request('GET', `/api/users/${owner.id}`)).json().contactInfo).toBe(PHONE);
    await setVisibility('members');
    expect((await browser().request('GET', `/api/users/${owner.id}`)).json()).not.toHaveProperty(
      'contactInfo',
    );
  });

  it('stops showing a connections-only contact once the connection is removed', async () => {
    const a = await member();
    const c = await member();
    await c.b.request('PATCH', `/api/users/${c.id}`, {
      body: { contactInfo: PHONE, contactVisibility: 'connections' },
    });
    await connect(a, c);
    expect((await a.b.request('GET', `/api/users/${c.id}`)).json().contactInfo).toBe(PHONE);
    expect((await a.b.request('DELETE', `/api/connections/${c.id}`)).statusCode).toBeLessThan(300);
    expect((await a.b.request('GET', `/api/users/${c.id}`)).json()).not.toHaveProperty('contactInfo');
  });

  it('refuses an unknown visibility, or someone else setting it, and changes nothing', async () => {
    await setVisibility('connections');
    for (const contactVisibility of ['everyone', '', 42, null, 'x'.repeat(100_000)]) {
      const res = await owner.b.request('PATCH', `/api/users/${owner.id}`, { body: { contactVisibility } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.contactVisibility).toBe('Choose who can see your contact details');
    }
    const forged = await stranger.b.request('PATCH', `/api/users/${owner.id}`, {
      body: { contactVisibility: 'public' },
    });
    expect(forged.statusCode).toBe(403);
    const [row] = await t.db
      .select({ visibility: users.contactVisibility })
      .from(users)
      .where(eq(users.id, owner.id));
    expect(row?.visibility).toBe('connections');
    // The database refuses what the API would, too.
    await expect(
      t.db.execute(sql`update users set contact_visibility = 'everyone' where id = ${owner.id}`),
    ).rejects.toThrow();
  });

  it('keeps a profile without contact details free of the field for members too', async () => {
    const bare = await member();
    const res = await stranger.b.request('GET', `/api/users/${bare.id}`);
    expect(res.json()).not.toHaveProperty('contactInfo');
    expect(res.json().contactVisibility).toBe('members');
  });
});

describe('the server-rendered profile page', () => {
  it('holds no members-only phone, in #root or the JSON-LD, and a member reading the API does not put it in the cache', async () => {
    const p = await member();
    await p.b.request('PATCH', `/api/users/${p.id}`, {
      body: { displayName: 'Dana Reyes', contactInfo: PHONE, contactVisibility: 'members' },
    });
    // A member reads first: the public caches must still hold the visitor's view only.
    expect((await stranger.b.request('GET', `/api/users/${p.id}`)).json().contactInfo).toBe(PHONE);
    for (const round of [1, 2]) {
      const html = (await t.app.inject({ method: 'GET', url: `/profile/${p.id}` })).body;
      expect(html, `round ${round}`).toContain('Dana Reyes');
      expect(html).not.toContain('555 0199');
      expect(html).not.toContain('telephone');
    }
    expect((await browser().request('GET', `/api/users/${p.id}`)).json()).not.toHaveProperty('contactInfo');
  });
});

describe('migration 0027_contact_visibility', () => {
  it('gives existing profiles "members"', async () => {
    const { handle } = await createTestDatabase();
    const db = handle.db;
    // The database as it was before the migration, with a profile that shows a phone. The profile
    // documents (a later migration) are built with the column: their triggers are not part of it.
    await db.execute(sql`alter table users disable trigger users_document_insert`);
    await db.execute(sql`alter table users disable trigger users_document_update`);
    await db.execute(sql`alter table users drop constraint users_contact_visibility_known`);
    await db.execute(sql`alter table users drop column contact_visibility`);
    await db.execute(
      sql`insert into users (username, email, contact_info) values ('before_cv', 'before.cv@example.com', ${PHONE})`,
    );
    const migration = await readFile(
      new URL('../../../../drizzle/0027_contact_visibility.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    const { rows } = await db.execute<{ contact_visibility: string }>(
      sql`select contact_visibility from users where username = 'before_cv'`,
    );
    expect(rows).toEqual([{ contact_visibility: 'members' }]);
  });
});
