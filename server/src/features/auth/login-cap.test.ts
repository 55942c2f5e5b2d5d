import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { readKnownDevices, withKnownDevice } from '#server/crypto/device-cookie.ts';
import { securityEvents } from '#server/db/schema/index.ts';
import { ipPrefix } from '#server/http/client-ip.ts';
import { newUser, setCookies, TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { type LoginPolicy, login } from './service.ts';

/**
 * Issue 29: one account's failed logins are capped across every network (20 in 15 minutes), and a
 * browser that has signed in to the account before keeps its way in (OWASP's device cookie).
 */
const SECRET = 'test-secret-test-secret-test-secret-0123';
const CAP = 20;
/** Each of these does up to ~25 scrypt hashes on a shared machine. */
const SLOW = 90_000;

let t: TestApp;
let network = 0;
/** A browser on a network of its own: the per-network throttle never decides these tests. */
const fresh = () => {
  network += 1;
  return new TestBrowser(t.app, `10.61.${Math.floor(network / 250)}.${(network % 250) + 1}`);
};

beforeAll(async () => {
  t = await createTestApp({ SESSION_SECRET: SECRET });
});

/** An account signed up (and so known) in `owner`, which then signs out; the device cookie stays. */
async function accountWithOwner() {
  const input = newUser('capped');
  const owner = fresh();
  const registered = await owner.register(input);
  expect(registered.statusCode).toBe(201);
  await owner.logout();
  expect(owner.cookies.has(t.config.cookies.knownDevice)).toBe(true);
  return { input, owner, id: registered.json().id as number };
}

/** `count` wrong passwords for `login`, each from a network of its own, sent together. */
async function failFromManyNetworks(login: string, count: number) {
  const answers = await Promise.all(
    Array.from({ length: count }, () => fresh().login(login, 'not-the-password-1')),
  );
  expect(answers.map((res) => res.statusCode)).toEqual(Array(count).fill(401));
}

function expectCapped(res: Awaited<ReturnType<TestBrowser['login']>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ message: 'Too many requests. Please try again later.' });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  expect(setCookies(res).some((c) => c.name === t.app.sessionCookieName)).toBe(false);
}

describe('the cap on one account’s failed logins from every network', () => {
  it(
    'after 20 failures from 20 networks only a browser that signed in before gets in, until it fails 5 times itself',
    async () => {
      const { input, owner, id } = await accountWithOwner();
      const other = await accountWithOwner();
      await failFromManyNetworks(input.username, CAP - 1);
      // Below the cap the owner's password still works from anywhere.
      expect((await fresh().login(input.username, input.password)).statusCode).toBe(200);
      // Typed as the email, a failure counts against the same account.
      await failFromManyNetworks(input.email, 1);

      expectCapped(await fresh().login(input.username, input.password));
      expectCapped(await fresh().login(input.email.toUpperCase(), input.password));
      const refusals = await t.db
        .select()
        .from(securityEvents)
        .where(and(eq(securityEvents.type, 'rate_limited'), eq(securityEvents.userId, id)));
      expect(refusals.length).toBe(2);
      expect(refusals[0]?.detail).toMatchObject({ route: 'login', cap: 'account', knownDevice: false });

      // A forged signature, no signature, one made with another secret, and a real cookie of
      // another account: none of them is this account's known device.
      const genuine = readKnownDevices(SECRET, owner.cookies.get(t.config.cookies.knownDevice));
      expect(genuine).toEqual([{ userId: id, nonce: expect.any(String) }]);
      const nonce = randomBytes(32).toString('base64url');
      for (const cookie of [
        `${id}.${nonce}.${randomBytes(32).toString('base64url')}`,
        `${id}.${nonce}`,
        withKnownDevice('another-secret-another-secret-0123456', [], { userId: id, nonce }),
        other.owner.cookies.get(t.config.cookies.knownDevice) ?? '',
      ]) {
        const stranger = fresh();
        stranger.cookies.set(t.config.cookies.knownDevice, cookie);
        expectCapped(await stranger.login(input.username, input.password));
      }

      const res = await owner.login(input.username, input.password);
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(id);
      expect((await owner.request('GET', '/api/auth/me')).json().id).toBe(id);
      // Another account is not capped by this one's attack.
      expect((await other.owner.login(other.input.username, other.input.password)).statusCode).toBe(200);

      // The owner's cookie, stolen and tried from network after network: 5 guesses, then the cap.
      const stolen = owner.cookies.get(t.config.cookies.knownDevice) ?? '';
      for (let guess = 0; guess < 5; guess++) {
        const thief = fresh();
        thief.cookies.set(t.config.cookies.knownDevice, stolen);
        expect((await thief.login(input.username, `wrong-guess-${guess}`)).statusCode).toBe(401);
      }
      const thief = fresh();
      thief.cookies.set(t.config.cookies.knownDevice, stolen);
      expectCapped(await thief.login(input.username, input.password));
    },
    SLOW,
  );

  it(
    'keeps the per-network throttle for a known browser: 5 failures from its network, then 429',
    async () => {
      const { input, owner } = await accountWithOwner();
      for (let guess = 0; guess < 5; guess++) {
        expect((await owner.login(input.username, `wrong-guess-${guess}`)).statusCode).toBe(401);
      }
      const res = await owner.login(input.username, input.password);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/Too many failed sign-in attempts/);
    },
    SLOW,
  );

  it(
    'caps a name no account has in the same way, so the cap does not tell which accounts exist',
    async () => {
      const nobody = `nobody-${network}@example.com`;
      await failFromManyNetworks(nobody, CAP);
      expectCapped(await fresh().login(nobody, 'any-password-1'));
    },
    SLOW,
  );
});

describe('the cap on one network’s failed logins, any account', () => {
  // Called on the service with a small cap: over HTTP the per-address rate limit answers first.
  const policy: LoginPolicy = {
    failuresPerAccount: 5,
    failuresPerNetwork: 3,
    failuresPerAccountEverywhere: CAP,
    failuresPerKnownDevice: 5,
    windowMinutes: 15,
  };
  const from = (ip: string) => ({ ip, ipPrefix: ipPrefix(ip), userAgent: null });
  const noCookies = { sessionToken: null, knownDevices: [] };
  const tryName = (ip: string, name: string) =>
    login(t.db, { username: name, password: 'any-password-1' }, from(ip), policy, noCookies);

  it(
    'refuses the network after 3 failures for 3 names, logs the counts, and leaves other networks alone',
    async () => {
      for (const name of ['spray-a', 'spray-b', 'spray-c']) {
        await expect(tryName('10.63.0.1', name)).rejects.toMatchObject({ statusCode: 401 });
      }
      await expect(tryName('10.63.0.1', 'spray-d')).rejects.toMatchObject({
        statusCode: 429,
        message: expect.stringMatching(/Too many failed sign-in attempts/),
      });
      const [refusal] = await t.db
        .select()
        .from(securityEvents)
        .where(and(eq(securityEvents.type, 'rate_limited'), eq(securityEvents.subject, 'spray-d')));
      expect(refusal?.detail).toEqual({ route: 'login', forAccount: 0, forNetwork: 3 });
      await expect(tryName('10.63.0.2', 'spray-d')).rejects.toMatchObject({ statusCode: 401 });
    },
    SLOW,
  );
});
