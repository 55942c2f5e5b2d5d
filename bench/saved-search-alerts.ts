/**
 * Saved-search alert job benchmark (issue 35): how long one run of runSavedSearchAlerts takes with
 * N saved searches (alerts on) and M crew members changed since the last run, against a seeded
 * database. The searches are what producers save: a role and a place, half of them with dates
 * (the next two weeks), one in four with words too; one crew member in ten has a busy calendar
 * (busy-calendars.ts, as bench:search). The changed members are crew picked at random
 * and queued as the triggers would queue them. Nobody is notified twice: each run starts from a
 * clean slate (matches and days cleared), so every run pays for what it finds.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_1m npm run bench:saved-searches -- \
 *     --searches 100,1000,10000 --changed 100,1000,5000
 *
 * The database must already hold the crew (`npm run seed -- --users N --fast`); the bench adds its
 * own owners (bench members) and removes its searches at the end.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../server/src/db/client.ts';
import * as schema from '../server/src/db/schema/index.ts';
import { runSavedSearchAlerts } from '../server/src/features/saved-searches/index.ts';
import { ensureBusyCalendars } from './busy-calendars.ts';
import { createBenchMembers } from './lib.ts';

const { values } = parseArgs({
  options: {
    searches: { type: 'string', default: '100,1000,5000' },
    changed: { type: 'string', default: '100,1000,5000' },
    repeat: { type: 'string', default: '3' },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('Set DATABASE_URL to the seeded database to measure.');
  process.exit(2);
}
const searchCounts = values.searches.split(',').map(Number);
const changedCounts = values.changed.split(',').map(Number);
const repeat = Number(values.repeat);

const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const db = drizzle(pool, { schema }) as unknown as Database;
Object.assign(db, { $client: pool });

const WORDS = ['lighting', 'camera', 'documentary', 'commercial', 'music video', 'feature'];
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The places and roles crew actually have, most common first: what producers would search. */
async function popular() {
  const { rows: places } = await pool.query<{ location: string }>(
    `select location from crew_search where location <> '' group by 1 order by count(*) desc limit 40`,
  );
  const { rows: roles } = await pool.query<{ id: number }>(
    'select unnest(role_ids) as id from crew_search group by 1 order by count(*) desc limit 40',
  );
  return { places: places.map((p) => p.location), roles: roles.map((r) => r.id) };
}

async function writeSearches(count: number, owners: number[], places: string[], roles: number[]) {
  await db.execute(sql`delete from saved_searches where name like 'bench %'`);
  const rows = Array.from({ length: count }, (_, i) => {
    const query: Record<string, string | string[]> = {
      role: [String(roles[i % roles.length])],
      location: places[(i * 7) % places.length] as string,
    };
    if (i % 2 === 0) {
      query.availableFrom = day(3 + (i % 10));
      query.availableTo = day(5 + (i % 10));
    }
    if (i % 4 === 1) query.q = WORDS[i % WORDS.length] as string;
    return { userId: owners[i % owners.length] as number, name: `bench ${i}`, query };
  });
  for (let at = 0; at < rows.length; at += 1000)
    await db.insert(schema.savedSearches).values(rows.slice(at, at + 1000));
}

async function queueChanged(count: number) {
  await pool.query('delete from saved_search_changes');
  await pool.query(
    `insert into saved_search_changes (user_id)
     select user_id from crew_search tablesample system_rows(${count}) on conflict do nothing`,
  );
}

async function main() {
  await pool.query('create extension if not exists tsm_system_rows');
  // One crew member in ten busy on some of the next 90 days, as bench:search has them (issue 35).
  await ensureBusyCalendars(pool, 10);
  const crew = Number((await pool.query('select count(*) as n from crew_search')).rows[0]?.n ?? 0);
  const { places, roles } = await popular();
  const owners = (await createBenchMembers(db, 200, 'user', `saved${Date.now() % 100_000}`)).map((m) => m.id);
  console.log(`Crew: ${crew.toLocaleString('en')}; ${places.length} places, ${roles.length} roles searched.`);
  console.log('| saved searches | changed members | run (median ms) | ms per search | found | notified |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  for (const searches of searchCounts) {
    await writeSearches(searches, owners, places, roles);
    const distinct = await pool.query(
      `select count(distinct query) as n from saved_searches where name like 'bench %'`,
    );
    console.log(`(${searches.toLocaleString('en')} saved searches: ${distinct.rows[0]?.n} distinct queries)`);
    for (const changed of changedCounts) {
      const times: number[] = [];
      let found = 0;
      let notified = 0;
      for (let i = 0; i < repeat; i += 1) {
        await pool.query('delete from saved_search_matches');
        await pool.query(`update saved_searches set last_alert_on = null where name like 'bench %'`);
        await queueChanged(changed);
        const started = performance.now();
        const run = await runSavedSearchAlerts(db);
        times.push(performance.now() - started);
        found = Number((await pool.query('select count(*) as n from saved_search_matches')).rows[0]?.n ?? 0);
        notified = run.notified;
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)] as number;
      console.log(
        `| ${searches.toLocaleString('en')} | ${changed.toLocaleString('en')} | ${Math.round(median).toLocaleString('en')} | ${(median / searches).toFixed(2)} | ${found.toLocaleString('en')} | ${notified.toLocaleString('en')} |`,
      );
    }
  }
  // An idle run: nothing changed, nothing waiting.
  await pool.query('delete from saved_search_changes');
  await pool.query('delete from saved_search_matches');
  const idle = performance.now();
  await runSavedSearchAlerts(db);
  console.log(`Idle run (no change queued): ${(performance.now() - idle).toFixed(1)} ms`);
  await db.execute(sql`delete from saved_searches where name like 'bench %'`);
  await db.execute(sql`delete from notifications where type = 'saved_search_match'`);
  await pool.end();
}

await main();
