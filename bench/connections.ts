/**
 * Connections per instance and pool size (issue 21, "Deploying"): what one production server holds
 * of PostgreSQL and Redis connections, idle, starting and under load, and what throughput and p99
 * it reaches with `DATABASE_POOL_SIZE` at 5, 10 and 20.
 *
 *   npm run bench:connections [-- --pools 5,10,20 --connections 50,200 --seconds 10 --port 45210]
 *   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres (default): a database
 *   `bench_connections_<pid>` is made there for the run (demo crew loaded) and dropped at the end.
 *   BENCH_REDIS_URL=redis://127.0.0.1:6379/14 (default): a Redis database no one else uses, so its
 *   clients (`CLIENT LIST`, db=14) are the server's.
 *
 * Every instance is started the way a deployment runs it: NODE_ENV=production, DATABASE_URL,
 * REDIS_URL. One more start without REDIS_URL counts the LISTEN connection that then carries
 * realtime events. autocannon runs in this process, one target at a time, after a 2 s warm-up;
 * `pg_stat_activity` (the run's database) and the pool gauges of `/metrics` are read every 250 ms.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import { LISTEN_APPLICATION_NAME } from '../server/src/db/client.ts';
import { startServer } from './lib.ts';

const { values } = parseArgs({
  options: {
    pools: { type: 'string', default: '5,10,20' },
    connections: { type: 'string', default: '50,200' },
    seconds: { type: 'string', default: '10' },
    port: { type: 'string', default: '45210' },
  },
});
const POOLS = values.pools.split(',').map(Number);
const LOADS = values.connections.split(',').map(Number);
const SECONDS = Number(values.seconds);
const METRICS_TOKEN = 'connections-metrics-token-0123';
const SEARCH_WORDS = ['gaffer', 'editor', 'london', 'camera operator', 'sound mixer', 'colorist', 'producer'];

const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `bench_connections_${process.pid}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14';
const redisDb = Number(new URL(redisUrl).pathname.slice(1) || 0);
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const redis = new Redis(redisUrl);
const dataDir = await mkdtemp(path.join(tmpdir(), 'crewbase-bench-connections-'));

/** The server's connections to the run's database (this script's admin client uses another). */
async function postgresConnections() {
  const { rows } = await admin.query<{ state: string | null; listen: boolean }>(
    `select state, application_name = $2 as listen from pg_stat_activity
     where datname = $1 and backend_type = 'client backend'`,
    [dbName, LISTEN_APPLICATION_NAME],
  );
  return {
    total: rows.length,
    active: rows.filter((row) => row.state === 'active').length,
    listen: rows.filter((row) => row.listen).length,
  };
}

/** The server's Redis clients: those on the run's Redis database, less this script's own. */
async function redisConnections() {
  const list = (await redis.call('client', 'list')) as string;
  return list.split('\n').filter((line) => line.includes(` db=${redisDb} `)).length - 1;
}

async function poolGauges(base: string) {
  const text = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then(
    (res) => res.text(),
  );
  const gauge = (state: string) =>
    Number(new RegExp(`db_pool_connections\\{state="${state}"\\} (\\d+)`).exec(text)?.[1] ?? Number.NaN);
  return { inUse: gauge('in_use'), waiting: gauge('waiting'), total: gauge('total') };
}

/** Calls `read` every 250 ms until stopped; keeps the highest value of each field. */
function watchPeaks<T extends Record<string, number>>(read: () => Promise<T>) {
  const peaks: Record<string, number> = {};
  let running = true;
  const loop = (async () => {
    while (running) {
      const now = await read().catch(() => ({}));
      for (const [key, value] of Object.entries(now)) peaks[key] = Math.max(peaks[key] ?? 0, value);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return peaks as T;
  };
}

interface Target {
  name: string;
  path: () => string;
}
const targets: Target[] = [
  {
    name: 'search',
    path: () => `/api/search?q=${encodeURIComponent(SEARCH_WORDS[Math.floor(Math.random() * 7)] as string)}`,
  },
  // A public profile is kept in memory once read (ADR 004): after the first read, no query.
  { name: 'profile', path: () => `/api/users/${1 + Math.floor(Math.random() * 500)}` },
  // A profile's reviews: a query on every request.
  { name: 'profile reviews', path: () => `/api/users/${1 + Math.floor(Math.random() * 500)}/reviews` },
];

async function load(base: string, target: Target, connections: number) {
  const options = {
    url: base,
    connections,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: target.path() }) }],
  };
  await autocannon({ ...options, duration: 2 });
  const stopDatabase = watchPeaks(postgresConnections);
  const stopPool = watchPeaks(() => poolGauges(base));
  const result = await autocannon({ ...options, duration: SECONDS });
  return {
    result,
    database: await stopDatabase(),
    pool: await stopPool(),
  };
}

/**
 * The next port of the range that a server can listen on: autocannon's own connections take local
 * ports from the same range (the kernel's ephemeral ports), so one may still be held.
 */
let nextPort = Number(values.port);
async function listening(start: (port: number) => ReturnType<typeof startServer>) {
  for (let attempt = 0; ; attempt++) {
    const port = nextPort++;
    try {
      return { ...(await start(port)), port };
    } catch (error) {
      if (attempt === 4) throw error;
      console.error(`port ${port}: ${(error as Error).message}; trying ${nextPort}`);
    }
  }
}

async function start(poolSize: number, withRedis: boolean) {
  const stopStartup = watchPeaks(postgresConnections);
  const { port, ...server } = await listening((port) =>
    startServer(
      ['--import', 'tsx', 'server/src/main.ts'],
      {
        DATABASE_URL: databaseUrl,
        // The demo checkout on purpose: no Stripe keys on a bench (config.ts, paymentsProblem).
        DEMO_PAYMENTS: '1',
        DATABASE_POOL_SIZE: String(poolSize),
        ...(withRedis ? { REDIS_URL: redisUrl } : {}),
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        METRICS_TOKEN,
        SEED_DEMO: 'always',
        RATE_LIMIT_MULTIPLIER: '1000000',
      },
      '/api/health',
      { port },
    ),
  );
  // Readiness asks PostgreSQL and Redis once more, then the server is idle.
  await fetch(`http://127.0.0.1:${port}/api/ready`);
  const startup = await stopStartup();
  await new Promise((resolve) => setTimeout(resolve, 500));
  return {
    server,
    base: `http://127.0.0.1:${port}`,
    startupPeak: startup.total,
    idle: await postgresConnections(),
    redis: withRedis ? await redisConnections() : 0,
  };
}

async function stop(child: import('node:child_process').ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const lines: string[] = [];
const print = (line: string) => {
  lines.push(line);
  console.log(line);
};
try {
  if ((await redisConnections()) !== 0) throw new Error(`Redis database ${redisDb} has other clients`);
  print(
    `Load average at start: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  const rows: string[] = [];
  for (const poolSize of POOLS) {
    const instance = await start(poolSize, true);
    print(
      `DATABASE_POOL_SIZE=${poolSize}, REDIS_URL set: PostgreSQL connections at start-up (peak) ${instance.startupPeak}, idle after /api/ready ${instance.idle.total} (LISTEN ${instance.idle.listen}); Redis connections ${instance.redis}`,
    );
    for (const target of targets) {
      for (const connections of LOADS) {
        const { result, database, pool } = await load(instance.base, target, connections);
        const bad = result.non2xx + result.errors;
        rows.push(
          `| ${poolSize} | ${target.name} | ${connections} | ${Math.round(result.requests.average).toLocaleString('en')} | ${result.latency.p50} | ${result.latency.p99} | ${database.total} | ${database.active} | ${pool.inUse} | ${pool.waiting} | ${bad} |`,
        );
        console.log(rows.at(-1));
      }
    }
    print(`Redis connections under load: ${await redisConnections()}`);
    await stop(instance.server.child);
  }
  print('');
  print(
    '| Pool | Target | HTTP connections | req/s | p50 (ms) | p99 (ms) | PostgreSQL connections (peak) | of them active (peak) | pool in use (peak) | requests waiting for a connection (peak) | non-2xx + errors |',
  );
  print('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) print(row);

  const plain = await start(10, false);
  const { result, database } = await load(plain.base, targets[0] as Target, Math.max(...LOADS));
  print(
    `\nWithout REDIS_URL (pool 10): start-up peak ${plain.startupPeak}, idle ${plain.idle.total} (LISTEN ${plain.idle.listen}); search at ${Math.max(...LOADS)} connections: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, PostgreSQL connections peak ${database.total} (LISTEN ${database.listen})`,
  );
  await stop(plain.server.child);
  print(
    `Load average at end: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
} finally {
  redis.disconnect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
}
