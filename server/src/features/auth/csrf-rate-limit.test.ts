import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { issueCsrfToken } from '#server/crypto/csrf.ts';
import { securityEvents, users } from '#server/db/schema/index.ts';
import { newUser, TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

const SECRET = 'test-secret-test-secret-test-secret-0123';
let t: TestApp;
let ipCounter = 1;
const browser = (ip = `10.2.0.${ipCounter++}`) => new TestBrowser(t.app, ip);

beforeAll(async () => {
  t = await createTestApp({ SESSION_SECRET: SECRET });
});

describe('CSRF protection', () => {
  it('gives visitors a 5-minute token bound to a pre-session cookie and members a 15-minute one', async () => {
    const visitor = browser();
    const res = await visitor.request('GET', '/api/csrf-token');
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(Math.abs(Date.parse(body.expiresAt) - (Date.now() + 5 * 60_000))).toBeLessThan(5_000);
    expect(visitor.cookies.has('crewbase_presession')).toBe(true);

    await visitor.register(newUser());
    const member = (await visitor.request('GET', '/api/csrf-token')).json();
    expect(Math.abs(Date.parse(member.expiresAt) - (Date.now() + 15 * 60_000))).toBeLessThan(5_000);
  });

  it.each([
    ['without a token', false],
    ['with a forged token', `${Date.now() + 60_000}.forged-signature`],
    ['with garbage', 'garbage'],
  ] as const)('refuses a write %s with 403 mentioning CSRF, and changes nothing', async (_label, csrf) => {
    const b = browser();
    const input = newUser();
    const res = await b.request('POST', '/api/register', { body: input, csrf });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(/CSRF/);
    expect(await t.db.select().from(users).where(eq(users.username, input.username))).toHaveLength(0);
  });

  it('refuses a token from another session', async () => {
    const alice = browser();
    const bob = browser();
    await alice.register(newUser());
    await bob.register(newUser());
    const res = await bob.request('POST', '/api/account/email', {
      body: { currentPassword: 'gaffer-tape-42', email: 'stolen@example.com' },
      csrf: await alice.token(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(/CSRF/);
  });

  it('refuses an expired token', async () => {
    const b = browser();
    await b.token();
    const presession = b.cookies.get('crewbase_presession') ?? '';
    const expired = issueCsrfToken(SECRET, `visitor:${presession}`, 60_000, Date.now() - 120_000).token;
    const res = await b.request('POST', '/api/login', {
      body: { username: 'someone', password: 'whatever1' },
      csrf: expired,
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts the token as a _csrf body field too', async () => {
    const b = browser();
    const token = await b.token();
    const res = await b.request('POST', '/api/register', {
      body: { ...newUser(), _csrf: token },
      csrf: false,
    });
    expect(res.statusCode).toBe(201);
  });

  it('logs refused requests as security events', async () => {
    const b = browser();
    await b.request('POST', '/api/login', { body: { username: 'x', password: 'yyyyyyy' }, csrf: false });
    const rows = await t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.type, 'csrf_refused'), eq(securityEvents.ip, b.ip)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.detail).toMatchObject({ method: 'POST', path: '/api/login', tokenSent: false });
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After and the SPEC message once the login limit is reached', async () => {
    const b = browser('10.3.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      // A different account each time, so the per-account failure throttle is not what stops us.
      statuses.push((await b.login(`nobody${i}`, 'wrong-password')).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const limited = await b.login('nobody-else', 'wrong-password');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many requests. Please try again later.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // A flood of refused requests is logged once, not once per request. The event is written
    // beside the answer, not before it: wait for it to land.
    for (let i = 0; i < 5; i++) expect((await b.login(`flood${i}`, 'wrong-password')).statusCode).toBe(429);
    const loggedEvents = () =>
      t.db
        .select()
        .from(securityEvents)
        .where(and(eq(securityEvents.type, 'rate_limited'), eq(securityEvents.ip, b.ip)));
    await vi.waitFor(async () => expect(await loggedEvents()).not.toHaveLength(0));
    const logged = await loggedEvents();
    expect(logged).toHaveLength(1);
    expect(logged[0]?.detail).toMatchObject({ path: '/api/login' });
  });

  it('counts IPv6 clients by /64: neighbours share a limit, another network does not', async () => {
    for (let i = 1; i <= 5; i++) {
      expect((await browser(`2001:db8:aa:1::${i}`).register(newUser('v6'))).statusCode).toBe(201);
    }
    expect((await browser('2001:db8:aa:1:ffff:ffff:ffff:fffe').register(newUser('v6'))).statusCode).toBe(429);
    expect((await browser('2001:db8:aa:2::1').register(newUser('v6'))).statusCode).toBe(201);
  });

  it('throttles failed logins per account and network, so an attacker cannot lock the owner out', async () => {
    const owner = newUser('victim');
    const home = browser('10.4.0.1');
    expect((await home.register(owner)).statusCode).toBe(201);
    await home.logout();
    const attacker = browser('10.4.0.66');
    for (let i = 0; i < 5; i++)
      expect((await attacker.login(owner.username, `guess-${i}-xyz`)).statusCode).toBe(401);
    const blocked = await attacker.login(owner.username, owner.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed sign-in attempts/);
    expect((await home.login(owner.username, owner.password)).statusCode).toBe(200);
  });
});
