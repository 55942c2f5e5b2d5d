/**
 * HTTP benchmark: the production server (embedded PostgreSQL, demo data) against a bare Fastify
 * hello-world, both started by this script, measured one after the other in the same run so the
 * ratios compare like with like. Usage: npm run bench [-- --duration 10 --connections 50]
 * `--users 100000` seeds that many crew first; `--data DIR` keeps the database there and reuses
 * it on the next run instead of seeding again.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startServer } from './lib.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    users: { type: 'string', default: '0' },
    data: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const extraUsers = Number(values.users);
const duration = Number(values.duration);
const connections = Number(values.connections);

// What a browser sends: compression is negotiated, as it is for every real visitor.
const headers = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json, text/html' };

/** A url whose `{n}` each request replaces with a random whole number in 1..spread. */
interface Target {
  name: string;
  url: string;
  spread?: number;
}

async function measure({ name, url, spread }: Target) {
  const { pathname, search } = new URL(url);
  const requests: autocannon.Request[] | undefined = spread
    ? [
        {
          setupRequest: (request) => ({
            ...request,
            path: `${pathname}${search}`.replace(
              /%7Bn%7D|{n}/,
              String(1 + Math.floor(Math.random() * spread)),
            ),
          }),
        },
      ]
    : undefined;
  // A short warm-up so JIT and connection pools are in their steady state.
  await autocannon({ url, connections, duration: 2, headers, requests });
  const result = await autocannon({ url, connections, duration, headers, requests });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { name, requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

const keepData = values.data !== undefined;
const dataDir = keepData
  ? path.resolve(values.data as string)
  : await mkdtemp(path.join(tmpdir(), 'crewbase-bench-'));
const seeded = keepData && existsSync(path.join(dataDir, 'postgres'));
await mkdir(dataDir, { recursive: true });
await chmod(dataDir, 0o755);
// Request logs go to the terminal at LOG_LEVEL=info; the bench measures the server, not the terminal.
// The rate limiter still counts every request; its ceiling is raised because one client plays everyone.
const serverEnv: NodeJS.ProcessEnv = {
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  NODE_ENV: 'production',
  RATE_LIMIT_MULTIPLIER: '1000000',
};
delete process.env.DATABASE_URL;
const children: ChildProcess[] = [];
try {
  const hello = await startServer(['--import', 'tsx', 'bench/hello-world.ts'], {}, '/');
  children.push(hello.child);
  if (extraUsers > 0 && !seeded) {
    // A database of the size the profile goal names, seeded before the server starts.
    const seed = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/src/db/seed/cli.ts', '--users', String(extraUsers)],
      {
        env: { ...process.env, ...serverEnv },
        stdio: 'inherit',
      },
    );
    await new Promise((resolve) => seed.on('exit', resolve));
  }
  const app = await startServer(['--import', 'tsx', 'server/src/main.ts'], serverEnv, '/api/health');
  const profileId = Math.max(1, Math.floor(extraUsers / 2));
  children.push(app.child);

  const base = `http://127.0.0.1:${app.port}`;
  // Crew ids run from 1: the seeded crew, or the 500 demo crew of an empty database.
  const crew = Math.max(extraUsers, 500);
  const { pageCount } = (await fetch(`${base}/api/browse/crew?role=13`).then((res) => res.json())) as {
    pageCount: number;
  };
  const popular = Math.min(1000, crew);
  const targets: Target[] = [
    { name: 'hello-world (bare Fastify)', url: `http://127.0.0.1:${hello.port}/` },
    { name: 'GET /api/roles', url: `${base}/api/roles` },
    { name: 'GET / (index.html)', url: `${base}/` },
    { name: 'GET /api/browse/crew?role=13', url: `${base}/api/browse/crew?role=13` },
    {
      name: `GET /api/browse/crew?role=13&page={last: ${pageCount}}`,
      url: `${base}/api/browse/crew?role=13&page=${pageCount}`,
    },
    {
      name: `GET /api/browse/crew?role=13&page={random of ${pageCount}}`,
      url: `${base}/api/browse/crew?role=13&page={n}`,
      spread: pageCount,
    },
    { name: `GET /api/users/${profileId} (one full profile)`, url: `${base}/api/users/${profileId}` },
    {
      name: `GET /api/users/{random of ${popular.toLocaleString('en')}} (full profile)`,
      url: `${base}/api/users/{n}`,
      spread: popular,
    },
    // Every profile: nearly every request a cache miss (only when there are more than the popular ones).
    ...(crew > popular
      ? [
          {
            name: `GET /api/users/{random of ${crew.toLocaleString('en')}} (full profile)`,
            url: `${base}/api/users/{n}`,
            spread: crew,
          },
        ]
      : []),
  ];
  // Rounds interleave the targets so a noisy moment on this shared machine hits all of them alike;
  // each target reports its median round.
  const samples = new Map<string, { requestsPerSecond: number; p99Ms: number }[]>();
  for (let round = 0; round < rounds; round++) {
    for (const target of targets) {
      const sample = await measure(target);
      samples.set(target.name, [...(samples.get(target.name) ?? []), sample]);
    }
  }
  const rows = targets.map(({ name }) => {
    const sorted = [...(samples.get(name) ?? [])].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
    const median = sorted[Math.floor(sorted.length / 2)] ?? { requestsPerSecond: 0, p99Ms: 0 };
    return { name, ...median };
  });
  const baseline = rows[0]?.requestsPerSecond ?? 1;
  console.log(
    `\nmedian of ${rounds} interleaved rounds of ${duration} s per target, ${connections} connections, Node ${process.version}\n`,
  );
  console.log('| Target | req/s | p99 (ms) | vs hello-world |');
  console.log('|---|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${Math.round(row.requestsPerSecond).toLocaleString('en')} | ${row.p99Ms} | ${(row.requestsPerSecond / baseline).toFixed(2)}× |`,
    );
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  if (!keepData) await rm(dataDir, { recursive: true, force: true });
}
