import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isReleasedEmail, PLACEHOLDER_EMAIL_DOMAIN } from '#common/placeholder-email';
import { WRONG_CURRENT_PASSWORD } from '#common/schemas/auth';
import { authPageErrorText } from '#common/schemas/auth-page-errors';
import { securityEvents, users } from '#server/db/schema/index.ts';
import { newUser, setCookies, TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { releasedNotice } from './email-verification.ts';
import { signInWithProvider, vouchedEmail } from './oauth.ts';

describe('OAuth sign-in', () => {
  let plain: TestApp;
  let withGoogle: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    withGoogle = await createTestApp({
      GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'test-secret',
      PUBLIC_URL: 'https://crewbase.test',
    });
  });

  it.each([
    ['google', 'Google sign-in is not configured on this server'],
    ['facebook', 'Facebook sign-in is not configured on this server'],
    ['twitter', 'Twitter sign-in is not configured on this server'],
  ])(
    'sends the browser back to /auth with a code for a clear message when %s is not configured',
    async (provider, message) => {
      const res = await plain.app.inject({ method: 'GET', url: `/api/auth/${provider}/login` });
      expect(res.statusCode).toBe(302);
      const location = new URL(String(res.headers.location), 'http://x');
      expect(location.pathname).toBe('/auth');
      expect(location.searchParams.get('error')).toBe(`${provider}_not_configured`);
      expect(authPageErrorText(location.searchParams.get('error'))).toBe(message);
    },
  );

  it('redirects to the provider with state and a PKCE challenge, remembered in short-lived cookies', async () => {
    const res = await withGoogle.app.inject({ method: 'GET', url: '/api/auth/google/login' });
    expect(res.statusCode).toBe(302);
    const url = new URL(String(res.headers.location));
    expect(url.hostname).toBe('accounts.google.com');
    expect(url.searchParams.get('redirect_uri')).toBe('https://crewbase.test/api/auth/google/callback');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
    const cookies = setCookies(res);
    const state = cookies.find((c) => c.name === 'crewbase_oauth_state');
    expect(state?.value).toBe(url.searchParams.get('state'));
    expect(state?.attributes.httponly).toBe(true);
    expect(state?.attributes.secure).toBe(true);
    expect(state?.attributes['max-age']).toBe('600');
  });

  it('refuses a callback whose state does not match (a forged or replayed sign-in)', async () => {
    const res = await withGoogle.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?code=abc&state=attacker',
      headers: { cookie: 'crewbase_oauth_state=mine; crewbase_oauth_verifier=v' },
    });
    expect(res.statusCode).toBe(302);
    expect(new URL(String(res.headers.location), 'http://x').searchParams.get('error')).toBe('interrupted');
    expect(setCookies(res).some((c) => c.name === withGoogle.app.sessionCookieName)).toBe(false);
  });

  it('answers 404 for a provider it does not know', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/api/auth/myspace/login' });
    expect(res.statusCode).toBe(404);
  });
});

describe('account settings', () => {
  let t: TestApp;
  let ipCounter = 1;
  const browser = () => new TestBrowser(t.app, `10.6.0.${ipCounter++}`);
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('needs a signed-in user', async () => {
    const res = await browser().request('POST', '/api/account/password', {
      body: { currentPassword: 'x', newPassword: 'something-new-1' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('changes the password with the current one, and signs out every other device', async () => {
    const account = newUser('mover');
    const here = browser();
    await here.register(account);
    const elsewhere = browser();
    await elsewhere.login(account.username, account.password);

    const wrong = await here.request('POST', '/api/account/password', {
      body: { currentPassword: 'not-it-at-all', newPassword: 'steadicam-rig-8' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.currentPassword).toBe(WRONG_CURRENT_PASSWORD);

    const ok = await here.request('POST', '/api/account/password', {
      body: { currentPassword: account.password, newPassword: 'steadicam-rig-8' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await here.request('GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await elsewhere.request('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await browser().login(account.username, 'steadicam-rig-8')).statusCode).toBe(200);
  });

  it('asks for an email change with the current password, refusing one another account uses', async () => {
    const taken = newUser('taken');
    await browser().register(taken);
    const account = newUser('switcher');
    const b = browser();
    await b.register(account);

    const clash = await b.request('POST', '/api/account/email', {
      body: { currentPassword: account.password, email: taken.email },
    });
    expect(clash.statusCode).toBe(409);

    const ok = await b.request('POST', '/api/account/email', {
      body: { currentPassword: account.password, email: 'New.Address@Example.com' },
    });
    expect(ok.statusCode).toBe(200);
    // The address changes when the link mailed to it is opened (email-verification.test.ts).
    expect(ok.json()).toMatchObject({ email: account.email, pendingEmail: 'new.address@example.com' });
    expect((await browser().login('new.address@example.com', account.password)).statusCode).toBe(401);
  });
});

/** An ID token as Google's token endpoint answers it; arctic reads its claims without a signature check. */
function idToken(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

describe('provider sign-in and unproven addresses', () => {
  let t: TestApp;
  let ipCounter = 1;
  const browser = () => new TestBrowser(t.app, `10.29.1.${ipCounter++}`);
  beforeAll(async () => {
    t = await createTestApp({
      GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'test-secret',
      PUBLIC_URL: 'http://crewbase.test',
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /**
   * A whole Google sign-in as the browser makes it: /login, then the callback with the state it was
   * given; Google's token endpoint (the one call that leaves the machine) answers `claims`.
   */
  async function googleSignIn(b: TestBrowser, claims: Record<string, unknown>) {
    const start = await b.request('GET', '/api/auth/google/login');
    const state = new URL(String(start.headers.location)).searchParams.get('state');
    vi.stubGlobal('fetch', async (request: Request) => {
      expect(request.url).toBe('https://oauth2.googleapis.com/token');
      const body = { access_token: 'at', token_type: 'Bearer', expires_in: 3600, id_token: idToken(claims) };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    });
    const res = await b.request('GET', `/api/auth/google/callback?code=from-google&state=${state}`);
    b.forgetCsrfToken();
    return res;
  }

  const me = async (b: TestBrowser) => (await b.request('GET', '/api/auth/me')).json();

  it('the attack: someone registers with your address; your Google sign-in does not land in their account', async () => {
    const victimEmail = newUser('victim').email;
    const attacker = browser();
    const planted = await attacker.register({ ...newUser('attacker'), email: victimEmail });
    expect(planted.statusCode).toBe(201);
    const attackerId = planted.json().id as number;

    const victim = browser();
    const signedIn = await googleSignIn(victim, {
      sub: 'google-victim-1',
      email: victimEmail,
      email_verified: true,
      name: 'Victim Person',
    });
    expect(signedIn.statusCode).toBe(302);
    expect(signedIn.headers.location).toBe('/');
    const victimAccount = await me(victim);
    expect(victimAccount.id).not.toBe(attackerId);
    expect(victimAccount).toMatchObject({ email: victimEmail, emailVerified: true });

    // The attacker's account lost the address it never proved, and is told why.
    const left = await me(attacker);
    expect(left.id).toBe(attackerId);
    expect(isReleasedEmail(left.email)).toBe(true);
    expect(left.emailVerified).toBe(false);
    const inbox = (await attacker.request('GET', '/api/notifications')).json().notifications;
    expect(inbox).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'system', ...releasedNotice('google') })]),
    );
    const logged = await t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.type, 'email_released'), eq(securityEvents.userId, attackerId)));
    expect(logged).toHaveLength(1);

    // Signing in again reaches the same, new account; the attacker's never.
    const again = browser();
    await googleSignIn(again, { sub: 'google-victim-1', email: victimEmail, email_verified: true });
    expect((await me(again)).id).toBe(victimAccount.id);
  });

  it('links to an account that proved the address', async () => {
    const owner = newUser('owner');
    const b = browser();
    const id = (await b.register(owner)).json().id as number;
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, id));
    const google = browser();
    await googleSignIn(google, {
      sub: 'google-owner-1',
      email: owner.email.toUpperCase(),
      email_verified: true,
    });
    expect((await me(google)).id).toBe(id);
  });

  it('an address Google does not vouch for links nothing and takes nothing', async () => {
    const holder = newUser('holder');
    const b = browser();
    const id = (await b.register(holder)).json().id as number;
    const google = browser();
    await googleSignIn(google, { sub: 'google-unverified-1', email: holder.email, email_verified: false });
    const created = await me(google);
    expect(created.id).not.toBe(id);
    expect(created.email).toBe(`google-google-unverified-1@${PLACEHOLDER_EMAIL_DOMAIN}`);
    expect((await me(b)).email).toBe(holder.email);
  });

  it('Twitter never links, whatever address its profile carries', async () => {
    const owner = newUser('tweeter');
    const id = (await browser().register(owner)).json().id as number;
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, id));
    const profile = {
      providerUserId: '777',
      email: owner.email,
      emailVerified: true,
      name: null,
      handle: 'tweety',
    };
    expect(vouchedEmail('twitter', profile)).toBeNull();
    const meta = { ip: '10.29.1.250', ipPrefix: '10.29.1.250', userAgent: null };
    await signInWithProvider(t.app.db, 'twitter', profile, meta, t.config.publicUrl, {
      sessionToken: null,
      knownDevices: [],
    });
    const [created] = await t.db.select().from(users).where(eq(users.username, 'tweety'));
    expect(created?.id).toBeDefined();
    expect(created?.id).not.toBe(id);
    expect(created?.email).toBe(`twitter-777@${PLACEHOLDER_EMAIL_DOMAIN}`);
    const [kept] = await t.db.select().from(users).where(eq(users.id, id));
    expect(kept?.email).toBe(owner.email);
    expect(
      vouchedEmail('google', { ...profile, email: `twitter-777@${PLACEHOLDER_EMAIL_DOMAIN}` }),
    ).toBeNull();
  });
});
