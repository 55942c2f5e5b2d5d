import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

const dialect = new PgDialect();

/** A statement built with drizzle's `sql` as PostgreSQL receives it: text with $n, and values. */
export function renderSql(statement: SQL): { text: string; params: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { text, params };
}

/**
 * Runs a statement built with drizzle's `sql` as a named (prepared) statement, named after its
 * text: each pooled connection parses it once, and after five runs PostgreSQL may keep a generic
 * plan instead of planning every time. Only for statements whose best plan is the same whatever
 * the values: a generic plan is made without them.
 */
export async function executePrepared<T>(db: Database, statement: SQL): Promise<T[]> {
  const { text, params } = renderSql(statement);
  const name = `s_${createHash('sha1').update(text).digest('base64url')}`;
  const result = await db.$client.query<T & Record<string, unknown>>({ name, text, values: params });
  return result.rows;
}
