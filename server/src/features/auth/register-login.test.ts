import { createHash } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD, INVALID_CREDENTIALS } from '#common/schemas/auth';
import { securityEvents, sessions, subscriptions, users } from '#server/db/schema/index.ts';
import { newUser, setCookies, TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let ipCounter = 1;
/** A browser on its own network, so one test's rate limits never touch another's. */
const browser = () => new TestBrowser(t.app, `10.1.0.${ipCounter++}`);
const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]?.n ?? 0;

beforeAll(async () => {
  t = await createTestApp();
});

describe('POST /api/register', () => {
  it.each([
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email'],
    [{ password: '12345' }, 'password', 'Password must be at least 6 characters'],
    [{ password: 'password1' }, 'password', COMMON_PASSWORD],
    [{ password: 'QWERTY' }, 'password', COMMON_PASSWORD],
  ])('refuses %o with the message "%s: %s" and stores nothing', async (override, field, message) => {
    const before = await userCount();
    const res = await browser().register({ ...newUser(), ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await userCount()).toBe(before);
  });

  it('creates the account, signs it in with a browser-session cookie and answers the user object', async () => {
    const b = browser();
    const input = newUser('Maya');
    const res = await b.register(input);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'displayName',
      'email',
      'emailVerified',
      'fallbackName',
      'id',
      'isSubscribed',
      'profileImage',
      'role',
      'twoFactorEnabled',
      'username',
    ]);
    // Addresses are stored lowercased: people type them in any case.
    expect(body).toMatchObject({
      username: input.username,
      email: input.email.toLowerCase(),
      isSubscribed: false,
      role: 'user',
      twoFactorEnabled: false,
      emailVerified: false,
    });

    const cookie = setCookies(res).find((c) => c.name === t.app.sessionCookieName);
    expect(cookie?.attributes.httponly).toBe(true);
    expect(cookie?.attributes.samesite).toBe('Lax');
    expect(cookie?.attributes.path).toBe('/');
    expect(cookie?.attributes.expires).toBeUndefined();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only the hash of the token is stored; the password only as a scrypt hash.
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, body.id));
    expect(row?.tokenHash).toBe(
      createHash('sha256')
        .update(cookie?.value ?? '')
        .digest('hex'),
    );
    const [stored] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, body.id));
    expect(stored?.hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(stored?.hash).not.toContain(input.password);

    expect((await b.request('GET', '/api/auth/me')).json().id).toBe(body.id);
  });

  it.each([
    [
      'username',
      (u: ReturnType<typeof newUser>) => ({ ...newUser(), username: u.username.toUpperCase() }),
      'That username is taken',
    ],
    [
      'email',
      (u: ReturnType<typeof newUser>) => ({ ...newUser(), email: u.email.toUpperCase() }),
      'An account already uses that email',
    ],
  ] as const)(
    'refuses a second account with the same %s in any case (409)',
    async (field, clash, message) => {
      const first = newUser();
      expect((await browser().register(first)).statusCode).toBe(201);
      const before = await userCount();
      const res = await browser().register(clash(first));
      expect(res.statusCode).toBe(409);
      expect(res.json().error.fields[field]).toBe(message);
      expect(await userCount()).toBe(before);
    },
  );
});

describe('POST /api/login', () => {
  const account = newUser('login');
  beforeAll(async () => {
    expect((await browser().register(account)).statusCode).toBe(201);
  });

  it.each([
    [{ username: '' }, 'username', 'Please enter your username or email'],
    [{ password: '123' }, 'password', 'Password must be at least 6 characters'],
  ])('answers %o with the SPEC message', async (override, field, message) => {
    const res = await browser().request('POST', '/api/login', {
      body: { username: account.username, password: account.password, ...override },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('signs in by username or by email, in any case', async () => {
    for (const login of [account.username, account.email.toUpperCase(), account.username.toUpperCase()]) {
      const b = browser();
      const res = await b.login(login, account.password);
      expect(res.statusCode).toBe(200);
      expect(res.json().username).toBe(account.username);
    }
  });

  it('gives the same answer for a wrong password and for an unknown user', async () => {
    const wrong = await browser().login(account.username, 'not-the-password');
    const unknown = await browser().login('nobody-by-that-name', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(INVALID_CREDENTIALS);
    expect(unknown.json().error.message).toBe(INVALID_CREDENTIALS);
  });

  it('"Stay logged in" sets a 30-day persistent cookie; without it the cookie ends with the browser and the server ends it after 24 h', async () => {
    const remembered = browser();
    const res = await remembered.login(account.username, account.password, true);
    const cookie = setCookies(res).find((c) => c.name === t.app.sessionCookieName);
    const expires = Date.parse(String(cookie?.attributes.expires));
    expect(Math.abs(expires - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);
    const session = (await remembered.request('GET', '/api/auth/session')).json();
    expect(session.persistent).toBe(true);

    const forgetful = browser();
    const plain = setCookies(await forgetful.login(account.username, account.password)).find(
      (c) => c.name === t.app.sessionCookieName,
    );
    expect(plain?.attributes.expires).toBeUndefined();
    expect(plain?.attributes['max-age']).toBeUndefined();
    const info = (await forgetful.request('GET', '/api/auth/session')).json();
    expect(info).toMatchObject({ authenticated: true, persistent: false });
    expect(Math.abs(Date.parse(info.expiresAt) - (Date.now() + 24 * 3_600_000))).toBeLessThan(60_000);
  });

  it('starts a new session on every login', async () => {
    const a = browser();
    await a.login(account.username, account.password);
    const first = a.cookies.get(t.app.sessionCookieName);
    await a.login(account.username, account.password);
    expect(a.cookies.get(t.app.sessionCookieName)).not.toBe(first);
  });

  it('marks a member with an active subscription as subscribed', async () => {
    const member = newUser('premium');
    const b = browser();
    const id = (await b.register(member)).json().id;
    expect((await b.request('GET', '/api/auth/me')).json().isSubscribed).toBe(false);
    await t.db.insert(subscriptions).values({
      userId: id,
      plan: 'monthly',
      status: 'active',
      provider: 'demo',
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    });
    expect((await b.request('GET', '/api/auth/me')).json().isSubscribed).toBe(true);
    // Signing in answers the same user object, subscription included.
    expect((await b.login(member.username, member.password)).json().isSubscribed).toBe(true);
    expect((await browser().request('GET', `/api/users/${id}`)).json().isSubscribed).toBe(true);
    await t.db
      .update(subscriptions)
      .set({ currentPeriodEnd: sql`now() - interval '1 day'` })
      .where(eq(subscriptions.userId, id));
    expect((await b.request('GET', '/api/auth/me')).json().isSubscribed).toBe(false);
  });
});

describe('signing out and the session endpoints', () => {
  it('POST /api/logout ends the session: the old cookie is refused afterwards', async () => {
    const b = browser();
    await b.register(newUser());
    const stolen = b.cookies.get(t.app.sessionCookieName);
    expect((await b.logout()).statusCode).toBe(204);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: `${t.app.sessionCookieName}=${stolen}` },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toBe('Please sign in to continue');
  });

  it('GET /api/logout ends the session and sends the browser to /', async () => {
    const b = browser();
    await b.register(newUser());
    const res = await b.request('GET', '/api/logout');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect((await b.request('GET', '/api/auth/me')).statusCode).toBe(401);
  });

  it('answers /api/auth/user, /check and /session honestly for visitors and members', async () => {
    const visitor = browser();
    expect((await visitor.request('GET', '/api/auth/user')).json()).toBeNull();
    expect((await visitor.request('GET', '/api/auth/check')).json()).toEqual({ authenticated: false });
    expect((await visitor.request('GET', '/api/auth/session')).json()).toEqual({
      authenticated: false,
      expiresAt: null,
      persistent: false,
    });
    const member = browser();
    const id = (await member.register(newUser())).json().id;
    expect((await member.request('GET', '/api/auth/user')).json().id).toBe(id);
    expect((await member.request('GET', '/api/auth/check')).json()).toEqual({ authenticated: true });
  });

  it('writes sign-ins, failures and sign-outs to the security log with IP and user agent, and no secret', async () => {
    const b = browser();
    const input = newUser('audit');
    await b.register(input);
    await b.logout();
    await b.login(input.username, 'wrong-password-1');
    await b.login(input.username, input.password);
    const rows = await t.db.select().from(securityEvents).where(eq(securityEvents.ip, b.ip));
    expect(rows.map((r) => r.type)).toEqual(
      expect.arrayContaining(['register', 'logout', 'login_failure', 'login_success']),
    );
    for (const row of rows) {
      expect(row.userAgent).toBe('CrewBase test browser');
      const text = JSON.stringify(row);
      expect(text).not.toContain(input.password);
      expect(text).not.toContain('wrong-password-1');
    }
  });
});
