import path from 'node:path';
import type { AppConfig } from '#server/config.ts';
import { runningEmbeddedUrl, startEmbeddedPostgres } from '#server/db/embedded.ts';

export const APP_DATABASE = 'crewbase';

export interface ResolvedDatabase {
  url: string;
  embedded: boolean;
  /** The server is stopping: an embedded PostgreSQL lost from now on is not restarted. */
  standDown(): void;
  stop(): Promise<void>;
}

/** `DATABASE_URL` when set; otherwise a private PostgreSQL under the data directory, started now. */
export async function resolveDatabase(
  config: AppConfig,
  log: { info(msg: string): void; warn(msg: string): void },
): Promise<ResolvedDatabase> {
  if (config.databaseUrl)
    return { url: config.databaseUrl, embedded: false, standDown: () => {}, stop: async () => {} };
  const server = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'), log);
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: server.url() });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [APP_DATABASE]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${APP_DATABASE}`);
  } finally {
    await admin.end();
  }
  return {
    url: server.url(APP_DATABASE),
    embedded: true,
    standDown: () => server.standDown(),
    stop: () => server.stop(),
  };
}

/**
 * For command-line tools: `DATABASE_URL`, or the embedded database of a server running on this
 * data directory, or else the embedded database started for the tool (stopped by `stop()`).
 */
export async function resolveDatabaseForTool(
  config: AppConfig,
  log: { info(msg: string): void; warn(msg: string): void },
): Promise<ResolvedDatabase> {
  if (!config.databaseUrl) {
    const running = await runningEmbeddedUrl(path.join(config.dataDir, 'postgres'), APP_DATABASE);
    if (running) return { url: running, embedded: true, standDown: () => {}, stop: async () => {} };
  }
  return resolveDatabase(config, log);
}
