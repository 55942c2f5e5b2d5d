import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_REQUESTS } from '#server/plugins/rate-limit.ts';
import { newUser, TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

/** Issue 33, ADR 027: the sign-up limit counts accepted and duplicate sign-ups only; every 429 says when. */
let t: TestApp;
let network = 1;
/** A browser on an address of its own (the sign-up limit is counted per IPv4 address or IPv6 /64). */
const freshNetwork = () => new TestBrowser(t.app, `10.133.${network++}.1`);
/** Another browser (no session yet) at the same address as `b`. */
const sameNetwork = (b: TestBrowser) => new TestBrowser(t.app, b.ip);

beforeAll(async () => {
  t = await createTestApp();
});

/** A 429 as every refusal of too many tries must be: the SPEC-shaped body and when to come back. */
function expectTooMany(res: LightMyRequestResponse, maxSeconds: number) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter), `Retry-After "${res.headers['retry-after']}"`).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  expect(typeof res.json().message).toBe('string');
}

const invalidSignUps = () => {
  const base = newUser('typo');
  return [
    { ...base, email: 'not-an-email' },
    { ...base, password: 'short' },
    // On the list of common passwords: refused by the route before the limit counts.
    { ...base, password: 'password123' },
    { ...base, username: 'x' },
    { ...base, username: undefined },
  ];
};

// Each sign-up hashes a password: on a loaded machine a test of ten of them takes a while.
describe('the sign-up limit (5 per 10 minutes per network)', { timeout: 120_000 }, () => {
  it('does not count sign-ups refused by validation: 4 typos and then a correct one is 201', async () => {
    const b = freshNetwork();
    for (const body of invalidSignUps().slice(0, 4)) {
      const res = await sameNetwork(b).request('POST', '/api/register', { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await b.register(newUser('fixed'))).statusCode).toBe(201);
  });

  it('does not count any number of them: 20 refusals leave all 5 sign-ups', async () => {
    const b = freshNetwork();
    for (let round = 0; round < 4; round++) {
      for (const body of invalidSignUps()) {
        expect((await sameNetwork(b).request('POST', '/api/register', { body })).statusCode).toBe(400);
      }
    }
    for (let i = 0; i < 5; i++) expect((await sameNetwork(b).register(newUser('ok'))).statusCode).toBe(201);
    expectTooMany(await sameNetwork(b).register(newUser('ok')), 600);
  });

  it('counts accepted and duplicate sign-ups: after 5 of them the 6th is 429 with Retry-After', async () => {
    const b = freshNetwork();
    const taken = newUser('dup');
    expect((await sameNetwork(b).register(taken)).statusCode).toBe(201);
    expect((await sameNetwork(b).register(taken)).statusCode).toBe(409);
    expect((await sameNetwork(b).register({ ...newUser('dup'), email: taken.email })).statusCode).toBe(409);
    expect((await sameNetwork(b).register(newUser('dup'))).statusCode).toBe(201);
    expect((await sameNetwork(b).register(taken)).statusCode).toBe(409);
    const sixth = await sameNetwork(b).register(newUser('dup'));
    expectTooMany(sixth, 600);
    expect(sixth.json()).toEqual({ message: TOO_MANY_REQUESTS });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(500);
    // Another network is not held back.
    expect((await freshNetwork().register(newUser('dup'))).statusCode).toBe(201);
  });

  it('lets exactly 5 of 10 sign-ups sent at once through', async () => {
    const b = freshNetwork();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => sameNetwork(b).register(newUser('burst'))),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429, 429, 429]);
    for (const res of answers.filter((answer) => answer.statusCode === 429)) expectTooMany(res, 600);
  });
});

describe('every 429 carries Retry-After', { timeout: 120_000 }, () => {
  it('the login limit (10 a minute)', async () => {
    const b = freshNetwork();
    for (let i = 0; i < 10; i++) await b.login(`nobody${i}-${b.ip}`, 'wrong-password');
    expectTooMany(await b.login('nobody-else', 'wrong-password'), 60);
  });

  it('the failed sign-in cap of one account', async () => {
    const owner = newUser('capped');
    const home = freshNetwork();
    expect((await home.register(owner)).statusCode).toBe(201);
    const attacker = freshNetwork();
    for (let i = 0; i < 5; i++) await attacker.login(owner.username, `guess-${i}-xyz`);
    const capped = await attacker.login(owner.username, owner.password);
    expect(capped.json().message).toMatch(/Too many failed sign-in attempts/);
    expectTooMany(capped, 15 * 60);
  });

  it('the password reset limit (5 in 15 minutes)', async () => {
    const b = freshNetwork();
    for (let i = 0; i < 5; i++) {
      const res = await b.request('POST', '/api/password-reset/request', {
        body: { email: `x${i}@example.com` },
      });
      expect(res.statusCode).toBe(200);
    }
    expectTooMany(
      await b.request('POST', '/api/password-reset/request', { body: { email: 'y@example.com' } }),
      15 * 60,
    );
  });

  it('the contact form limit (5 an hour)', async () => {
    const b = freshNetwork();
    const body = {
      name: 'Sam',
      email: 'sam@example.com',
      topic: 'support',
      message: 'Hello there, a question about my account.',
    };
    for (let i = 0; i < 5; i++) await b.request('POST', '/api/contact', { body });
    expectTooMany(await b.request('POST', '/api/contact', { body }), 60 * 60);
  });

  it('the e-mail change limit (5 an hour)', async () => {
    const b = freshNetwork();
    const user = newUser('mover');
    expect((await b.register(user)).statusCode).toBe(201);
    for (let i = 0; i < 5; i++) {
      const res = await b.request('POST', '/api/account/email', {
        body: { currentPassword: user.password, email: `moved${i}-${user.email}` },
      });
      expect(res.statusCode).toBe(200);
    }
    const refused = await b.request('POST', '/api/account/email', {
      body: { currentPassword: user.password, email: `moved-last-${user.email}` },
    });
    expectTooMany(refused, 60 * 60);
  });
});
