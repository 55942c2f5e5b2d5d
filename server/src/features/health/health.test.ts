import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createTestApp, type TestApp, testEnvironment } from '../../../test/helpers.ts';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('reports the database as up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database.status).toBe('up');
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('answers 503 with the database down when it cannot reach PostgreSQL', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'x'.repeat(40),
      DATA_DIR: '/tmp/crewbase-unreachable',
    });
    // Port 1 on loopback: nothing listens there, so every connection is refused at once.
    const app = await buildApp({ config, databaseUrl: 'postgres://nobody@127.0.0.1:1/none', logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'degraded', database: { status: 'down', latencyMs: null } });
      // Signed in, the session lookup fails first: the API's 503, not a 500 from the health schema.
      const signedIn = await app.inject({
        method: 'GET',
        url: '/api/health',
        cookies: { [app.sessionCookieName]: 'any-session-token' },
      });
      expect(signedIn.statusCode).toBe(503);
      expect(signedIn.headers['retry-after']).toBe('5');
      expect(signedIn.json().error.message).toBe('Service temporarily unavailable');
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('is ready when the database answers and Redis is not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'up', redis: 'not configured' });
  });

  it('checks Redis when REDIS_URL is set, and is not ready while Redis does not answer', async () => {
    const withRedis = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:6379/15' });
    const up = await withRedis.app.inject({ method: 'GET', url: '/api/ready' });
    expect(up.json()).toEqual({ status: 'ready', database: 'up', redis: 'up' });

    const config = loadConfig({ ...testEnvironment(t.config), REDIS_URL: 'redis://127.0.0.1:1/0' });
    const app = await buildApp({ config, databaseUrl: t.url, logger: false });
    try {
      const down = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'not ready', database: 'up', redis: 'down' });
    } finally {
      await app.close();
    }
  });

  it('is not ready without its database', async () => {
    const config = loadConfig({ ...testEnvironment(t.config) });
    const app = await buildApp({ config, databaseUrl: 'postgres://nobody@127.0.0.1:1/none', logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not ready', database: 'down' });
    } finally {
      await app.close();
    }
  });
});
