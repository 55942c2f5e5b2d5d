/**
 * Average time of each statement one search issues, run one after another (no concurrency):
 *   DATABASE_URL=… node --import tsx bench/statement-times.ts '/api/search?q=gaffer'
 */
import { searchQuery } from '#common/schemas/search';
import { search } from '../server/src/features/search/service.ts';
import { recordingDatabase } from './lib.ts';

const { db, statements, query, close } = recordingDatabase(process.env.DATABASE_URL);
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
      for (let i = 0; i < rounds; i++) await query(statement);
      const each = (performance.now() - started) / rounds;
      console.log(`${each.toFixed(2)} ms  ${statement.text.replace(/\s+/g, ' ').slice(0, 110)}`);
    }
  }
} finally {
  await close();
}
