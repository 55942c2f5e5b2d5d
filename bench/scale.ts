/**
 * Scale benchmark (issue 21): the size of every table and index of a seeded database, the hot set
 * search reads, then the search benchmark itself (bench/search.ts, the same query mix) against it.
 * Run it on databases of 1M and 3M crew; docs/scale.md extrapolates to 10M from the two.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/crewbase_scale_1m npm run bench:scale -- --duration 8
 *
 * Seed the database first with `npm run seed -- --users 1000000 --fast` (same DATABASE_URL).
 * `--sizes-only` skips the search benchmark; `BENCH_PORT` fixes the server's port.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '16' },
    'sizes-only': { type: 'boolean', default: false },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('Set DATABASE_URL to the seeded database to measure.');
  process.exit(2);
}

/**
 * What a search reads: the index table with every index on it, the word lists it corrects and
 * completes from, and the tags of the result cards (from their covering index alone).
 */
const HOT_TABLES = ['crew_search', 'search_terms', 'search_lexemes', 'search_locations', 'roles'];
const HOT_INDEXES = ['user_tags_user_order_idx'];

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
try {
  const { rows: about } = await client.query<{ crew: number; database: string; buffers: string }>(
    `select (select count(*) from crew_search)::int as crew, pg_database_size(current_database())::text as database,
       current_setting('shared_buffers') as buffers`,
  );
  const { crew = 0, database = '0', buffers = '' } = about[0] ?? {};
  console.log(
    `\n${crew.toLocaleString('en')} crew · database ${mb(Number(database))} MB · shared_buffers ${buffers} · load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}\n`,
  );

  const { rows: tables } = await client.query<{
    name: string;
    rows: string;
    heap: string;
    indexes: string;
    total: string;
  }>(`
    select c.relname as name, greatest(c.reltuples, 0)::bigint::text as rows, pg_relation_size(c.oid)::text as heap,
      pg_indexes_size(c.oid)::text as indexes, pg_total_relation_size(c.oid)::text as total
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' and pg_total_relation_size(c.oid) > 1024 * 1024
    order by pg_total_relation_size(c.oid) desc`);
  console.log('| Table | Rows (estimate) | Heap MB | Indexes MB | Total MB (with TOAST) |');
  console.log('|---|---:|---:|---:|---:|');
  for (const t of tables) {
    console.log(
      `| ${t.name} | ${Number(t.rows).toLocaleString('en')} | ${mb(+t.heap)} | ${mb(+t.indexes)} | ${mb(+t.total)} |`,
    );
  }

  const { rows: indexes } = await client.query<{ name: string; table: string; size: string }>(`
    select ci.relname as name, ct.relname as table, pg_relation_size(i.indexrelid)::text as size
    from pg_index i join pg_class ci on ci.oid = i.indexrelid join pg_class ct on ct.oid = i.indrelid
    join pg_namespace n on n.oid = ct.relnamespace
    where n.nspname = 'public' and pg_relation_size(i.indexrelid) > 1024 * 1024
    order by pg_relation_size(i.indexrelid) desc`);
  console.log('\n| Index | Table | MB |');
  console.log('|---|---|---:|');
  for (const i of indexes) console.log(`| ${i.name} | ${i.table} | ${mb(+i.size)} |`);

  const { rows: hot } = await client.query<{ bytes: string }>(
    `select (coalesce((select sum(pg_total_relation_size(c.oid)) from pg_class c
              where c.relname = any($1::text[]) and c.relkind = 'r'), 0)
           + coalesce((select sum(pg_relation_size(c.oid)) from pg_class c
              where c.relname = any($2::text[]) and c.relkind = 'i'), 0))::text as bytes`,
    [HOT_TABLES, HOT_INDEXES],
  );
  console.log(
    `\nHot set of search (${[...HOT_TABLES, ...HOT_INDEXES].join(', ')}): ${mb(Number(hot[0]?.bytes ?? 0))} MB`,
  );
} finally {
  await client.end();
}

if (!values['sizes-only']) {
  // The search benchmark itself, so that the two databases answer exactly its query mix.
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/search.ts',
      '--duration',
      values.duration,
      '--connections',
      values.connections,
    ],
    { stdio: 'inherit' },
  );
  const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
  process.exitCode = code;
}
