import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '#common/schemas/admin';
import { recoveryCodes, securityEvents, users } from '#server/db/schema/index.ts';
import { newUser, TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let ipCounter = 0;
const browser = () => {
  ipCounter += 1;
  return new TestBrowser(t.app, `10.44.0.${ipCounter}`);
};
beforeAll(async () => {
  t = await createTestApp();
});

const codeFor = (secret: string, offsetPeriods = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetPeriods * 30_000 });

/** A new member who turns two-factor sign-in on; answers their secret and recovery codes. */
async function enrolled() {
  const b = browser();
  const user = newUser('totp');
  expect((await b.register(user)).statusCode).toBe(201);
  const setup = await b.request('POST', '/api/account/2fa/setup');
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl } = setup.json();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/CrewBase:/);
  const enable = await b.request('POST', '/api/account/2fa/enable', { body: { code: codeFor(secret) } });
  expect(enable.statusCode).toBe(200);
  const codes: string[] = enable.json().recoveryCodes;
  return { b, user, secret, codes };
}

describe('two-factor sign-in', () => {
  it('enrols with a code, stores 10 recovery codes hashed, and then asks every sign-in for a code', async () => {
    const { b, user, secret, codes } = await enrolled();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, user.username));
    const stored = await t.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, row?.id ?? 0));
    expect(stored).toHaveLength(10);
    expect(stored.some((r) => codes.includes(r.codeHash))).toBe(false);
    expect((await b.request('GET', '/api/auth/me')).json().twoFactorEnabled).toBe(true);

    const fresh = browser();
    const first = await fresh.login(user.username, user.password);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true });
    expect((await fresh.request('GET', '/api/auth/me')).statusCode).toBe(401);
    // The enrolment code was this step's: the sign-in takes the next one (each code is good once).
    const second = await fresh.request('POST', '/api/login/2fa', { body: { code: codeFor(secret, 1) } });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ username: user.username, twoFactorEnabled: true });
    fresh.forgetCsrfToken();
    expect((await fresh.request('GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('accepts a recovery code once only', async () => {
    const { user, codes } = await enrolled();
    const one = browser();
    await one.login(user.username, user.password);
    const used = await one.request('POST', '/api/login/2fa', { body: { recoveryCode: codes[0] } });
    expect(used.statusCode).toBe(200);
    const two = browser();
    await two.login(user.username, user.password);
    const again = await two.request('POST', '/api/login/2fa', { body: { recoveryCode: codes[0] } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    const other = await two.request('POST', '/api/login/2fa', {
      body: { recoveryCode: codes[1]?.toUpperCase() },
    });
    expect(other.statusCode).toBe(200);
  });

  it('refuses wrong codes, then refuses any code for a while after five', async () => {
    const { user, secret } = await enrolled();
    const b = browser();
    await b.login(user.username, user.password);
    for (let i = 0; i < 5; i++) {
      const wrong = await b.request('POST', '/api/login/2fa', { body: { code: codeFor(secret, 10 + i) } });
      expect(wrong.statusCode).toBe(400);
    }
    const locked = await b.request('POST', '/api/login/2fa', { body: { code: codeFor(secret) } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(TWO_FACTOR_MESSAGES.tooManyFailures);
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, user.username));
    const failures = await t.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.userId, row?.id ?? 0));
    expect(failures.filter((e) => e.type === 'two_factor_failure')).toHaveLength(5);
  });

  it('answers bad input with clear 4xx: a malformed code, no challenge, enabling twice', async () => {
    const { b, secret } = await enrolled();
    const malformed = await b.request('POST', '/api/account/2fa/disable', { body: { code: '12ab' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe(TWO_FACTOR_MESSAGES.codeFormat);
    expect((await b.request('POST', '/api/account/2fa/setup')).statusCode).toBe(409);
    const noChallenge = await browser().request('POST', '/api/login/2fa', {
      body: { code: codeFor(secret) },
    });
    expect(noChallenge.statusCode).toBe(401);
    expect(noChallenge.json().error.message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
    const visitor = await browser().request('POST', '/api/account/2fa/setup');
    expect(visitor.statusCode).toBe(401);
  });

  it('takes each code once: the same code again, or an older one, is refused', async () => {
    const { user, secret } = await enrolled();
    const one = browser();
    await one.login(user.username, user.password);
    const code = codeFor(secret, 1);
    expect((await one.request('POST', '/api/login/2fa', { body: { code } })).statusCode).toBe(200);
    const two = browser();
    await two.login(user.username, user.password);
    for (const replayed of [code, codeFor(secret)]) {
      const again = await two.request('POST', '/api/login/2fa', { body: { code: replayed } });
      expect(again.statusCode).toBe(400);
      expect(again.json().error.message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    }
    expect((await two.request('GET', '/api/auth/me')).statusCode).toBe(401);
  });

  it('turns off with a code; the next sign-in needs only the password', async () => {
    const { b, user, secret } = await enrolled();
    const off = await b.request('POST', '/api/account/2fa/disable', { body: { code: codeFor(secret, 1) } });
    expect(off.statusCode).toBe(200);
    const fresh = browser();
    const login = await fresh.login(user.username, user.password);
    expect(login.json()).toMatchObject({ username: user.username, twoFactorEnabled: false });
  });
});
