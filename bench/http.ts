/**
 * HTTP benchmark: the production server (embedded PostgreSQL, demo data) against a bare Fastify
 * hello-world, both started by this script, measured one after the other in the same run so the
 * ratios compare like with like. Usage: npm run bench [-- --duration 10 --connections 50]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    users: { type: 'string', default: '0' },
  },
});
const rounds = Number(values.rounds);
const extraUsers = Number(values.users);
const duration = Number(values.duration);
const connections = Number(values.connections);

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** Starts a server process on a free port and waits until `readyPath` answers 200. */
async function startServer(args: string[], env: NodeJS.ProcessEnv, readyPath: string) {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'inherit',
  });
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}${readyPath}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, port };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${args.join(' ')} did not become ready`);
}

// What a browser sends: compression is negotiated, as it is for every real visitor.
const headers = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json, text/html' };

async function measure(name: string, url: string) {
  // A short warm-up so JIT and connection pools are in their steady state.
  await autocannon({ url, connections, duration: 2, headers });
  const result = await autocannon({ url, connections, duration, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { name, requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'crewbase-bench-'));
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
  if (extraUsers > 0) {
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

  const targets = [
    ['hello-world (bare Fastify)', `http://127.0.0.1:${hello.port}/`],
    ['GET /api/roles', `http://127.0.0.1:${app.port}/api/roles`],
    ['GET / (index.html)', `http://127.0.0.1:${app.port}/`],
    ['GET /api/browse/crew?role=13', `http://127.0.0.1:${app.port}/api/browse/crew?role=13`],
    [`GET /api/users/${profileId} (full profile)`, `http://127.0.0.1:${app.port}/api/users/${profileId}`],
  ] as const;
  // Rounds interleave the targets so a noisy moment on this shared machine hits all of them alike;
  // each target reports its median round.
  const samples = new Map<string, { requestsPerSecond: number; p99Ms: number }[]>();
  for (let round = 0; round < rounds; round++) {
    for (const [name, url] of targets) {
      const sample = await measure(name, url);
      samples.set(name, [...(samples.get(name) ?? []), sample]);
    }
  }
  const rows = targets.map(([name]) => {
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
  await rm(dataDir, { recursive: true, force: true });
}
