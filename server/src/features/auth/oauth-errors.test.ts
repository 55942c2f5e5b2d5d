import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_PAGE_ERRORS, type AuthPageError } from '#common/schemas/auth-page-errors';
import { users } from '#server/db/schema/index.ts';
import { TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

/**
 * A failed provider sign-in lands on /auth?error=<code>, one of the app's own codes; never a text
 * the page would show as given (issue 29: anyone can link to /auth?error=<their words>).
 */

/** The code a redirect to the sign-in page carries, after checking it carries nothing else. */
function authPageCode(res: LightMyRequestResponse): string | null {
  expect(res.statusCode).toBe(302);
  const location = String(res.headers.location);
  expect(location).toMatch(/^\/auth\?error=[a-z_]+$/);
  const code = new URL(location, 'http://x').searchParams.get('error');
  expect(Object.keys(AUTH_PAGE_ERRORS)).toContain(code);
  return code;
}

function idToken(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

let plain: TestApp;
let google: TestApp;
let ipCounter = 1;
const browser = (t: TestApp) => new TestBrowser(t.app, `10.96.0.${ipCounter++}`);

beforeAll(async () => {
  plain = await createTestApp();
  google = await createTestApp({
    GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com',
    GOOGLE_CLIENT_SECRET: 'test-secret',
    PUBLIC_URL: 'http://crewbase.test',
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A Google sign-in as the browser makes it; Google's token endpoint answers with `token`. */
async function googleCallback(b: TestBrowser, token: () => Response) {
  const start = await b.request('GET', '/api/auth/google/login');
  const state = new URL(String(start.headers.location)).searchParams.get('state');
  vi.stubGlobal('fetch', async () => token());
  return b.request('GET', `/api/auth/google/callback?code=from-google&state=${state}`);
}

const googleAnswers = (claims: Record<string, unknown>) => () =>
  new Response(
    JSON.stringify({ access_token: 'at', token_type: 'Bearer', expires_in: 3600, id_token: idToken(claims) }),
    { headers: { 'content-type': 'application/json' } },
  );

describe('/auth?error= from the provider routes', () => {
  it.each([
    ['/api/auth/google/login', 'google_not_configured'],
    ['/api/auth/facebook/login', 'facebook_not_configured'],
    ['/api/auth/twitter/login', 'twitter_not_configured'],
    ['/api/auth/twitter/callback?code=x&state=y', 'twitter_not_configured'],
    ['/api/auth/myspace/callback?code=x&state=y', 'unknown_provider'],
  ] as const)('%s without credentials redirects with %s', async (url, code: AuthPageError) => {
    expect(authPageCode(await browser(plain).request('GET', url))).toBe(code);
  });

  it('a provider that reports an error, with any wording, is "cancelled": its words are not passed on', async () => {
    const b = browser(google);
    await b.request('GET', '/api/auth/google/login');
    const res = await b.request(
      'GET',
      `/api/auth/google/callback?error=${encodeURIComponent('Call +1 555 0100 to unlock your account')}`,
    );
    expect(authPageCode(res)).toBe('cancelled');
  });

  it('a forged or stale state is "interrupted"', async () => {
    const b = browser(google);
    await b.request('GET', '/api/auth/google/login');
    expect(authPageCode(await b.request('GET', '/api/auth/google/callback?code=x&state=forged'))).toBe(
      'interrupted',
    );
  });

  it('a provider that fails is "interrupted", whatever its error says', async () => {
    const res = await googleCallback(
      browser(google),
      () =>
        new Response(JSON.stringify({ error: 'invalid_grant', error_description: '<b>owned</b>' }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    );
    expect(authPageCode(res)).toBe('interrupted');
  });

  it('a suspended account and one with two-factor sign-in get their own codes', async () => {
    const claims = { sub: 'google-errors-1', email: 'errors-1@example.com', email_verified: true };
    expect((await googleCallback(browser(google), googleAnswers(claims))).headers.location).toBe('/');
    const [account] = await google.db.select().from(users).where(eq(users.email, 'errors-1@example.com'));
    if (!account) throw new Error('the sign-in made no account');

    await google.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, account.id));
    expect(authPageCode(await googleCallback(browser(google), googleAnswers(claims)))).toBe('suspended');

    await google.db
      .update(users)
      .set({ suspendedAt: null, totpEnabledAt: new Date() })
      .where(eq(users.id, account.id));
    expect(authPageCode(await googleCallback(browser(google), googleAnswers(claims)))).toBe('two_factor');
  });
});
