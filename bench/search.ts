/**
 * Search benchmark (issue 5): the five kinds of query, and words narrowed to a role or a
 * place, against a seeded database, over HTTP through the production server and, in the same run,
 * as the very statements the server issues sent straight to PostgreSQL through `pg`, both at the
 * same concurrency.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_1m npm run bench:search -- --duration 10
 *
 * The database must already hold the crew (`npm run seed -- --users N` with the same DATABASE_URL).
 * One crew member in ten is then given bookings and days off (busy-calendars.ts, once per
 * database), for the searches by dates (issue 35), measured beside the same searches without.
 */
import { type ChildProcess, execFile } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { searchQuery } from '#common/schemas/search';
import type { Database } from '../server/src/db/client.ts';
import * as schema from '../server/src/db/schema/index.ts';
import { GENRES, SKILLS } from '../server/src/db/seed/demo-words.ts';
import { getRolesById } from '../server/src/features/roles/service.ts';
import { search } from '../server/src/features/search/service.ts';
import { ensureBusyCalendars } from './busy-calendars.ts';
import { percentile, type RecordedStatement, recordedStatement, startServer } from './lib.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    queries: { type: 'string', default: '40' },
    // wrk (C) takes a fraction of autocannon's CPU, which the two cores otherwise share with the server.
    load: { type: 'string', default: 'wrk' },
    // Only the kinds of query whose name contains this, e.g. --only 'free text'.
    only: { type: 'string', default: '' },
    // One crew member in this many has a busy calendar (issue 35: 10 %).
    'busy-every': { type: 'string', default: '10' },
  },
});
if (values.load !== 'wrk' && values.load !== 'autocannon') {
  console.error('--load is wrk or autocannon');
  process.exit(2);
}
const duration = Number(values.duration);
const connections = Number(values.connections);
const perKind = Number(values.queries);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('Set DATABASE_URL to the seeded database to measure.');
  process.exit(2);
}
/** The server's own pool size (server/src/db/client.ts): the raw runner queues the same way. */
const POOL_SIZE = 10;

const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
const db = drizzle(pool, { schema }) as unknown as Database;
Object.assign(db, { $client: pool });

await ensureBusyCalendars(pool, Number(values['busy-every']));

// --- The queries: picked from the database, the same every run -----------------------------
const sample = async <T extends Record<string, unknown>>(text: string) => (await pool.query<T>(text)).rows;
const { rows: sizeRows } = await pool.query<{ n: number }>('select count(*)::int as n from crew_search');
const crewCount = sizeRows[0]?.n ?? 0;
const step = Math.max(1, Math.floor(crewCount / perKind));
const people = await sample<{ name: string; location: string; role: number }>(
  `select name, split_part(location, ',', 1) as location, role_ids[1] as role from crew_search
   where user_id % ${step} = 7 order by user_id limit ${perKind}`,
);
/** "Marisol Quintero" → "Marisol Qintero": one letter of the surname dropped. */
const misspell = (name: string) => {
  const [first, ...rest] = name.split(' ');
  const last = rest.join(' ');
  return `${first} ${last.slice(0, 1)}${last.slice(2)}`;
};
const skills = Object.values(SKILLS).flat();
const freeText = Array.from({ length: perKind }, (_, i) => {
  const skill = (skills[(i * 7) % skills.length] ?? 'steadicam').toLowerCase();
  const genre = (GENRES[(i * 3) % GENRES.length] ?? 'documentaries').toLowerCase();
  return `${skill} ${genre}`;
});
const roles = await getRolesById(db);
const enc = encodeURIComponent;
/** A three-day range starting 1–30 days from now (UTC), a different one for each query. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const datesOf = (i: number) =>
  `availableFrom=${dayFromNow(1 + ((i * 7) % 30))}&availableTo=${dayFromNow(3 + ((i * 7) % 30))}`;
const kinds: { name: string; paths: string[] }[] = [
  { name: 'exact name', paths: people.map((p) => `/api/search?q=${enc(p.name)}`) },
  { name: 'misspelt name', paths: people.map((p) => `/api/search?q=${enc(misspell(p.name))}`) },
  {
    name: 'role + location',
    paths: people.map((p) => `/api/search?role=${p.role}&location=${enc(p.location)}`),
  },
  {
    name: 'role + location + dates',
    paths: people.map((p, i) => `/api/search?role=${p.role}&location=${enc(p.location)}&${datesOf(i)}`),
  },
  { name: 'free text', paths: freeText.map((text) => `/api/search?q=${enc(text)}`) },
  { name: 'free text + dates', paths: freeText.map((text, i) => `/api/search?q=${enc(text)}&${datesOf(i)}`) },
  {
    // "The right gaffer in Atlanta": a role word, narrowed to a place.
    name: 'role word + location',
    paths: people.map(
      (p) =>
        `/api/search?q=${enc(roles.get(p.role)?.name.toLowerCase() ?? 'gaffer')}&location=${enc(p.location)}`,
    ),
  },
  {
    name: 'free text + role',
    paths: people.map((p, i) => `/api/search?q=${enc(freeText[i] ?? 'steadicam')}&role=${p.role}`),
  },
  { name: 'empty query, by rating', paths: ['/api/search?sort=rating'] },
  { name: 'empty query, by rating, page 50', paths: ['/api/search?sort=rating&page=50'] },
  {
    name: 'free text, page 10 (last ranked)',
    paths: freeText.map((text) => `/api/search?q=${enc(text)}&page=10`),
  },
];

// --- Capture the statements one search issues ------------------------------------------------
/** Statements in waves: those sent together (Promise.all in the service) run together on replay. */
type Plan = RecordedStatement[][]; // a named (prepared) statement is replayed as one too
async function capture(url: string): Promise<Plan> {
  const query = searchQuery.parse(Object.fromEntries(new URL(url, 'http://x').searchParams));
  const waves: Plan = [];
  let completed = 0;
  const original = pool.query.bind(pool);
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads
  (pool as any).query = (config: any, params?: unknown[]) => {
    waves[completed] ??= [];
    waves[completed]?.push(recordedStatement(config, params));
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads
    return (original as any)(config, params).finally(() => {
      completed += 1;
    });
  };
  try {
    // The second run is the server's steady state: words and estimates it remembers are not asked again.
    await search(db, query, false);
    waves.length = 0;
    completed = 0;
    await search(db, query, false);
  } finally {
    // biome-ignore lint/suspicious/noExplicitAny: restoring pg's method
    (pool as any).query = original;
  }
  return waves.filter((wave) => wave.length > 0);
}

async function measureRaw(plans: Plan[]) {
  const latencies: number[] = [];
  const until = Date.now() + duration * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const plan = plans[next++ % plans.length] as Plan;
        const started = performance.now();
        for (const wave of plan) await Promise.all(wave.map((s) => pool.query(s)));
        latencies.push(performance.now() - started);
      }
    }),
  );
  return summarise(latencies);
}

/** Two seconds to warm up, then the measurement, with the CPU it took. */
async function measureHttp(port: number, serverPid: number, paths: string[]) {
  const measure = values.load === 'wrk' ? measureWithWrk : measureWithAutocannon;
  await measure(port, paths, 2);
  return withCpu(serverPid, () => measure(port, paths, duration));
}

/** CPU time (ms, user + system) used so far by each PostgreSQL process, and by the server's. */
async function cpuTimes(serverPid: number) {
  const ticksPerMs = 100 / 1000; // Linux's USER_HZ
  const postgres = new Map<number, number>();
  let server = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    const used = (Number(fields[11]) + Number(fields[12])) / ticksPerMs;
    if (Number(entry) === serverPid) server = used;
    else if (comm === 'postgres') postgres.set(Number(entry), used);
  }
  return { server, postgres };
}

/** What `measure` cost the server and PostgreSQL in CPU, per request (ms). */
async function withCpu<T extends { perSecond: number }>(serverPid: number, measure: () => Promise<T>) {
  const before = await cpuTimes(serverPid);
  const result = await measure();
  const after = await cpuTimes(serverPid);
  const requests = result.perSecond * duration;
  // Per process, so that a connection closed meanwhile (the raw runner's pool idles out) does
  // not take its earlier CPU out of the sum.
  let postgres = 0;
  for (const [pid, used] of after.postgres) postgres += used - (before.postgres.get(pid) ?? 0);
  return {
    ...result,
    serverCpu: (after.server - before.server) / requests,
    postgresCpu: postgres / requests,
  };
}

async function measureWithAutocannon(port: number, paths: string[], seconds: number) {
  const latencies: number[] = [];
  let i = 0;
  const requests: autocannon.Request[] = [
    { setupRequest: (request) => ({ ...request, path: paths[i++ % paths.length] as string }) },
  ];
  const url = `http://127.0.0.1:${port}`;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, requests }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${paths[0]}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return summarise(latencies, seconds);
}

/** wrk, one thread, the paths in turn; its histogram gives the percentiles (µs). */
async function measureWithWrk(port: number, paths: string[], seconds: number) {
  const script = path.join(dataDir, 'paths.lua');
  await writeFile(
    script,
    `local paths = { ${paths.map((p) => JSON.stringify(p)).join(', ')} }
local next = 0
request = function()
  next = next + 1
  return wrk.format("GET", paths[(next % #paths) + 1])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %d %d %.1f %.1f %.1f\\n", summary.requests, summary.duration,
    e.status, e.connect + e.read + e.write + e.timeout, latency:percentile(50), latency:percentile(95),
    latency:percentile(99)))
end
`,
  );
  const run = (seconds: number) =>
    promisify(execFile)('wrk', [
      '-t1',
      `-c${connections}`,
      `-d${seconds}s`,
      '--timeout',
      '10s',
      '-s',
      script,
      `http://127.0.0.1:${port}`,
    ]);
  const { stdout } = await run(seconds);
  const match = /RESULT (\d+) (\d+) (\d+) (\d+) ([\d.]+) ([\d.]+) ([\d.]+)/.exec(stdout);
  if (!match) throw new Error(`wrk printed no result:\n${stdout}`);
  const [requests = 0, micros = 1, non2xx = 0, errors = 0, p50 = 0, p95 = 0, p99 = 0] = match
    .slice(1)
    .map(Number);
  if (non2xx > 0 || errors > 0) throw new Error(`${paths[0]}: ${non2xx} non-2xx answers, ${errors} errors`);
  return { p50: p50 / 1000, p95: p95 / 1000, p99: p99 / 1000, perSecond: requests / (micros / 1e6) };
}

function summarise(latencies: number[], seconds = duration) {
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    perSecond: latencies.length / seconds,
  };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'crewbase-bench-'));
await chmod(dataDir, 0o755);
const children: ChildProcess[] = [];
try {
  const server = await startServer(
    ['--import', 'tsx', 'server/src/main.ts'],
    {
      DATABASE_URL: databaseUrl,
      // The demo checkout on purpose: no Stripe keys on a bench (config.ts, paymentsProblem).
      DEMO_PAYMENTS: '1',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SEED_DEMO: 'never',
      RATE_LIMIT_MULTIPLIER: '1000000',
    },
    '/api/health',
  );
  children.push(server.child);
  const rows: {
    name: string;
    http: Awaited<ReturnType<typeof measureHttp>>;
    raw: ReturnType<typeof summarise>;
  }[] = [];
  for (const kind of kinds.filter((k) => k.name.includes(values.only))) {
    const plans: Plan[] = [];
    for (const url of kind.paths) plans.push(await capture(url));
    // Warm both paths the same way, then measure one after the other.
    await measureRaw(plans.slice(0, 4));
    const raw = await measureRaw(plans);
    const http = await measureHttp(server.port, server.child.pid ?? 0, kind.paths);
    rows.push({ name: kind.name, http, raw });
    console.error(`${kind.name}: http p95 ${http.p95.toFixed(1)} ms, sql p95 ${raw.p95.toFixed(1)} ms`);
  }
  const ms = (value: number) => value.toFixed(1);
  console.log(
    `\n${crewCount.toLocaleString('en')} crew · ${connections} connections · ${duration} s per measurement · pool ${POOL_SIZE} · HTTP load by ${values.load} · Node ${process.version}\n`,
  );
  console.log(
    '| Query | HTTP p50 | HTTP p95 | HTTP p99 | HTTP req/s | SQL p50 | SQL p95 | SQL p99 | SQL req/s | HTTP p95 ÷ (1.5 × SQL p95 + 2) | CPU per search: server, PostgreSQL |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const { name, http, raw } of rows) {
    console.log(
      `| ${name} | ${ms(http.p50)} | ${ms(http.p95)} | ${ms(http.p99)} | ${Math.round(http.perSecond)} | ${ms(raw.p50)} | ${ms(raw.p95)} | ${ms(raw.p99)} | ${Math.round(raw.perSecond)} | ${(http.p95 / (1.5 * raw.p95 + 2)).toFixed(2)} | ${http.serverCpu.toFixed(2)} + ${http.postgresCpu.toFixed(2)} ms |`,
    );
  }
  const find = (name: string) => rows.find((row) => row.name === name);
  for (const [page50, page1] of [
    ['empty query, by rating, page 50', 'empty query, by rating'],
    ['free text, page 10 (last ranked)', 'free text'],
  ] as const) {
    const a = find(page50);
    const b = find(page1);
    if (a && b) console.log(`\n${page50} ÷ page 1 (HTTP p95): ${(a.http.p95 / b.http.p95).toFixed(2)}×`);
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  await pool.end();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await rm(dataDir, { recursive: true, force: true });
}
