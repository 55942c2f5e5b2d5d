import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { WRONG_CURRENT_PASSWORD } from '#common/schemas/auth';
import { securityEvents, users } from '#server/db/schema/index.ts';
import { TOO_MANY_REQUESTS } from '#server/plugins/rate-limit.ts';
import { newUser, TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { PROOF_FAILURE_LIMIT } from './proofs.ts';

/**
 * Issue 29: the current password, asked again by the password and e-mail changes, two-factor
 * on/off and staff re-authentication, is one check with one throttle: five failures per account
 * in 15 minutes, wherever they come from and however many are sent at once, then 429.
 */
let t: TestApp;
let ipCounter = 0;
const browser = () => {
  ipCounter += 1;
  return new TestBrowser(t.app, `10.47.0.${ipCounter}`);
};
beforeAll(async () => {
  t = await createTestApp();
});

async function member() {
  const b = browser();
  const user = newUser('pwcheck');
  expect((await b.register(user)).statusCode).toBe(201);
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, user.username));
  return { b, user, id: row?.id ?? 0 };
}

const changePassword = (b: TestBrowser, currentPassword: string) =>
  b.request('POST', '/api/account/password', {
    body: { currentPassword, newPassword: 'clapper-loader-77' },
  });

function expectThrottled(response: Awaited<ReturnType<TestBrowser['request']>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ message: TOO_MANY_REQUESTS });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
}

describe('current-password checks are throttled per account', () => {
  it('answers 429 with SPEC text after five wrong passwords, even to the right one', async () => {
    const { b, user } = await member();
    for (let i = 0; i < PROOF_FAILURE_LIMIT; i++) {
      const wrong = await changePassword(b, `wrong-guess-${i}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields).toEqual({ currentPassword: WRONG_CURRENT_PASSWORD });
    }
    expectThrottled(await changePassword(b, user.password));
    // The password was not changed by the refused try.
    const other = browser();
    expect((await other.login(user.username, user.password)).statusCode).toBe(200);
  });

  it('counts every kind of check together, from any network', async () => {
    const { b, user, id } = await member();
    // The same stolen cookie, used from other networks too.
    const fromElsewhere = (ip: string) => {
      const copy = new TestBrowser(t.app, ip);
      for (const [name, value] of b.cookies) copy.cookies.set(name, value);
      return copy;
    };
    const { secret } = (await b.request('POST', '/api/account/2fa/setup')).json();
    const attempts: [string, () => ReturnType<TestBrowser['request']>][] = [
      ['currentPassword', () => changePassword(b, 'guess-one')],
      ['currentPassword', () => changePassword(fromElsewhere('10.48.1.1'), 'guess-two')],
      [
        'currentPassword',
        () =>
          fromElsewhere('10.48.2.1').request('POST', '/api/account/email', {
            body: { currentPassword: 'guess-three', email: `${user.username}-new@example.com` },
          }),
      ],
      [
        'password',
        () => b.request('POST', '/api/account/reauthenticate', { body: { password: 'guess-four' } }),
      ],
      [
        'password',
        () =>
          fromElsewhere('10.48.3.1').request('POST', '/api/account/2fa/enable', {
            body: { code: TOTP.generate({ secret: Secret.fromBase32(secret) }), password: 'guess-five' },
          }),
      ],
    ];
    for (const [field, attempt] of attempts) {
      const wrong = await attempt();
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields).toEqual({ [field]: WRONG_CURRENT_PASSWORD });
    }
    expectThrottled(
      await b.request('POST', '/api/account/reauthenticate', { body: { password: user.password } }),
    );
    const logged = await t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, id), eq(securityEvents.type, 'current_password_failure')));
    expect(logged).toHaveLength(PROOF_FAILURE_LIMIT);
  });

  it('counts wrong passwords sent at once: of eight in parallel, five are judged and three refused', async () => {
    const { b, user } = await member();
    await b.token();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) => changePassword(b, `parallel-guess-${n}`)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    expectThrottled(await changePassword(b, user.password));
  });

  it('counts failures, not tries, and never another account', async () => {
    const { b, user } = await member();
    const neighbour = await member();
    for (let i = 0; i < PROOF_FAILURE_LIMIT - 1; i++) {
      expect((await changePassword(b, `wrong-${i}`)).statusCode).toBe(400);
    }
    const right = await b.request('POST', '/api/account/reauthenticate', {
      body: { password: user.password },
    });
    expect(right.statusCode).toBe(204);
    expect((await changePassword(b, 'wrong-last')).statusCode).toBe(400);
    expectThrottled(await changePassword(b, 'one-too-many'));
    expect((await changePassword(neighbour.b, neighbour.user.password)).statusCode).toBe(200);
  });
});
