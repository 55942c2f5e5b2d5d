import { and, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '#common/schemas/admin';
import { CURRENT_PASSWORD_REQUIRED, WRONG_CURRENT_PASSWORD } from '#common/schemas/auth';
import { recoveryCodes, securityEvents, sessions, users } from '#server/db/schema/index.ts';
import { newUser, TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { sealStoredSecrets } from './two-factor.ts';

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
  const enable = await b.request('POST', '/api/account/2fa/enable', {
    body: { code: codeFor(secret), password: user.password },
  });
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
    const malformed = await b.request('POST', '/api/account/2fa/disable', {
      body: { code: '12ab', password: 'gaffer-tape-42' },
    });
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
    const off = await b.request('POST', '/api/account/2fa/disable', {
      body: { code: codeFor(secret, 1), password: user.password },
    });
    expect(off.statusCode).toBe(200);
    const fresh = browser();
    const login = await fresh.login(user.username, user.password);
    expect(login.json()).toMatchObject({ username: user.username, twoFactorEnabled: false });
  });
});

const userId = async (username: string) => {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row?.id ?? 0;
};
const storedSecret = async (id: number) => {
  const [row] = await t.db.select({ secret: users.totpSecret }).from(users).where(eq(users.id, id));
  return row?.secret ?? null;
};

describe('turning two-factor sign-in on or off needs the current password (issue 29)', () => {
  it('refuses to turn it on without the password (400, a field error) or with a wrong one', async () => {
    const b = browser();
    const user = newUser('totp');
    await b.register(user);
    const { secret } = (await b.request('POST', '/api/account/2fa/setup')).json();
    const missing = await b.request('POST', '/api/account/2fa/enable', { body: { code: codeFor(secret) } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.password).toBe(CURRENT_PASSWORD_REQUIRED);
    // A stolen cookie alone: the thief's authenticator cannot be put on the account.
    const wrong = await b.request('POST', '/api/account/2fa/enable', {
      body: { code: codeFor(secret), password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      message: WRONG_CURRENT_PASSWORD,
      fields: { password: WRONG_CURRENT_PASSWORD },
    });
    expect((await b.request('GET', '/api/auth/me')).json().twoFactorEnabled).toBe(false);
  });

  it('refuses to turn it off without the password or with a wrong one, even with a right code', async () => {
    const { b, user, secret } = await enrolled();
    const missing = await b.request('POST', '/api/account/2fa/disable', {
      body: { code: codeFor(secret, 1) },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.password).toBe(CURRENT_PASSWORD_REQUIRED);
    const wrong = await b.request('POST', '/api/account/2fa/disable', {
      body: { code: codeFor(secret, 1), password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: WRONG_CURRENT_PASSWORD });
    expect((await b.request('GET', '/api/auth/me')).json().twoFactorEnabled).toBe(true);
    const off = await b.request('POST', '/api/account/2fa/disable', {
      body: { code: codeFor(secret, 1), password: user.password },
    });
    expect(off.statusCode).toBe(200);
  });

  it("is not a re-authentication, shows no second factor for the session, and ends the account's other sessions", async () => {
    const b = browser();
    const user = newUser('totp');
    await b.register(user);
    const other = browser();
    expect((await other.login(user.username, user.password)).statusCode).toBe(200);
    const id = await userId(user.username);
    await t.db
      .update(sessions)
      .set({ reauthenticatedAt: sql`now() - interval '1 hour'` })
      .where(eq(sessions.userId, id));
    const { secret } = (await b.request('POST', '/api/account/2fa/setup')).json();
    const on = await b.request('POST', '/api/account/2fa/enable', {
      body: { code: codeFor(secret), password: user.password },
    });
    expect(on.statusCode).toBe(200);
    const left = await t.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(left).toHaveLength(1);
    expect(left[0]?.reauthenticatedAt.getTime()).toBeLessThan(Date.now() - 50 * 60_000);
    expect(left[0]?.secondFactor).toBeNull();
    expect((await b.request('GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await other.request('GET', '/api/auth/me')).statusCode).toBe(401);
  });
});

describe('the limit of five wrong codes holds for codes sent at once (issue 29)', () => {
  it('judges only five of ten wrong codes sent in parallel, then refuses the right code with 429', async () => {
    const { user, secret } = await enrolled();
    const b = browser();
    await b.login(user.username, user.password);
    const csrf = await b.token();
    const cookie = [...b.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    // From ten addresses, so the per-network limit of the sign-in routes stays out of the way.
    const send = (code: string, n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login/2fa',
        remoteAddress: `10.45.${ipCounter}.${n + 1}`,
        headers: { cookie, 'csrf-token': csrf },
        payload: { code },
      });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => send(codeFor(secret, 20 + n), n)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429, 429, 429]);
    for (const locked of answers.filter((a) => a.statusCode === 429)) {
      expect(locked.json().message).toBe(TWO_FACTOR_MESSAGES.tooManyFailures);
    }
    const right = await send(codeFor(secret, 1), 10);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(TWO_FACTOR_MESSAGES.tooManyFailures);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    const failures = await t.db
      .select()
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.userId, await userId(user.username)),
          eq(securityEvents.type, 'two_factor_failure'),
        ),
      );
    expect(failures).toHaveLength(5);
  });

  it('counts failures, not tries: a right code in between gives its place back', async () => {
    const { user, secret } = await enrolled();
    const b = browser();
    await b.login(user.username, user.password);
    for (let i = 0; i < 4; i++) {
      expect(
        (await b.request('POST', '/api/login/2fa', { body: { code: codeFor(secret, 20 + i) } })).statusCode,
      ).toBe(400);
    }
    expect(
      (await b.request('POST', '/api/login/2fa', { body: { code: codeFor(secret, 1) } })).statusCode,
    ).toBe(200);
    const again = browser();
    await again.login(user.username, user.password);
    expect(
      (await again.request('POST', '/api/login/2fa', { body: { code: codeFor(secret, 30) } })).statusCode,
    ).toBe(400);
    expect(
      (await again.request('POST', '/api/login/2fa', { body: { code: codeFor(secret, 31) } })).statusCode,
    ).toBe(429);
  });
});

describe('the TOTP secret at rest (issue 29)', () => {
  it('is stored sealed, never as the base32 secret, and codes still sign in', async () => {
    const { user, secret } = await enrolled();
    const stored = await storedSecret(await userId(user.username));
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(secret);
    const b = browser();
    await b.login(user.username, user.password);
    expect(
      (await b.request('POST', '/api/login/2fa', { body: { code: codeFor(secret, 1) } })).statusCode,
    ).toBe(200);
  });

  it('seals a secret stored in the clear at start-up, and one met on first use', async () => {
    const first = await enrolled();
    const second = await enrolled();
    const ids = [await userId(first.user.username), await userId(second.user.username)];
    for (const [id, secret] of [
      [ids[0], first.secret],
      [ids[1], second.secret],
    ] as const) {
      await t.db
        .update(users)
        .set({ totpSecret: secret })
        .where(eq(users.id, id ?? 0));
    }
    // At start-up (main.ts): every secret in the clear, whoever's it is.
    expect(await sealStoredSecrets(t.db, t.config.totpKey)).toBeGreaterThanOrEqual(2);
    expect(await sealStoredSecrets(t.db, t.config.totpKey)).toBe(0);
    for (const [id, secret] of [
      [ids[0], first.secret],
      [ids[1], second.secret],
    ] as const) {
      const stored = await storedSecret(id ?? 0);
      expect(stored).toMatch(/^v1\./);
      expect(stored).not.toContain(secret);
    }
    const b = browser();
    await b.login(first.user.username, first.user.password);
    expect(
      (await b.request('POST', '/api/login/2fa', { body: { code: codeFor(first.secret, 1) } })).statusCode,
    ).toBe(200);

    // On first use: a row an older instance wrote in the clear during a rolling upgrade.
    await t.db
      .update(users)
      .set({ totpSecret: second.secret })
      .where(eq(users.id, ids[1] ?? 0));
    const c = browser();
    await c.login(second.user.username, second.user.password);
    expect(
      (await c.request('POST', '/api/login/2fa', { body: { code: codeFor(second.secret, 1) } })).statusCode,
    ).toBe(200);
    expect(await storedSecret(ids[1] ?? 0)).toMatch(/^v1\./);
  });

  it('does not open a sealed secret copied into another account (a server fault, not a sign-in)', async () => {
    const mine = await enrolled();
    const victim = await enrolled();
    const sealed = await storedSecret(await userId(mine.user.username));
    await t.db
      .update(users)
      .set({ totpSecret: sealed })
      .where(eq(users.id, await userId(victim.user.username)));
    const b = browser();
    await b.login(victim.user.username, victim.user.password);
    const res = await b.request('POST', '/api/login/2fa', { body: { code: codeFor(mine.secret, 1) } });
    expect(res.statusCode).toBe(500);
    expect((await b.request('GET', '/api/auth/me')).statusCode).toBe(401);
    // A recovery code needs no secret: the owner still gets in.
    const recovered = await b.request('POST', '/api/login/2fa', { body: { recoveryCode: victim.codes[0] } });
    expect(recovered.statusCode).toBe(200);
  });
});

describe('re-authentication (issue 29)', () => {
  it('asks an account with two-factor sign-in for a code: a password alone is not enough', async () => {
    const { b, user, secret } = await enrolled();
    const id = await userId(user.username);
    const password = await b.request('POST', '/api/account/reauthenticate', {
      body: { password: user.password },
    });
    expect(password.statusCode).toBe(400);
    expect(password.json().error.fields.code).toBe(TWO_FACTOR_MESSAGES.codeRequired);
    const [before] = await t.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(before?.secondFactor).toBeNull();
    const code = await b.request('POST', '/api/account/reauthenticate', {
      body: { code: codeFor(secret, 1) },
    });
    expect(code.statusCode).toBe(204);
    const [after] = await t.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(after?.secondFactor).toBe('totp');
  });

  it('asks an account without it for the password, counted like every current-password check', async () => {
    const b = browser();
    const user = newUser('reauth');
    await b.register(user);
    const wrong = await b.request('POST', '/api/account/reauthenticate', { body: { password: 'nope-nope' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: WRONG_CURRENT_PASSWORD });
    const right = await b.request('POST', '/api/account/reauthenticate', {
      body: { password: user.password },
    });
    expect(right.statusCode).toBe(204);
  });
});
