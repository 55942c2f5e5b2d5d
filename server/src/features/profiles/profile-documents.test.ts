import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ratingSummaries, roles, subscriptions, users } from '#server/db/schema/index.ts';
import { insertDemoCrew } from '#server/db/seed/insert-crew.ts';
import { newUser, TestBrowser } from '../../../test/client.ts';
import { createTestApp, crossTransactions, type TestApp } from '../../../test/helpers.ts';
import { findVisitorDocument } from './queries.ts';
import { getProfile } from './service.ts';

/**
 * Issue 34, ADR 040: a visitor's profile is read from its document, kept by triggers. Whatever
 * changes a profile, the document answers what the full query answers a visitor, field for field.
 */
let t: TestApp;
let ip = 1;
const browser = () => new TestBrowser(t.app, `10.34.0.${ip++}`);

/** The document as the route sends it, and the full query's visitor view, for one member. */
async function bothViews(id: number) {
  const document = await findVisitorDocument(t.db, id);
  const full = await getProfile(t.db, id, null).catch(() => undefined);
  return { document: document === undefined ? undefined : JSON.parse(document), full };
}

async function expectSame(id: number) {
  const { document, full } = await bothViews(id);
  expect(full).toBeDefined();
  expect(document).toEqual(full);
}

async function owner() {
  const b = browser();
  const id = (await b.register(newUser('doc'))).json().id as number;
  return { b, id };
}

beforeAll(async () => {
  t = await createTestApp();
  await insertDemoCrew(t.db, 80, 0);
});

describe('profile documents', () => {
  it('answer what the full query answers a visitor, for every member shown', async () => {
    const shown = await t.db.select({ id: users.id }).from(users);
    expect(shown.length).toBeGreaterThanOrEqual(80);
    for (const { id } of shown) await expectSame(id);
  });

  it('follow every edit of the profile, through the API', async () => {
    const { b, id } = await owner();
    const base = `/api/users/${id}`;
    const edits: [string, string, Record<string, unknown>][] = [
      [
        'PATCH',
        base,
        { displayName: 'Rosalind Achterberg', bio: 'Gaffer — “quotes”, \\ and 🎬', location: 'Atlanta, GA' },
      ],
      ['PATCH', base, { contactInfo: '+1 404 555 0101', contactVisibility: 'public' }],
      [
        'POST',
        `${base}/experiences`,
        { title: 'Gaffer', projectName: 'Night Ferry', startDate: '2024-03-01' },
      ],
      ['POST', `${base}/credentials`, { title: 'Lighting', institution: 'AFI', year: 2019 }],
      ['POST', `${base}/tags`, { tag: 'night exteriors' }],
      ['POST', `${base}/portfolio`, { title: 'Showreel', url: 'https://vimeo.com/123456789' }],
    ];
    for (const [method, url, body] of edits) {
      const res = await b.request(method as 'PATCH' | 'POST', url, { body });
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(300);
      await expectSame(id);
    }
    const [gaffer] = await t.db.select().from(roles).where(eq(roles.name, 'Gaffer'));
    expect((await b.request('POST', `${base}/roles`, { body: { roleId: gaffer?.id } })).statusCode).toBe(201);
    await expectSame(id);
    const { document } = await bothViews(id);
    expect(document).toMatchObject({
      displayName: 'Rosalind Achterberg',
      contactInfo: '+1 404 555 0101',
      roles: [{ name: 'Gaffer' }],
      experiences: [{ projectName: 'Night Ferry' }],
      tags: [{ tag: 'night exteriors' }],
    });
    // Contact details for members only: gone from the visitor's document.
    await b.request('PATCH', base, { body: { contactVisibility: 'members' } });
    await expectSame(id);
    expect((await bothViews(id)).document).not.toHaveProperty('contactInfo');
    // Removing an item.
    const tagId = document.tags[0].id as number;
    expect((await b.request('DELETE', `${base}/tags/${tagId}`)).statusCode).toBe(204);
    await expectSame(id);
    expect((await bothViews(id)).document.tags).toEqual([]);
  });

  it('carry the rating as the full query rounds it, halves included', async () => {
    const { id } = await owner();
    // 41 / 40 = 1.025: a half in the third place, which float division puts just below.
    await t.db.insert(ratingSummaries).values({ userId: id, reviewCount: 40, ratingSum: 41 });
    await expectSame(id);
    await t.db
      .update(ratingSummaries)
      .set({ reviewCount: 3, ratingSum: 14 })
      .where(eq(ratingSummaries.userId, id));
    await expectSame(id);
    expect((await bothViews(id)).document.rating).toEqual({ average: 4.67, count: 3 });
  });

  it('add isSubscribed when read: Premium ends with its period, with no write to the profile', async () => {
    const { id } = await owner();
    expect((await bothViews(id)).document.isSubscribed).toBe(false);
    const [subscription] = await t.db
      .insert(subscriptions)
      .values({
        userId: id,
        plan: 'monthly',
        status: 'active',
        provider: 'demo',
        currentPeriodEnd: sql`now() + interval '1 day'`,
      })
      .returning({ id: subscriptions.id });
    await expectSame(id);
    expect((await bothViews(id)).document.isSubscribed).toBe(true);
    await t.db
      .update(subscriptions)
      .set({ currentPeriodEnd: sql`now() - interval '1 second'` })
      .where(eq(subscriptions.id, subscription?.id ?? 0));
    await expectSame(id);
    expect((await bothViews(id)).document.isSubscribed).toBe(false);
  });

  it('go when the member is suspended or deleted, and come back when restored', async () => {
    const { id } = await owner();
    const read = () => browser().request('GET', `/api/users/${id}`);
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, id));
    expect(await findVisitorDocument(t.db, id)).toBeUndefined();
    expect((await read()).statusCode).toBe(404);
    await t.db.update(users).set({ suspendedAt: null }).where(eq(users.id, id));
    await expectSame(id);
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, id));
    expect(await findVisitorDocument(t.db, id)).toBeUndefined();
    expect(await findVisitorDocument(t.db, 2_000_000_000)).toBeUndefined();
  });

  it('asked for together are read in one statement, each visitor getting the profile they asked for', async () => {
    const shown = (await t.db.select({ id: users.id }).from(users).orderBy(users.id).limit(30)).map(
      (r) => r.id,
    );
    const hidden = await owner();
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, hidden.id));
    // One Premium member among them: isSubscribed is worked out for each row of the batch.
    await t.db.insert(subscriptions).values({
      userId: shown[3] as number,
      plan: 'monthly',
      status: 'active',
      provider: 'demo',
      currentPeriodEnd: sql`now() + interval '1 day'`,
    });
    // Each read alone first: what every one of them must answer when read with the others.
    const alone = new Map<number, string | undefined>();
    for (const id of shown) alone.set(id, await findVisitorDocument(t.db, id));
    expect(JSON.parse(alone.get(shown[3] as number) ?? '{}').isSubscribed).toBe(true);
    expect(JSON.parse(alone.get(shown[4] as number) ?? '{}').isSubscribed).toBe(false);
    // An id no integer column holds cannot fail the others' reads: it is simply not shown.
    const asked = [
      ...shown,
      hidden.id,
      2_000_000_000,
      3_000_000_000,
      shown[0] as number,
      ...[...shown].reverse(),
    ];
    const query = vi.spyOn(t.db.$client, 'query');
    try {
      const together = await Promise.all(asked.map((id) => findVisitorDocument(t.db, id)));
      const batches = query.mock.calls.filter(
        ([config]) => (config as { name?: string }).name === 'profile-documents',
      );
      expect(batches).toHaveLength(1);
      expect(together).toEqual(asked.map((id) => alone.get(id)));
      // Through the API: visitors asking at the same moment each get their own member's profile.
      const answers = await Promise.all(asked.map((id) => browser().request('GET', `/api/users/${id}`)));
      expect(answers.map((a) => (a.statusCode === 200 ? a.json().id : a.statusCode))).toEqual(
        asked.map((id) => (id > 2_147_483_647 ? 400 : alone.get(id) === undefined ? 404 : id)),
      );
    } finally {
      query.mockRestore();
    }
  });

  it('follow a role changed in the catalogue', async () => {
    const { b, id } = await owner();
    const [role] = await t.db.select().from(roles).where(eq(roles.name, 'Editor'));
    if (!role) throw new Error('no Editor role');
    await b.request('POST', `/api/users/${id}/roles`, { body: { roleId: role.id } });
    try {
      await t.db.update(roles).set({ icon: 'scissors-line-dashed' }).where(eq(roles.id, role.id));
      await expectSame(id);
      expect((await bothViews(id)).document.roles).toEqual([
        expect.objectContaining({ icon: 'scissors-line-dashed' }),
      ]);
    } finally {
      await t.db.update(roles).set({ icon: role.icon }).where(eq(roles.id, role.id));
    }
    await expectSame(id);
  });

  it('stay right when two writes to one member cross: contact details hidden while a tag is added', async () => {
    const { b, id } = await owner();
    await b.request('PATCH', `/api/users/${id}`, {
      body: { contactInfo: '+1 404 555 0142', contactVisibility: 'public' },
    });
    // The tag's transaction waits for the other before it builds the document.
    await crossTransactions(
      t.db.$client,
      [`update users set contact_visibility = 'connections' where id = $1`, [id]],
      [`insert into user_tags (user_id, tag) values ($1, 'crossed')`, [id]],
    );
    await expectSame(id);
    const { document } = await bothViews(id);
    expect(document).not.toHaveProperty('contactInfo');
    expect(document.tags).toEqual([expect.objectContaining({ tag: 'crossed' })]);
  });
});
