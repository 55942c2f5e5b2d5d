/**
 * Realtime benchmark (issue 7): memory per idle `/ws` socket, and delivery latency of a
 * notification fanned out to 1 000 connected users, on one instance and across two instances
 * through PostgreSQL LISTEN/NOTIFY.
 *
 *   npm run bench:realtime [-- --idle 10000 --recipients 1000 --rounds 5]
 *   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres (default) names the server on
 *   which a database `bench_realtime_<pid>` is created for the run and dropped at the end.
 *
 * The client sockets live in this process and the server holds as many: each process needs about
 * `--idle` + 500 file descriptors (`ulimit -n`; the script checks and stops if there are too few).
 *
 * Users and sessions are written straight to the database (a token whose SHA-256 is stored, the
 * same helpers signing in uses): 10 000 sign-ups through the API would spend minutes in scrypt.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import WebSocket from 'ws';
import type { RealtimeServerMessage } from '#common/schemas/notifications';
import { cookieNames } from '../server/src/config.ts';
import type { Database } from '../server/src/db/client.ts';
import * as schema from '../server/src/db/schema/index.ts';
import { notify } from '../server/src/features/notifications/notify.ts';
import { createBenchMembers, type BenchMember as Member, percentile, startServer } from './lib.ts';

const { values } = parseArgs({
  options: {
    idle: { type: 'string', default: '10000' },
    recipients: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '5' },
  },
});
const IDLE = Number(values.idle);
const RECIPIENTS = Number(values.recipients);
const ROUNDS = Number(values.rounds);
const GOAL_P99_MS = 100;
const GOAL_BYTES_PER_SOCKET = 24 * 1024;
/** Sockets opened at once: enough to keep the server's pool of 10 busy. */
const CONNECT_CONCURRENCY = 50;
const ORIGIN = 'http://bench.crewbase.test';
const SESSION_COOKIE = cookieNames(new URL(ORIGIN)).session;

// --- File descriptors: this process holds every client socket ----------------------------------
const softLimit = Number(/Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? 0);
if (softLimit < IDLE + 500) {
  console.error(
    `Open-file limit ${softLimit} is too low for ${IDLE} sockets: run \`ulimit -n ${IDLE + 1000}\` in this shell first.`,
  );
  process.exit(2);
}

// --- A database of its own -------------------------------------------------------------------
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `bench_realtime_${process.pid}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);

const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const db = drizzle(pool, { schema }) as unknown as Database;
Object.assign(db, { $client: pool });

/**
 * Heap as the server sees it: a module preloaded into the server answers SIGUSR2 by running a full
 * GC (the server runs with --expose-gc) and writing process.memoryUsage() to a file.
 */
const PROBE = `data:text/javascript,${encodeURIComponent(
  'import{writeFileSync}from"node:fs";process.on("SIGUSR2",()=>{globalThis.gc();globalThis.gc();' +
    'writeFileSync(process.env.BENCH_MEMORY_FILE,JSON.stringify(process.memoryUsage()))})',
)}`;

interface Server {
  name: string;
  port: number;
  pid: number;
  memoryFile: string;
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'crewbase-bench-realtime-'));
await chmod(dataDir, 0o755);
const children: { kill(signal: NodeJS.Signals): boolean; exitCode: number | null }[] = [];

async function start(name: string): Promise<Server> {
  const memoryFile = path.join(dataDir, `memory-${name}.json`);
  const { child, port } = await startServer(
    ['--expose-gc', '--import', PROBE, '--import', 'tsx', 'server/src/main.ts'],
    {
      DATABASE_URL: databaseUrl,
      // The demo checkout on purpose: no Stripe keys on a bench (config.ts, paymentsProblem).
      DEMO_PAYMENTS: '1',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_URL: ORIGIN,
      SEED_DEMO: 'never',
      RATE_LIMIT_MULTIPLIER: '1000000',
      BENCH_MEMORY_FILE: memoryFile,
    },
    '/api/health',
  );
  children.push(child);
  if (!child.pid) throw new Error(`${name} has no pid`);
  return { name, port, pid: child.pid, memoryFile };
}

/** RSS from /proc, heap from the probe, both after a full GC in the server. */
async function memoryOf(server: Server) {
  rmSync(server.memoryFile, { force: true });
  process.kill(server.pid, 'SIGUSR2');
  const deadline = Date.now() + 10_000;
  while (!existsSync(server.memoryFile)) {
    if (Date.now() > deadline) throw new Error('the memory probe did not answer');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  // The file may be seen before its write finished: read until it parses.
  let usage: NodeJS.MemoryUsage | null = null;
  while (!usage) {
    try {
      usage = JSON.parse(readFileSync(server.memoryFile, 'utf8')) as NodeJS.MemoryUsage;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return { rss: rssKb * 1024, heapUsed: usage.heapUsed, external: usage.external + usage.arrayBuffers };
}

// --- Users and sessions ------------------------------------------------------------------------
const createMembers = (count: number, role: 'user' | 'admin', tag: string) =>
  createBenchMembers(db, count, role, tag);

// --- Client sockets ----------------------------------------------------------------------------
interface ClientSocket {
  ws: WebSocket;
  member: Member;
  closed: Promise<void>;
  onMessage: ((message: RealtimeServerMessage, at: number) => void) | null;
}

function open(server: Server, member: Member): Promise<ClientSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, {
    headers: { cookie: `${SESSION_COOKIE}=${member.token}`, origin: ORIGIN },
    perMessageDeflate: false,
  });
  const socket: ClientSocket = {
    ws,
    member,
    closed: new Promise((resolve) => ws.once('close', () => resolve())),
    onMessage: null,
  };
  ws.on('message', (data) => {
    const at = performance.now();
    socket.onMessage?.(JSON.parse(data.toString()) as RealtimeServerMessage, at);
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_request, response) => {
      ws.terminate();
      reject(new Error(`/ws refused with ${response.statusCode}`));
    });
    ws.once('error', reject);
  });
}

async function openAll(server: Server, members: Member[]): Promise<ClientSocket[]> {
  const sockets: ClientSocket[] = new Array(members.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECT_CONCURRENCY }, async () => {
      while (next < members.length) {
        const at = next++;
        sockets[at] = await open(server, members[at] as Member);
      }
    }),
  );
  return sockets;
}

async function closeAll(sockets: ClientSocket[]) {
  for (const socket of sockets) socket.ws.close(1000);
  await Promise.all(sockets.map((socket) => socket.closed));
}

// --- Fan-out -----------------------------------------------------------------------------------
type Writer = (members: Member[], sentAt: Map<number, number>) => Promise<void>;

/** One transaction, one notify() per recipient (a broadcast); every recipient's clock starts at COMMIT. */
const oneTransaction: Writer = async (members, sentAt) => {
  await db.transaction(async (tx) => {
    for (const member of members) await notify(tx, member.id, 'system', 'Bench', 'Fan-out');
    const commitAt = performance.now();
    for (const member of members) sentAt.set(member.id, commitAt);
  });
};

/** One request per recipient to POST /api/notifications/test on `server` (admins, 20 in flight); clocks start when each request is sent. */
function throughHttp(server: Server, csrf: Map<number, string>): Writer {
  return async (members, sentAt) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < members.length) {
          const member = members[next++] as Member;
          sentAt.set(member.id, performance.now());
          const response = await fetch(`http://127.0.0.1:${server.port}/api/notifications/test`, {
            method: 'POST',
            headers: {
              cookie: `${SESSION_COOKIE}=${member.token}`,
              'csrf-token': csrf.get(member.id) ?? '',
              'content-type': 'application/json',
            },
            body: JSON.stringify({ type: 'system', title: 'Bench', message: 'Fan-out' }),
          });
          if (response.status !== 201) throw new Error(`test notification answered ${response.status}`);
          await response.arrayBuffer();
        }
      }),
    );
  };
}

async function csrfTokens(server: Server, members: Member[]) {
  const tokens = new Map<number, string>();
  for (const member of members) {
    const response = await fetch(`http://127.0.0.1:${server.port}/api/csrf-token`, {
      headers: { cookie: `${SESSION_COOKIE}=${member.token}` },
    });
    tokens.set(member.id, ((await response.json()) as { csrfToken: string }).csrfToken);
  }
  return tokens;
}

/**
 * `ROUNDS` measured rounds after one warm-up: each round writes one notification per recipient
 * and waits until every socket has its notification and the unread count that follows it.
 */
async function fanOut(sockets: ClientSocket[], write: Writer) {
  const samples: number[] = [];
  const roundP99: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const sentAt = new Map<number, number>();
    const arrivedAt = new Map<number, number>();
    const counted = new Set<number>();
    let done: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      done = resolve;
    });
    for (const socket of sockets) {
      socket.onMessage = (message, at) => {
        // The hub follows each user's notifications with their unread count: wait for both.
        const user = socket.member.id;
        if (message.type === 'notification') arrivedAt.set(user, at);
        else if (message.type === 'unread_count_update' && arrivedAt.has(user)) counted.add(user);
        if (arrivedAt.size === sockets.length && counted.size === sockets.length) done();
      };
    }
    await write(
      sockets.map((s) => s.member),
      sentAt,
    );
    const timeout = setTimeout(done, 15_000);
    await finished;
    clearTimeout(timeout);
    if (arrivedAt.size < sockets.length || counted.size < sockets.length) {
      throw new Error(
        `round ${round}: ${arrivedAt.size}/${sockets.length} notifications, ${counted.size} counts within 15 s`,
      );
    }
    const latencies = sockets.map((s) => (arrivedAt.get(s.member.id) ?? 0) - (sentAt.get(s.member.id) ?? 0));
    if (round === 0) continue; // warm-up
    samples.push(...latencies);
    roundP99.push(percentile(latencies, 99));
  }
  for (const socket of sockets) socket.onMessage = null;
  return {
    min: percentile(samples, 0),
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    max: percentile(samples, 100),
    worstRoundP99: Math.max(...roundP99),
  };
}

// --- The run -----------------------------------------------------------------------------------
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => value.toFixed(1);
const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
try {
  const a = await start('a');
  console.error(`instance A on :${a.port} (pid ${a.pid}); creating ${IDLE + 2 * RECIPIENTS} members`);
  const idleMembers = await createMembers(IDLE, 'user', 'i');
  const fanMembers = await createMembers(RECIPIENTS, 'user', 'f');
  const adminMembers = await createMembers(RECIPIENTS, 'admin', 'a');
  await pool.query('vacuum analyze');

  // 1. Idle sockets. Warm-up: the connect path compiled and the pools filled, then closed again.
  await closeAll(await openAll(a, idleMembers.slice(0, 500)));
  const before = await memoryOf(a);
  const connectStarted = performance.now();
  const idle = await openAll(a, idleMembers);
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  const after = await memoryOf(a);
  await closeAll(idle);
  const perSocket = {
    rss: (after.rss - before.rss) / IDLE,
    heap: (after.heapUsed - before.heapUsed) / IDLE,
    external: (after.external - before.external) / IDLE,
  };
  console.error(
    `${IDLE} sockets open in ${connectSeconds.toFixed(1)} s; ${kb(perSocket.rss)} RSS per socket`,
  );

  // 2. Fan-out on one instance: sockets on A, notify() from this process's own pool.
  const onA = await openAll(a, fanMembers);
  const single = await fanOut(onA, oneTransaction);
  await closeAll(onA);
  console.error(`one instance: p50 ${ms(single.p50)} ms, p99 ${ms(single.p99)} ms`);

  // 3. Across instances: sockets on B; rows written by notify() outside B (this process), then by instance A itself.
  const b = await start('b');
  const onB = await openAll(b, adminMembers);
  const cross = await fanOut(onB, oneTransaction);
  console.error(`A → B, one transaction: p50 ${ms(cross.p50)} ms, p99 ${ms(cross.p99)} ms`);
  const viaA = await fanOut(onB, throughHttp(a, await csrfTokens(a, adminMembers)));
  console.error(`A → B, through A's HTTP API: p50 ${ms(viaA.p50)} ms, p99 ${ms(viaA.p99)} ms`);
  await closeAll(onB);

  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(
    `\n${new Date().toISOString().slice(0, 10)} · Node ${process.version} · load average at the end ${load}\n`,
  );
  console.log(
    `| Idle sockets (${IDLE.toLocaleString('en')} on one instance) | Before | After | Per socket |`,
  );
  console.log('|---|---:|---:|---:|');
  console.log(
    `| RSS (/proc VmRSS) | ${mb(before.rss)} | ${mb(after.rss)} | ${kb(perSocket.rss)} (goal ≤ 24 KB: ${verdict(perSocket.rss <= GOAL_BYTES_PER_SOCKET)}) |`,
  );
  console.log(`| V8 heap used | ${mb(before.heapUsed)} | ${mb(after.heapUsed)} | ${kb(perSocket.heap)} |`);
  console.log(
    `| external + array buffers | ${mb(before.external)} | ${mb(after.external)} | ${kb(perSocket.external)} |`,
  );
  console.log(`\nOpening them: ${connectSeconds.toFixed(1)} s (${CONNECT_CONCURRENCY} at a time).\n`);
  console.log(
    `| Fan-out to ${RECIPIENTS.toLocaleString('en')} users, ${ROUNDS} rounds | first (ms) | p50 (ms) | p99 (ms) | max (ms) | worst round p99 | goal p99 ≤ ${GOAL_P99_MS} ms |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const [name, r] of [
    ['one instance, one transaction (from COMMIT)', single],
    ['two instances, sockets on B, one transaction (from COMMIT)', cross],
    [
      "two instances, sockets on B, one POST per user to A's /api/notifications/test (from request sent)",
      viaA,
    ],
  ] as const) {
    console.log(
      `| ${name} | ${ms(r.min)} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${ms(r.worstRoundP99)} | ${verdict(r.p99 <= GOAL_P99_MS)} |`,
    );
  }
} finally {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await pool.end();
  // The servers close their pools on SIGTERM; the drop forces out any connection still there.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
}
