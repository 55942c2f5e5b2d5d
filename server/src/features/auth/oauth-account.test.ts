import { beforeAll, describe, expect, it } from 'vitest';
import { newUser, setCookies, TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { WRONG_CURRENT_PASSWORD } from './service.ts';

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
    'sends the browser back to /auth with a clear message when %s is not configured',
    async (provider, message) => {
      const res = await plain.app.inject({ method: 'GET', url: `/api/auth/${provider}/login` });
      expect(res.statusCode).toBe(302);
      const location = new URL(String(res.headers.location), 'http://x');
      expect(location.pathname).toBe('/auth');
      expect(location.searchParams.get('error')).toBe(message);
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
    expect(new URL(String(res.headers.location), 'http://x').searchParams.get('error')).toMatch(
      /interrupted/,
    );
    expect(setCookies(res).some((c) => c.name === 'crewbase_session')).toBe(false);
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

  it('changes the email with the current password, refusing one another account uses', async () => {
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
    expect(ok.json().email).toBe('new.address@example.com');
    expect((await browser().login('new.address@example.com', account.password)).statusCode).toBe(200);
  });
});
