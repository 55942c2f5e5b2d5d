/**
 * A crawler reads every profile once (issue 34): the server-rendered page `/profile/N` and
 * `GET /api/users/N` for each of the crew, and the server's resident memory is read before,
 * throughout and after. The page caches are bounded in bytes (PAGE_CACHE_MB), so memory after
 * the crawl should stay within start + 150 MB however many profiles there are.
 *
 * Usage: npm run bench:crawl [-- --users 100000 --data DIR --concurrency 16 --limit N --page-cache-mb 64]
 * `--data DIR` keeps the database there and reuses it (seeding only when it is new), as bench/http.ts.
 * Uses the client build in dist/ (npm run build) for the server render, as production does, and
 * production's NODE_OPTIONS (the Dockerfile's heap cap) unless `--node-options` says otherwise.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { benchDataDir, rssMb, startServer } from './lib.ts';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    data: { type: 'string' },
    concurrency: { type: 'string', default: '16' },
    limit: { type: 'string' },
    'page-cache-mb': { type: 'string' },
    'node-options': { type: 'string' },
  },
});
/** What the production image runs with: `ENV NODE_OPTIONS=…` in the Dockerfile. */
const productionNodeOptions = /NODE_OPTIONS=(\S+)/.exec(readFileSync('Dockerfile', 'utf8'))?.[1] ?? '';
const nodeOptions = values['node-options'] ?? productionNodeOptions;
const users = Number(values.users);
const crawled = Math.min(users, Number(values.limit ?? users));
const concurrency = Number(values.concurrency);
const BUDGET_MB = 150;

const { dataDir, keepData, seeded } = await benchDataDir(
  values.data as string | undefined,
  'crewbase-crawl-',
);
const serverEnv: NodeJS.ProcessEnv = {
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  NODE_ENV: 'production',
  // One client plays every crawler; the limits are not what is measured.
  RATE_LIMIT_MULTIPLIER: '1000000',
  SEED_DEMO: 'never',
  ...(values['page-cache-mb'] ? { PAGE_CACHE_MB: values['page-cache-mb'] } : {}),
};
const appEnv = { ...serverEnv, NODE_OPTIONS: nodeOptions };
delete process.env.DATABASE_URL;
const children: ChildProcess[] = [];
try {
  if (!seeded) {
    const seed = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/src/db/seed/cli.ts', '--users', String(users), '--fast'],
      { env: { ...process.env, ...serverEnv }, stdio: 'inherit' },
    );
    await new Promise((resolve) => seed.on('exit', resolve));
  }
  const app = await startServer(['--import', 'tsx', 'server/src/main.ts'], appEnv, '/api/health');
  children.push(app.child);
  const pid = app.child.pid;
  const base = `http://127.0.0.1:${app.port}`;
  const get = (url: string, accept: string) =>
    fetch(`${base}${url}`, { headers: { accept, 'accept-encoding': 'br, gzip' } }).then(async (res) => {
      await res.arrayBuffer();
      return res.status;
    });
  // Start: the server warmed up by a few pages of each kind (the renderer loaded, pools open).
  for (let id = 1; id <= 20; id++) {
    await get(`/profile/${id}`, 'text/html');
    await get(`/api/users/${id}`, 'application/json');
  }
  const startMb = rssMb(pid);
  let peakMb = startMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(pid));
  }, 500);
  const statuses = new Map<string, number>();
  const count = (kind: string, status: number) => {
    const key = `${kind} ${status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  };
  const started = performance.now();
  let next = 1;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next <= crawled) {
        const id = next++;
        count('page', await get(`/profile/${id}`, 'text/html'));
        count('api', await get(`/api/users/${id}`, 'application/json'));
        done += 1;
        if (done % 10_000 === 0)
          console.log(`${done.toLocaleString('en')} profiles crawled, RSS ${rssMb(pid).toFixed(0)} MB`);
      }
    }),
  );
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  const afterMb = rssMb(pid);
  peakMb = Math.max(peakMb, afterMb);
  console.log(
    `\nCrawl of ${crawled.toLocaleString('en')} of ${users.toLocaleString('en')} profiles (page and API each), ${concurrency} at a time, in ${seconds.toFixed(0)} s; PAGE_CACHE_MB ${values['page-cache-mb'] ?? 'default'}; NODE_OPTIONS ${nodeOptions || '(none)'}; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}\n`,
  );
  console.log('| Server RSS | MB |');
  console.log('|---|---:|');
  console.log(`| start (after warm-up) | ${startMb.toFixed(0)} |`);
  console.log(`| peak during the crawl | ${peakMb.toFixed(0)} |`);
  console.log(`| after the crawl | ${afterMb.toFixed(0)} |`);
  console.log(`| after − start | ${(afterMb - startMb).toFixed(0)} (goal ≤ ${BUDGET_MB}) |`);
  console.log(`\nAnswers: ${[...statuses].map(([key, n]) => `${key}: ${n}`).join(', ')}`);
  if (afterMb - startMb > BUDGET_MB) process.exitCode = 1;
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  if (!keepData) await rm(dataDir, { recursive: true, force: true });
}
