import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '#server/db/schema/index.ts';

/** Drizzle over the pool; `$client` is the pool itself, for the rare named (prepared) statement. */
export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * While PostgreSQL is down or unreachable, a request waits at most this long for a connection, then
 * fails (503, database-errors.ts) instead of hanging until the client gives up.
 */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * What `pg_stat_activity.application_name` shows, so an operator counting connections on a shared
 * PostgreSQL can tell the app's pool, its LISTEN connection and start-up migrations apart.
 */
export const APPLICATION_NAME = 'crewbase';
export const LISTEN_APPLICATION_NAME = 'crewbase-listen';
export const SETUP_APPLICATION_NAME = 'crewbase-setup';

export interface ConnectOptions {
  poolSize?: number;
  applicationName?: string;
  /**
   * The longest one statement may run (PostgreSQL's statement_timeout), for the app's pool. Unset
   * for the one-off tools (migrations, seed, admin), whose statements may rightly take longer.
   */
  statementTimeoutMs?: number;
}

export function connectDatabase(url: string, options: ConnectOptions | number = {}): DatabaseHandle {
  const {
    poolSize = 10,
    statementTimeoutMs,
    applicationName = APPLICATION_NAME,
  } = typeof options === 'number' ? { poolSize: options } : options;
  const pool = new pg.Pool({
    connectionString: url,
    application_name: applicationName,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
  });
  // An idle client losing its connection must not crash the server; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}
