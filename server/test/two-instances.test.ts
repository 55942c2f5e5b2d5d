import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createProxyServer } from 'http-proxy-3';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { RATE_LIMITS, TOO_MANY_REQUESTS } from '../src/plugins/rate-limit.ts';
import { killAll, scratchDatabase, signUp, startServer, waitFor } from './process.ts';

/**
 * Issue 21: two real server processes on one PostgreSQL database (the machine's, a fresh database)
 * and one Redis, behind a round-robin proxy (http-proxy-3, HTTP and WebSocket), as a load balancer
 * without sticky sessions would put them. The proxy records which instance took each request, so
 * "landed on both" is read from the proxy, not guessed from the answers.
 *
 * Redis: a logical database of its own (REDIS_DB), emptied of this app's rate-limit keys first,
 * because rate-limit keys are per network and user id, and other runs on this machine share Redis.
 */
const REDIS_URL = process.env.CI_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REDIS_DB = 13;

describe('two instances behind a round-robin proxy', () => {
  const children: ChildProcess[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];

  afterAll(async () => {
    killAll(children);
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it('shares sessions, delivers notifications across instances and counts rate limits once', async () => {
    const redisUrl = `${REDIS_URL}/${REDIS_DB}`;
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3_000 });
    cleanups.push(async () => redis.disconnect());
    await redis.connect().catch((err: unknown) => {
      throw new Error(`this test needs the machine's Redis at ${REDIS_URL}: ${err}`);
    });
    const stale = await redis.keys('crewbase:rate:*');
    if (stale.length > 0) await redis.del(...stale);

    const database = await scratchDatabase('crewbase_pair');
    cleanups.push(() => database.drop());
    const env = {
      DATABASE_URL: database.url,
      DEMO_PAYMENTS: '1',
      REDIS_URL: redisUrl,
      SEED_DEMO: 'never',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      RATE_LIMIT_MULTIPLIER: '1',
    };
    const instances = [];
    for (const name of ['a', 'b']) {
      const dataDir = await mkdtemp(path.join(tmpdir(), `crewbase-pair-${name}-`));
      await chmod(dataDir, 0o755);
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      // One after the other: both run the migrations at start, and the second finds them done.
      instances.push(await startServer({ ...env, DATA_DIR: dataDir }, children));
    }
    const targets = instances.map((instance) => `http://127.0.0.1:${instance.port}`);

    // The round-robin proxy: HTTP requests and WebSocket upgrades take turns on one counter.
    const landed: { what: string; instance: number }[] = [];
    let turn = 0;
    const next = (what: string) => {
      const instance = turn++ % targets.length;
      landed.push({ what, instance });
      return targets[instance] as string;
    };
    const proxy = createProxyServer({ ws: true, xfwd: false });
    proxy.on('error', (_err, _req, res) => {
      if (res && 'writeHead' in res && !res.headersSent) res.writeHead(502).end();
      else res?.destroy();
    });
    const front: Server = createServer((req, res) => {
      proxy.web(req, res, { target: next(`${req.method} ${req.url}`) });
    });
    front.on('upgrade', (req, socket, head) => {
      proxy.ws(req, socket, head, { target: next(`upgrade ${req.url}`) });
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          front.closeAllConnections();
          front.close(() => resolve());
        }),
    );
    const base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
    const tookBoth = (from: number) => new Set(landed.slice(from).map((l) => l.instance)).size === 2;

    // Sign-up and session: the cookie one instance set is good on the other.
    const crew = await signUp(base, `pairc${process.pid}`);
    const producer = await signUp(base, `pairp${process.pid}`);
    // Connection requests are Premium: the producer subscribed (the demo checkout's row, written here).
    const owner = new pg.Client({ connectionString: database.url });
    await owner.connect();
    await owner
      .query(
        `insert into subscriptions (user_id, plan, status, provider, current_period_end)
         values ($1, 'monthly', 'active', 'demo', now() + interval '30 days')`,
        [producer.userId],
      )
      .finally(() => owner.end());
    const beforeSession = landed.length;
    for (let i = 0; i < 4; i++) {
      const me = await fetch(`${base}/api/auth/me`, { headers: { cookie: crew.cookie } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { id: number }).id).toBe(crew.userId);
    }
    expect(tookBoth(beforeSession)).toBe(true);

    // A socket opened through the proxy on one instance hears a notification written on the other.
    const received: { type: string; data?: { type: string; title: string } }[] = [];
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`, {
      headers: { origin: base, cookie: crew.cookie },
    });
    cleanups.push(async () => socket.terminate());
    socket.on('message', (raw) => received.push(JSON.parse(raw.toString())));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const socketOn = landed.at(-1)?.instance;
    const request = await fetch(`${base}/api/connections`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: producer.cookie, 'csrf-token': producer.csrf },
      body: JSON.stringify({ userId: crew.userId }),
    });
    expect(request.status, await request.clone().text()).toBe(200);
    expect(landed.at(-1)?.instance).not.toBe(socketOn);
    await waitFor('the connection request on the socket of the other instance', () =>
      received.some((m) => m.type === 'notification' && m.data?.type === 'connection_request'),
    );

    // Rate limits live in Redis: the sign-in limit reached half on each instance still refuses.
    const { max } = RATE_LIMITS.login;
    const beforeLogins = landed.length;
    // A different unknown name each time: the per-account lockout (5 failures) is not what is tested.
    let attempt = 0;
    const login = () =>
      fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: crew.cookie, 'csrf-token': crew.csrf },
        body: JSON.stringify({
          username: `nobody${++attempt}`,
          password: 'not-the-password',
          rememberMe: false,
        }),
      });
    const statuses = [];
    for (let i = 0; i < max; i++) statuses.push((await login()).status);
    expect(statuses).not.toContain(429);
    const refused = await login();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(((await refused.json()) as { message: string }).message).toBe(TOO_MANY_REQUESTS);
    const perInstance = [0, 1].map((i) => landed.slice(beforeLogins).filter((l) => l.instance === i).length);
    // Each instance alone saw at most half the attempts plus one: never its own limit.
    expect(Math.max(...perInstance)).toBeLessThanOrEqual(Math.ceil(max / 2) + 1);
    expect(Math.max(...perInstance)).toBeLessThan(max);
  }, 90_000);
});
