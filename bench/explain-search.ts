/**
 * Prints PostgreSQL's plan (EXPLAIN ANALYZE, BUFFERS) of every statement one search issues:
 *   DATABASE_URL=… node --import tsx bench/explain-search.ts '/api/search?q=gaffer&location=atlanta'
 */
import { searchQuery } from '#common/schemas/search';
import { search } from '../server/src/features/search/service.ts';
import { recordingDatabase } from './lib.ts';

const { db, statements, query, close } = recordingDatabase(process.env.DATABASE_URL);
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
      const plan = await query(`explain (analyze, buffers) ${statement.text}`, statement.values);
      console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'), '\n');
    }
  }
} finally {
  await close();
}
