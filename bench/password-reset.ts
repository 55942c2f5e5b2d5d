/**
 * Password reset, known against unknown address (issue 29): a reset request must take the same
 * time whether or not an account uses the address, or the answer's timing tells an attacker which
 * addresses have accounts. The production server (embedded PostgreSQL, no demo data) is started
 * by this script with mail going to an SMTP server on loopback in this process; `--accounts`
 * members sign up through the API. Then, one request at a time, alternating, `--requests` resets
 * for a member's address and as many for addresses no account uses, each address once (the
 * per-address hourly cap would otherwise turn later requests into a different path), after a
 * warm-up of `--warmup` pairs. Prints both medians side by side and their difference; the goal is
 * a difference within 20 ms. Not a test: timings depend on the machine.
 *
 *   npm run bench:password-reset [-- --requests 20 --warmup 5]
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { percentile, startServer } from './lib.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
  },
});
const REQUESTS = Number(values.requests);
const WARMUP = Number(values.warmup);
const GOAL_MS = 20;

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.resume();
    stream.on('end', () => {
      received++;
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as { port: number }).port;

const dataDir = await mkdtemp(path.join(tmpdir(), 'crewbase-bench-reset-'));
// Run as root, the embedded PostgreSQL runs as `postgres` and must be able to enter it.
await chmod(dataDir, 0o755);
delete process.env.DATABASE_URL;
const app = await startServer(
  ['--import', 'tsx', 'server/src/main.ts'],
  {
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    NODE_ENV: 'production',
    SEED_DEMO: 'never',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    // One client plays every visitor: the per-network limits would stop it, not measure the server.
    RATE_LIMIT_MULTIPLIER: '1000000',
  },
  '/api/health',
).catch(async (error: unknown) => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await rm(dataDir, { recursive: true, force: true });
  throw error;
});
const base = `http://127.0.0.1:${app.port}`;

/** A browser without a session: its CSRF cookie and token, for writes. */
async function visitor() {
  const response = await fetch(`${base}/api/csrf-token`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { cookie, csrfToken };
}

async function post(url: string, body: object, browser: { cookie: string; csrfToken: string }) {
  const started = performance.now();
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: browser.cookie, 'csrf-token': browser.csrfToken },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text}`);
  return { ms, text };
}

try {
  const run = process.pid;
  const members = Array.from({ length: REQUESTS + WARMUP }, (_, i) => `reset${run}x${i}@example.com`);
  for (const [i, email] of members.entries()) {
    await post(
      '/api/register',
      { username: `reset${run}x${i}`, email, password: 'gaffer-tape-42' },
      await visitor(),
    );
  }
  const strangers = members.map((_, i) => `nobody${run}x${i}@example.com`);

  const browser = await visitor();
  const known: number[] = [];
  const unknown: number[] = [];
  const answers = new Set<string>();
  for (let i = 0; i < REQUESTS + WARMUP; i++) {
    // Alternate which goes first, so neither kind always follows the other.
    const pair =
      i % 2 === 0
        ? [
            ['known', members[i]],
            ['unknown', strangers[i]],
          ]
        : [
            ['unknown', strangers[i]],
            ['known', members[i]],
          ];
    for (const [kind, email] of pair) {
      const { ms, text } = await post('/api/password-reset/request', { email }, browser);
      answers.add(text);
      if (i < WARMUP) continue;
      (kind === 'known' ? known : unknown).push(ms);
    }
  }

  const median = (samples: number[]) => percentile(samples, 50);
  const row = (label: string, a: number, b: number) =>
    `${label.padEnd(10)}${a.toFixed(2).padStart(12)}${b.toFixed(2).padStart(14)}${(a - b).toFixed(2).padStart(14)}`;
  const difference = Math.abs(median(known) - median(unknown));
  console.log(
    `\nPOST /api/password-reset/request, ${REQUESTS} of each after ${WARMUP} pairs of warm-up (ms)`,
  );
  console.log(`${''.padEnd(10)}${'known'.padStart(12)}${'unknown'.padStart(14)}${'difference'.padStart(14)}`);
  console.log(row('median', median(known), median(unknown)));
  console.log(row('p90', percentile(known, 90), percentile(unknown, 90)));
  console.log(row('min', Math.min(...known), Math.min(...unknown)));
  console.log(row('max', Math.max(...known), Math.max(...unknown)));
  console.log(
    `answers: ${answers.size === 1 ? 'the same body for every request' : `${answers.size} different bodies`}`,
  );
  console.log(`mails received by SMTP meanwhile (sign-up and reset mails, sent by the worker): ${received}`);
  console.log(
    `\nmedian difference ${difference.toFixed(2)} ms: ${difference <= GOAL_MS ? 'within' : 'OVER'} the ${GOAL_MS} ms goal`,
  );
  if (answers.size !== 1) process.exitCode = 1;
} finally {
  app.child.kill('SIGTERM');
  await new Promise((resolve) => app.child.once('exit', resolve));
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await rm(dataDir, { recursive: true, force: true });
}
