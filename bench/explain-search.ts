/**
 * Prints PostgreSQL's plan (EXPLAIN ANALYZE, BUFFERS) of every statement one search issues:
 *   DATABASE_URL=… node --import tsx bench/explain-search.ts '/api/search?q=gaffer&location=atlanta'
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { searchQuery } from '#common/schemas/search';
import type { Database } from '../server/src/db/client.ts';
import * as schema from '../server/src/db/schema/index.ts';
import { search } from '../server/src/features/search/service.ts';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
const statements: { text: string; values: unknown[] }[] = [];
const query = pool.query.bind(pool);
// biome-ignore lint/suspicious/noExplicitAny: pg's overloads
(pool as any).query = (config: any, values?: unknown[]) => {
  statements.push(
    typeof config === 'string'
      ? { text: config, values: values ?? [] }
      : { text: config.text, values: config.values ?? values ?? [] },
  );
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads
  return (query as any)(config, values);
};
const db = Object.assign(drizzle(pool, { schema }), { $client: pool }) as unknown as Database;
try {
  // I/O timings in the plans where the role may set it (a superuser, as on the bench machine).
  await query('set track_io_timing = on').catch(() => undefined);
  for (const url of process.argv.slice(2)) {
    statements.length = 0;
    const params = Object.fromEntries(new URL(url, 'http://localhost').searchParams);
    await search(db, searchQuery.parse(params), true);
    console.log(`\n=== ${url}`);
    for (const statement of statements.filter(
      (s) => /crew_search|search_terms/.test(s.text) && !/^\s*explain/i.test(s.text),
    )) {
      const plan = await query(`explain (analyze, buffers) ${statement.text}`, statement.values as unknown[]);
      console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'), '\n');
    }
  }
} finally {
  await pool.end();
}
