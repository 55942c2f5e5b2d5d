import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, expect, inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/app.ts';
import { type AppConfig, loadConfig } from '../src/config.ts';
import { connectDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { withDatabase } from './global-setup.ts';
import { validateResponses } from './openapi-validator.ts';

let counter = 0;

/** A fresh database for this test file, cloned from the migrated template; dropped after the file. */
export async function createTestDatabase(): Promise<{ url: string; handle: DatabaseHandle }> {
  const adminUrl = inject('adminDatabaseUrl');
  const template = inject('templateDatabase');
  const name = `${template}_f${process.pid}_${counter++}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const handle = connectDatabase(url, 4);
  afterAll(async () => {
    await handle.close();
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });
  return { url, handle };
}

export interface TestApp {
  app: FastifyInstance;
  db: DatabaseHandle['db'];
  url: string;
  config: AppConfig;
}

const TEST_SESSION_SECRET = 'test-secret-test-secret-test-secret-0123';

/** The environment a test app's configuration was read from, to build another like it. */
export function testEnvironment(config: AppConfig): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: config.dataDir,
    SESSION_SECRET: TEST_SESSION_SECRET,
  };
}

/**
 * A client build of one index.html, for tests of server-rendered pages: `npm test` runs the server
 * tests before `npm run build`, so they cannot lean on client/dist being there.
 */
export async function clientShellDist(): Promise<{ CLIENT_DIST: string }> {
  const dist = await mkdtemp(path.join(tmpdir(), 'crewbase-dist-'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>CrewBase</title></head><body><div id="root"></div></body></html>',
  );
  return { CLIENT_DIST: dist };
}

/** The real app on a real database of its own, closed after the file. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'sitemapUrlLimit' | 'onRoute'> = {},
): Promise<TestApp> {
  const { url, handle } = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'crewbase-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SESSION_SECRET: TEST_SESSION_SECRET,
    ...env,
  });
  // No background sending: a test sends queued mail when it chooses, with `app.deliverMail()`.
  const app = await buildApp({ config, databaseUrl: url, logger: false, mailWorker: false, ...options });
  // Every answer a test receives is checked against the OpenAPI document (issue 37).
  validateResponses(app);
  afterAll(() => app.close());
  return { app, db: handle.db, url, config };
}

/** A statement and its values, as pg takes them. */
export type Statement = [text: string, values: unknown[]];

/**
 * Runs `first` and then `second` in two open transactions on `pool`, proves `second` waits for a
 * lock `first` holds, then commits `first` and `second` in turn: two writes crossing, the later
 * one waiting for the earlier. A transaction left open by a failure is rolled back.
 */
export async function crossTransactions(pool: pg.Pool, first: Statement, second: Statement): Promise<void> {
  const a = await pool.connect();
  const b = await pool.connect();
  try {
    await a.query('begin');
    await a.query(...first);
    await b.query('begin');
    const { rows } = await b.query<{ pid: number }>('select pg_backend_pid() as pid');
    const waiting = b.query(...second);
    await expect
      .poll(async () => {
        const activity = await pool.query<{ wait: string | null }>(
          'select wait_event_type as wait from pg_stat_activity where pid = $1',
          [rows[0]?.pid],
        );
        return activity.rows[0]?.wait;
      })
      .toBe('Lock');
    await a.query('commit');
    await waiting;
    await b.query('commit');
  } finally {
    await Promise.all([a.query('rollback').catch(() => {}), b.query('rollback').catch(() => {})]);
    a.release();
    b.release();
  }
}
