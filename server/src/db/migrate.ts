import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import type { Database } from '#server/db/client.ts';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
}

/** For a tool holding a bare pool (restore) rather than the app's Database. */
export async function runMigrationsOnPool(pool: pg.Pool): Promise<void> {
  await migrate(drizzle(pool), { migrationsFolder });
}
