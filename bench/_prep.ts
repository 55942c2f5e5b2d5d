import pg from 'pg';
import { searchQuery } from '#common/schemas/search';
import { search } from '../server/src/features/search/service.ts';
import { recordingDatabase } from './lib.ts';

const { db, statements, close } = recordingDatabase(process.env.DATABASE_URL);
const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]?.toFixed(2);
for (const url of process.argv.slice(2)) {
  const params = Object.fromEntries(new URL(url, 'http://localhost').searchParams);
  statements.length = 0;
  await search(db, searchQuery.parse(params), true);
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  for (const [k, s] of statements.entries()) {
    const name = `x${k}${Math.random()}`;
    const named: number[] = [];
    const unnamed: number[] = [];
    for (let i = 0; i < 100; i++) {
      let t0 = performance.now();
      await client.query({ name, text: s.text, values: s.values as unknown[] });
      named.push(performance.now() - t0);
      t0 = performance.now();
      await client.query({ text: s.text, values: s.values as unknown[] });
      unnamed.push(performance.now() - t0);
    }
    const ps = await client.query(
      'select generic_plans, custom_plans from pg_prepared_statements where name = $1',
      [name],
    );
    console.log(
      url,
      s.text.replace(/\s+/g, ' ').slice(0, 40),
      'named',
      median(named),
      'unnamed',
      median(unnamed),
      ps.rows[0],
    );
  }
  await client.end();
}
await close();
