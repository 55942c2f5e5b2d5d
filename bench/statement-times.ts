/**
 * Average time of each statement one search issues, run one after another (no concurrency):
 *   DATABASE_URL=… node --import tsx bench/statement-times.ts '/api/search?q=gaffer'
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
const rounds = 200;
try {
  for (const url of process.argv.slice(2)) {
    const params = Object.fromEntries(new URL(url, 'http://localhost').searchParams);
    await search(db, searchQuery.parse(params), true);
    statements.length = 0;
    let started = performance.now();
    for (let i = 0; i < rounds; i++) await search(db, searchQuery.parse(params), true);
    const whole = (performance.now() - started) / rounds;
    const issued = statements.slice(0, statements.length / rounds);
    console.log(`\n=== ${url}: ${whole.toFixed(2)} ms per search, ${issued.length} statements`);
    for (const statement of issued) {
      started = performance.now();
      for (let i = 0; i < rounds; i++) await query(statement.text, statement.values as unknown[]);
      const each = (performance.now() - started) / rounds;
      console.log(`${each.toFixed(2)} ms  ${statement.text.replace(/\s+/g, ' ').slice(0, 110)}`);
    }
  }
} finally {
  await pool.end();
}
