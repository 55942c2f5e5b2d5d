/**
 * HTTP benchmark: the production server (embedded PostgreSQL, demo data) against a bare Fastify
 * hello-world, both started by this script, measured one after the other in the same run so the
 * ratios compare like with like. Usage: npm run bench [-- --duration 10 --connections 50]
 * `--users 100000` seeds that many crew first; `--data DIR` keeps the database there and reuses
 * it on the next run instead of seeding again.
 *
 * `--before DIR` measures a second copy of the server beside this one, on the same database, in
 * the same interleaved rounds: the code as it was (for example `git archive <commit> | tar -x -C DIR`
 * and a `node_modules` link to this one's), so that a change is measured before and after side by
 * side. Each row also gives the server's own CPU time per request (from /proc), which the other
 * processes of a shared machine move far less than req/s; PG µs/req is the embedded PostgreSQL's
 * (every backend's) CPU time per request. `--only REGEX` measures only the targets it matches.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { APP_DATABASE } from '../server/src/db/database-url.ts';
import { runningEmbeddedUrl } from '../server/src/db/embedded.ts';
import { benchDataDir, cpuSeconds, postgresCpuSeconds, startServer } from './lib.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    users: { type: 'string', default: '0' },
    data: { type: 'string' },
    before: { type: 'string' },
    only: { type: 'string' },
  },
});
const beforeDir = values.before ? path.resolve(values.before) : undefined;
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
  /** The server process, for its CPU time. */
  pid?: number;
}

async function measure({ name, url, spread, pid }: Target) {
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
  const cpuBefore = cpuSeconds(pid);
  const postgresBefore = postgresCpuSeconds(postgresDir);
  const result = await autocannon({ url, connections, duration, headers, requests });
  const perRequest = (seconds: number) => (seconds * 1e6) / Math.max(1, result.requests.total);
  const cpuUs = perRequest(cpuSeconds(pid) - cpuBefore);
  const postgresUs = perRequest(postgresCpuSeconds(postgresDir) - postgresBefore);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { name, requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, cpuUs, postgresUs };
}

const { dataDir, keepData, seeded } = await benchDataDir(
  values.data as string | undefined,
  'crewbase-bench-',
);
/** The embedded PostgreSQL both servers read, for its CPU time per request. */
const postgresDir = path.join(dataDir, 'postgres');
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
  // The code before, on the same database (the one this server's embedded PostgreSQL serves).
  let before: { port: number; pid: number | undefined } | undefined;
  if (beforeDir) {
    const databaseUrl =
      process.env.BENCH_DATABASE_URL ??
      (await runningEmbeddedUrl(path.join(dataDir, 'postgres'), APP_DATABASE));
    if (!databaseUrl) throw new Error('--before: the database of the server under test is not running');
    const server = await startServer(
      ['--import', 'tsx', path.join(beforeDir, 'server/src/main.ts')],
      {
        ...serverEnv,
        DATA_DIR: await mkdtemp(path.join(tmpdir(), 'crewbase-bench-before-')),
        DATABASE_URL: databaseUrl,
        DEMO_PAYMENTS: '1',
        SEED_DEMO: 'never',
        CLIENT_DIST: path.resolve(process.env.CLIENT_DIST ?? 'dist/client'),
      },
      '/api/health',
    );
    children.push(server.child);
    before = { port: server.port, pid: server.child.pid };
  }

  const base = `http://127.0.0.1:${app.port}`;
  // Crew ids run from 1: the seeded crew, or the 500 demo crew of an empty database.
  const crew = Math.max(extraUsers, 500);
  const { pageCount } = (await fetch(`${base}/api/browse/crew?role=13`).then((res) => res.json())) as {
    pageCount: number;
  };
  const popular = Math.min(1000, crew);
  /** The targets of one server; `name` is the row, the same for the server before and after. */
  const serverTargets = (origin: string, pid: number | undefined): Target[] =>
    [
      { name: 'GET /api/roles', url: `${origin}/api/roles` },
      { name: 'GET / (index.html)', url: `${origin}/` },
      { name: 'GET /api/browse/crew?role=13', url: `${origin}/api/browse/crew?role=13` },
      {
        name: `GET /api/browse/crew?role=13&page={last: ${pageCount}}`,
        url: `${origin}/api/browse/crew?role=13&page=${pageCount}`,
      },
      {
        name: `GET /api/browse/crew?role=13&page={random of ${pageCount}}`,
        url: `${origin}/api/browse/crew?role=13&page={n}`,
        spread: pageCount,
      },
      { name: `GET /api/users/${profileId} (one full profile)`, url: `${origin}/api/users/${profileId}` },
      {
        name: `GET /api/users/{random of ${popular.toLocaleString('en')}} (full profile)`,
        url: `${origin}/api/users/{n}`,
        spread: popular,
      },
      // Every profile: nearly every request a cache miss (only when there are more than the popular ones).
      ...(crew > popular
        ? [
            {
              name: `GET /api/users/{random of ${crew.toLocaleString('en')}} (full profile)`,
              url: `${origin}/api/users/{n}`,
              spread: crew,
            },
          ]
        : []),
    ].map((target) => ({ ...target, pid }));
  const helloTarget: Target = {
    name: 'hello-world (bare Fastify)',
    url: `http://127.0.0.1:${hello.port}/`,
    pid: hello.child.pid,
  };
  const only = values.only ? new RegExp(values.only) : undefined;
  const chosen = (targets: Target[]) => targets.filter(({ name }) => !only || only.test(name));
  const afterTargets = chosen(serverTargets(base, app.child.pid));
  const beforeTargets = before ? chosen(serverTargets(`http://127.0.0.1:${before.port}`, before.pid)) : [];
  // Rounds interleave the targets (and the servers before and after, target by target) so a noisy
  // moment on this shared machine hits all of them alike; each target reports its median round.
  type Sample = { requestsPerSecond: number; p99Ms: number; cpuUs: number; postgresUs: number };
  const samples = new Map<string, Sample[]>();
  const record = async (key: string, target: Target) => {
    const sample = await measure(target);
    samples.set(key, [...(samples.get(key) ?? []), sample]);
  };
  for (let round = 0; round < rounds; round++) {
    await record('hello', helloTarget);
    for (const [index, target] of afterTargets.entries()) {
      const previous = beforeTargets[index];
      if (previous) await record(`before ${previous.name}`, previous);
      await record(`after ${target.name}`, target);
    }
  }
  const median = (key: string): Sample => {
    const sorted = [...(samples.get(key) ?? [])].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
    return (
      sorted[Math.floor(sorted.length / 2)] ?? { requestsPerSecond: 0, p99Ms: 0, cpuUs: 0, postgresUs: 0 }
    );
  };
  const hello1 = median('hello');
  const baseline = hello1.requestsPerSecond || 1;
  const cells = (sample: Sample) =>
    `${Math.round(sample.requestsPerSecond).toLocaleString('en')} | ${sample.p99Ms} | ${(sample.requestsPerSecond / baseline).toFixed(2)}× | ${Math.round(sample.cpuUs)} | ${Math.round(sample.postgresUs)}`;
  console.log(
    `\nmedian of ${rounds} interleaved rounds of ${duration} s per target, ${connections} connections, Node ${process.version}; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}\n`,
  );
  if (before) {
    console.log(
      '| Target | before req/s | p99 (ms) | vs hello-world | CPU µs/req | PG µs/req | after req/s | p99 (ms) | vs hello-world | CPU µs/req | PG µs/req |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    console.log(`| ${helloTarget.name} | ${cells(hello1)} | ${cells(hello1)} |`);
    for (const { name } of afterTargets)
      console.log(`| ${name} | ${cells(median(`before ${name}`))} | ${cells(median(`after ${name}`))} |`);
  } else {
    console.log('| Target | req/s | p99 (ms) | vs hello-world | server CPU µs/req | PG µs/req |');
    console.log('|---|---:|---:|---:|---:|---:|');
    console.log(`| ${helloTarget.name} | ${cells(hello1)} |`);
    for (const { name } of afterTargets) console.log(`| ${name} | ${cells(median(`after ${name}`))} |`);
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  if (!keepData) await rm(dataDir, { recursive: true, force: true });
}
