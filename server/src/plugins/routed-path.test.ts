import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/index.ts';
import { newUser, setCookies, TestBrowser } from '../../test/client.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

/**
 * The router decodes the path (`/%61pi/login` is `/api/login`), so a check that reads the URL as
 * sent would not see the request the route answers (issue 29). The session and CSRF checks read
 * the route the request was matched to.
 */

let t: TestApp;
let ipCounter = 1;
const browser = () => new TestBrowser(t.app, `10.95.0.${ipCounter++}`);
const CSRF_REFUSED = /CSRF/;

beforeAll(async () => {
  t = await createTestApp();
});

describe('a percent-encoded /api path', () => {
  it('reaches the same route as /api', async () => {
    const b = browser();
    expect((await b.request('GET', '/%61pi/csrf-token')).json().csrfToken).toEqual(expect.any(String));
    expect((await b.register(newUser('encoded'))).statusCode).toBe(201);
  });

  it('refuses a sign-in without a CSRF token exactly like /api, so a page cannot sign a visitor in as the attacker', async () => {
    const attacker = newUser('planted');
    expect((await browser().register(attacker)).statusCode).toBe(201);
    for (const path of ['/api/login', '/%61pi/login', '/%61%70%69/login']) {
      const victim = browser();
      const res = await victim.request('POST', path, {
        body: { username: attacker.username, password: attacker.password },
        csrf: false,
      });
      expect(res.statusCode, path).toBe(403);
      expect(res.json().error.message).toMatch(CSRF_REFUSED);
      expect(setCookies(res).map((cookie) => cookie.name)).not.toContain('crewbase_session');
    }
  });

  it('refuses a sign-up without a CSRF token and stores nothing', async () => {
    const input = newUser('forced');
    const res = await browser().request('POST', '/%61pi/register', { body: input, csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(CSRF_REFUSED);
    expect(await t.db.select().from(users).where(eq(users.username, input.username))).toHaveLength(0);
  });

  it('is read with the member’s session: signed in for reads, and a write still needs the token', async () => {
    const member = browser();
    const { username, ...rest } = newUser('member');
    expect((await member.register({ username, ...rest })).statusCode).toBe(201);
    const me = await member.request('GET', '/%61pi/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe(username);

    const forged = await member.request('POST', '/%61pi/logout', { csrf: false });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.message).toMatch(CSRF_REFUSED);
    expect((await member.request('GET', '/api/auth/me')).statusCode).toBe(200);

    expect((await member.request('POST', '/%61pi/logout')).statusCode).toBe(204);
    expect((await member.request('GET', '/api/auth/me')).statusCode).toBe(401);
  });

  it.each([
    '/api%2Flogin',
    '/%2561pi/login',
    '//api/login',
    '/API/login',
    '/api/./login',
    '/api/login/',
    '/api/login;x',
  ])('%s without a token signs no one in: an unknown path, or the CSRF refusal', async (path) => {
    const attacker = newUser('spelling');
    expect((await browser().register(attacker)).statusCode).toBe(201);
    const res = await browser().request('POST', path, {
      body: { username: attacker.username, password: attacker.password },
      csrf: false,
    });
    expect([403, 404]).toContain(res.statusCode);
    expect(setCookies(res).map((cookie) => cookie.name)).not.toContain('crewbase_session');
  });
});
