import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_MEMBER_NAME, fallbackNameFromEmail, personName } from '#common/people';
import { users } from '#server/db/schema/index.ts';
import { TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

/** Issue 31: nobody appears by their username; the fallback comes from the e-mail, never the e-mail itself. */
let t: TestApp;
let ipCounter = 1;
const browser = () => new TestBrowser(t.app, `10.31.0.${ipCounter++}`);
const password = 'gaffer-tape-42';

beforeAll(async () => {
  t = await createTestApp();
});

describe('users.fallback_name', () => {
  it.each([
    'sam.okafor@example.com',
    'w3free@example.com',
    'SAM_OKAFOR@Example.com',
    'mary-jane.watson@example.com',
    'jo+crew@example.com',
    '.dot.first@example.com',
    'sam.1990@example.com',
    '12345@example.com',
    '_.-@example.com',
    'abcdefghijklmnopqrstuvwxyzabcdef@example.com',
    'twitter-123456@users.noreply.crewbase.app',
  ])('is what common/src/people.ts makes of %s', async (email) => {
    const username = `fb_${ipCounter++}`;
    const [row] = await t.db
      .insert(users)
      .values({ username, email })
      .returning({ fallbackName: users.fallbackName });
    expect(row?.fallbackName).toBe(fallbackNameFromEmail(email));
  });

  it('follows a changed e-mail, so a released address names nobody', async () => {
    const [row] = await t.db
      .insert(users)
      .values({ username: 'fb_changes', email: 'lee.park@example.com' })
      .returning({ id: users.id, fallbackName: users.fallbackName });
    expect(row?.fallbackName).toBe('Lee P.');
    const [after] = await t.db
      .update(users)
      .set({ email: `released-${row?.id}@users.noreply.crewbase.app` })
      .where(eq(users.id, row?.id ?? 0))
      .returning({ fallbackName: users.fallbackName });
    expect(after?.fallbackName).toBe(ANONYMOUS_MEMBER_NAME);
  });
});

describe('a member without a display name', () => {
  it('is shown to others as "Sam O.", never by username or e-mail', async () => {
    const sam = browser();
    const registered = await sam.register({
      username: 'w3free_mwymxy',
      email: 'sam.okafor@studio.example',
      password,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const id = registered.json().id as number;

    const other = browser();
    const producer = await other.register({ username: 'producer31', email: 'p31@example.com', password });
    expect(producer.statusCode).toBe(201);
    const res = await other.request('GET', `/api/users/${id}`);
    expect(res.statusCode).toBe(200);
    const profile = res.json();
    expect(profile.displayName).toBeNull();
    expect(profile.fallbackName).toBe('Sam O.');
    expect(personName(profile)).toBe('Sam O.');
    expect(res.body).not.toContain('okafor');
    expect(res.body).not.toContain('sam.okafor@');

    // A visitor sees the same.
    const visitor = await browser().request('GET', `/api/users/${id}`);
    expect(visitor.json()).toMatchObject({ displayName: null, fallbackName: 'Sam O.' });
    expect(visitor.body).not.toContain('okafor');
  });

  it('sees their own fallback in the session user until they set a display name', async () => {
    const b = browser();
    const res = await b.register({ username: 'ana_x9', email: 'ana.lima+crew@example.com', password });
    const id = res.json().id as number;
    expect((await b.request('GET', '/api/auth/me')).json()).toMatchObject({
      displayName: null,
      fallbackName: 'Ana L.',
    });
    await b.request('PATCH', `/api/users/${id}`, { body: { displayName: 'Ana Lima' } });
    expect(personName((await b.request('GET', '/api/auth/me')).json())).toBe('Ana Lima');
  });
});
