import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { securityEvents } from '#server/db/schema/index.ts';
import { newUser, TestBrowser } from '../../test/client.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

/**
 * Whose X-Forwarded-For is believed (TRUST_PROXY, issue 29). The client's address keys the
 * per-network rate limits, the failed-login throttle and the security log: a client that can name
 * its own address escapes all three.
 */

const failedLogin = (b: TestBrowser, username: string, forwardedFor?: string) =>
  b.request('POST', '/api/login', {
    body: { username, password: 'not-the-password' },
    ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
  });

/** The addresses the security log wrote for this account's failed sign-ins, oldest first. */
const loggedAddresses = async (t: TestApp, username: string) =>
  (
    await t.db
      .select({ ip: securityEvents.ip })
      .from(securityEvents)
      .where(
        and(eq(securityEvents.type, 'login_failure'), eq(securityEvents.subject, username.toLowerCase())),
      )
      .orderBy(asc(securityEvents.id))
  ).map((row) => row.ip);

/** The address the server took a request for: what it logs for one failed sign-in. */
async function addressSeen(t: TestApp, socket: string, forwardedFor?: string): Promise<string | null> {
  const probe = newUser('probe').username;
  expect((await failedLogin(new TestBrowser(t.app, socket), probe, forwardedFor)).statusCode).toBe(401);
  const [ip = null] = await loggedAddresses(t, probe);
  return ip;
}

describe('TRUST_PROXY unset (the default): no proxy is believed', () => {
  let t: TestApp;
  beforeAll(async () => {
    // An https address once switched on trust in every proxy: the attack the review confirmed.
    t = await createTestApp({ PUBLIC_URL: 'https://crewbase.example' });
  });

  it('throttles 14 failed logins with a different forged X-Forwarded-For each exactly as from one network', async () => {
    const [sameNetwork, forging] = [newUser('target'), newUser('target')];
    for (const user of [sameNetwork, forging]) {
      expect((await new TestBrowser(t.app, '10.91.0.1').register(user)).statusCode).toBe(201);
    }
    const honest = new TestBrowser(t.app, '10.91.1.1');
    const attacker = new TestBrowser(t.app, '10.91.2.1');
    const honestStatuses: number[] = [];
    const attackStatuses: number[] = [];
    for (let i = 1; i <= 14; i++) {
      honestStatuses.push((await failedLogin(honest, sameNetwork.username)).statusCode);
      attackStatuses.push((await failedLogin(attacker, forging.username, `198.51.100.${i}`)).statusCode);
    }
    expect(attackStatuses).toEqual(honestStatuses);
    // Five failures for one account from one network, then the throttle (and later the limit).
    expect(attackStatuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(attackStatuses.slice(5).every((status) => status === 429)).toBe(true);
    // The security log names the socket's address, never the forged one.
    expect(new Set(await loggedAddresses(t, forging.username))).toEqual(new Set(['10.91.2.1']));
  });

  it('logs the socket address for a refused CSRF token and for a longer forged chain', async () => {
    const b = new TestBrowser(t.app, '10.91.3.1');
    const refused = await b.request('POST', '/api/login', {
      body: { username: 'nobody', password: 'whatever1' },
      csrf: false,
      headers: { 'x-forwarded-for': '198.51.100.77' },
    });
    expect(refused.statusCode).toBe(403);
    const logged = await t.db
      .select({ ip: securityEvents.ip })
      .from(securityEvents)
      .where(eq(securityEvents.type, 'csrf_refused'));
    expect(logged.map((row) => row.ip)).toEqual(['10.91.3.1']);
    expect(await addressSeen(t, '10.91.3.2', '198.51.100.78, 198.51.100.79')).toBe('10.91.3.2');
  });
});

describe('TRUST_PROXY=1: one proxy in front', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });

  it('takes the right-most X-Forwarded-For entry, the one the proxy wrote', async () => {
    expect(await addressSeen(t, '10.92.0.1', '203.0.113.9')).toBe('203.0.113.9');
    // A client that sends its own header gets the proxy's entry appended after it.
    expect(await addressSeen(t, '10.92.0.1', '6.6.6.6, 203.0.113.10')).toBe('203.0.113.10');
    expect(await addressSeen(t, '10.92.0.1')).toBe('10.92.0.1');
  });

  it('counts clients behind the proxy apart, and a forged left-most entry changes nothing', async () => {
    const owner = newUser('behind');
    expect((await new TestBrowser(t.app, '10.92.1.1').register(owner)).statusCode).toBe(201);
    const proxy = new TestBrowser(t.app, '10.92.1.2');
    for (let i = 1; i <= 5; i++) {
      const forged = `198.51.100.${i}, 203.0.113.50`;
      expect((await failedLogin(proxy, owner.username, forged)).statusCode).toBe(401);
    }
    expect((await failedLogin(proxy, owner.username, '198.51.100.99, 203.0.113.50')).statusCode).toBe(429);
    // Another client through the same proxy is its own network.
    expect((await failedLogin(proxy, owner.username, '203.0.113.51')).statusCode).toBe(401);
    expect(new Set(await loggedAddresses(t, owner.username))).toEqual(
      new Set(['203.0.113.50', '203.0.113.51']),
    );
  });
});

describe('TRUST_PROXY as a list of addresses and CIDR ranges', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.93.0.0/16, 192.0.2.7, 2001:db8:93::/48' });
  });

  it('believes only the listed proxies', async () => {
    expect(await addressSeen(t, '10.93.4.5', '203.0.113.20')).toBe('203.0.113.20');
    expect(await addressSeen(t, '192.0.2.7', '203.0.113.21')).toBe('203.0.113.21');
    expect(await addressSeen(t, '2001:db8:93::1', '2001:db8:ff::21')).toBe('2001:db8:ff::21');
    // A peer outside the list is the client, whatever it claims.
    expect(await addressSeen(t, '192.0.2.8', '203.0.113.22')).toBe('192.0.2.8');
    expect(await addressSeen(t, '10.94.0.1', '203.0.113.23')).toBe('10.94.0.1');
  });

  it('walks back through listed proxies and stops at the first address that is not one', async () => {
    expect(await addressSeen(t, '10.93.0.1', '203.0.113.30, 10.93.0.2')).toBe('203.0.113.30');
    expect(await addressSeen(t, '10.93.0.1', '10.93.9.9, 203.0.113.31, 10.93.0.2')).toBe('203.0.113.31');
  });
});
