import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';

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
    } finally {
      await app.close();
    }
  });
});
