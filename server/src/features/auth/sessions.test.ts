import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '#server/db/schema/index.ts';
import { newUser, setCookies, TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

/** Issue 29: signing in ends the browser's old session; members see and end their sessions. */
let t: TestApp;
/** The same app behind https (PUBLIC_URL): its cookies are Secure and `__Host-` prefixed. */
let secure: TestApp;
let network = 0;
const browser = (userAgent?: string) => {
  network += 1;
  return new TestBrowser(t.app, `10.62.${Math.floor(network / 250)}.${(network % 250) + 1}`, userAgent);
};
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const sessionRow = async (token: string | undefined) =>
  (
    await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token ?? '')))
  )[0];

const FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  t = await createTestApp();
  secure = await createTestApp({ PUBLIC_URL: 'https://crewbase.test' });
});

/** One account signed in on a laptop and a phone, the phone last. */
async function signedInTwice() {
  const input = newUser('devices');
  const laptop = browser(FIREFOX);
  const id = (await laptop.register(input)).json().id as number;
  const phone = browser(SAFARI_IPHONE);
  expect((await phone.login(input.username, input.password)).statusCode).toBe(200);
  return { input, id, laptop, phone };
}

describe('signing in', () => {
  it('ends the session the browser already had, for the same account or another', async () => {
    const b = browser();
    const first = newUser('planted');
    await b.register(first);
    const planted = b.cookies.get(t.app.sessionCookieName);
    expect(await sessionRow(planted)).toBeDefined();

    // Signing in to another account in the same browser (a session fixed in it, or left behind).
    const second = newUser('owner');
    await browser().register(second);
    expect((await b.login(second.username, second.password)).statusCode).toBe(200);
    expect(await sessionRow(planted)).toBeUndefined();
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      cookies: { [t.app.sessionCookieName]: planted ?? '' },
    });
    expect(replay.statusCode).toBe(401);

    const current = b.cookies.get(t.app.sessionCookieName);
    expect((await b.login(second.username, second.password)).statusCode).toBe(200);
    expect(await sessionRow(current)).toBeUndefined();
    expect((await b.request('GET', '/api/auth/me')).json().username).toBe(second.username);
  });

  it('ends an expired session the browser still carries too', async () => {
    const input = newUser('expired');
    const b = browser();
    await b.register(input);
    const old = b.cookies.get(t.app.sessionCookieName) ?? '';
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256(old)));
    expect((await b.login(input.username, input.password)).statusCode).toBe(200);
    expect(await sessionRow(old)).toBeUndefined();
  });
});

describe('the session cookie’s name', () => {
  it('is __Host-crewbase_session behind https: Secure, Path=/, no Domain; the known-device cookie too', async () => {
    expect(secure.app.sessionCookieName).toBe('__Host-crewbase_session');
    const b = new TestBrowser(secure.app, '10.62.250.1');
    const res = await b.register(newUser('https'));
    expect(res.statusCode).toBe(201);
    const cookies = setCookies(res);
    for (const name of ['__Host-crewbase_session', '__Host-crewbase_device']) {
      const cookie = cookies.find((c) => c.name === name);
      expect(cookie?.attributes).toMatchObject({ secure: true, path: '/', httponly: true, samesite: 'Lax' });
      expect(cookie?.attributes.domain).toBeUndefined();
    }
    expect(cookies.some((c) => c.name === 'crewbase_session')).toBe(false);
    expect((await b.request('GET', '/api/account/sessions')).json().sessions).toHaveLength(1);

    // The unprefixed name, which a sibling subdomain or a plain-http page could set, signs no one in.
    const token = b.cookies.get('__Host-crewbase_session') ?? '';
    const planted = await secure.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      cookies: { crewbase_session: token },
    });
    expect(planted.statusCode).toBe(401);
  });

  it('keeps the plain name over http, where a browser would refuse a __Host- cookie', async () => {
    expect(t.app.sessionCookieName).toBe('crewbase_session');
    const res = await browser().register(newUser('http'));
    const cookie = setCookies(res).find((c) => c.name === 'crewbase_session');
    expect(cookie?.attributes.secure).toBeUndefined();
  });
});

describe('GET /api/account/sessions', () => {
  it('lists the member’s live sessions, newest first, marking the one asking', async () => {
    const { id, laptop, phone } = await signedInTwice();
    // Someone else's session never shows.
    await browser().register(newUser('stranger'));
    const res = await laptop.request('GET', '/api/account/sessions');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = res.json().sessions;
    expect(list).toHaveLength(2);
    expect(Object.keys(list[0]).sort()).toEqual([
      'createdAt',
      'current',
      'id',
      'ip',
      'lastSeenAt',
      'userAgent',
    ]);
    expect(list.map((s: { userAgent: string }) => s.userAgent)).toEqual([SAFARI_IPHONE, FIREFOX]);
    expect(list.map((s: { current: boolean }) => s.current)).toEqual([false, true]);
    expect(list[0].ip).toBe(phone.ip);
    expect(list[1].ip).toBe(laptop.ip);
    expect(Date.parse(list[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(list[1].createdAt));
    expect(Number.isNaN(Date.parse(list[0].lastSeenAt))).toBe(false);
    const rows = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, id));
    expect(rows.map((row) => row.id).sort()).toEqual(list.map((s: { id: number }) => s.id).sort());
    // Only the session's own fields: never a token or its hash.
    expect(res.body).not.toMatch(/token/i);
    expect((await phone.request('GET', '/api/account/sessions')).json().sessions[0].current).toBe(true);
  });

  it('answers 401 to a visitor', async () => {
    const res = await browser().request('GET', '/api/account/sessions');
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /api/account/sessions/:id', () => {
  it('signs the other browser out: 204, and its next request is signed out', async () => {
    const { laptop, phone } = await signedInTwice();
    const [phoneSession] = (await laptop.request('GET', '/api/account/sessions')).json().sessions;
    const res = await laptop.request('DELETE', `/api/account/sessions/${phoneSession.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await phone.request('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await laptop.request('GET', '/api/auth/me')).statusCode).toBe(200);
    const left = (await laptop.request('GET', '/api/account/sessions')).json().sessions;
    expect(left.map((s: { current: boolean }) => s.current)).toEqual([true]);
    // Gone is gone: a second try is a 404.
    expect((await laptop.request('DELETE', `/api/account/sessions/${phoneSession.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for another member’s session and leaves it signed in', async () => {
    const mallory = await signedInTwice();
    const victim = await signedInTwice();
    const [victimSession] = (await victim.laptop.request('GET', '/api/account/sessions')).json().sessions;
    const res = await mallory.laptop.request('DELETE', `/api/account/sessions/${victimSession.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('That device is not signed in any more');
    expect((await victim.phone.request('GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('signs this browser out when it names its own session', async () => {
    const { laptop } = await signedInTwice();
    const mine = (await laptop.request('GET', '/api/account/sessions'))
      .json()
      .sessions.find((s: { current: boolean }) => s.current);
    const res = await laptop.request('DELETE', `/api/account/sessions/${mine.id}`);
    expect(res.statusCode).toBe(204);
    expect(setCookies(res).find((c) => c.name === t.app.sessionCookieName)?.value).toBe('');
    expect((await laptop.request('GET', '/api/auth/me')).statusCode).toBe(401);
  });

  it.each([
    ['abc', 400],
    ['0', 400],
    ['99999999999', 400],
    ['2147483647', 404],
  ])('answers /api/account/sessions/%s with %i', async (id, status) => {
    const { laptop } = await signedInTwice();
    expect((await laptop.request('DELETE', `/api/account/sessions/${id}`)).statusCode).toBe(status);
  });

  it('refuses a cross-site request (no CSRF token) with 403 and ends nothing', async () => {
    const { laptop, phone } = await signedInTwice();
    const [phoneSession] = (await laptop.request('GET', '/api/account/sessions')).json().sessions;
    const res = await laptop.request('DELETE', `/api/account/sessions/${phoneSession.id}`, { csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(/CSRF/);
    expect((await phone.request('GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('answers 401 to a visitor', async () => {
    const { laptop } = await signedInTwice();
    const [phoneSession] = (await laptop.request('GET', '/api/account/sessions')).json().sessions;
    expect((await browser().request('DELETE', `/api/account/sessions/${phoneSession.id}`)).statusCode).toBe(
      401,
    );
  });
});

describe('DELETE /api/account/sessions (sign out everywhere else)', () => {
  it('ends every other session of the member and keeps this one', async () => {
    const { input, laptop, phone } = await signedInTwice();
    const tablet = browser();
    await tablet.login(input.username, input.password);
    const bystander = browser();
    await bystander.register(newUser('bystander'));

    const res = await laptop.request('DELETE', '/api/account/sessions');
    expect(res.statusCode).toBe(204);
    expect((await phone.request('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await tablet.request('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await laptop.request('GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await bystander.request('GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await laptop.request('GET', '/api/account/sessions')).json().sessions).toHaveLength(1);
  });

  it('refuses it without a CSRF token', async () => {
    const { laptop, phone } = await signedInTwice();
    expect((await laptop.request('DELETE', '/api/account/sessions', { csrf: false })).statusCode).toBe(403);
    expect((await phone.request('GET', '/api/auth/me')).statusCode).toBe(200);
  });
});
