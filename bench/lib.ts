/** What the benchmarks share: starting a server process, and latency percentiles. */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { hashToken, randomToken } from '../server/src/crypto/tokens.ts';
import type { Database } from '../server/src/db/client.ts';
import * as schema from '../server/src/db/schema/index.ts';

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

export interface StartOptions {
  /** A port to listen on (a bench's assigned range); unset, BENCH_PORT or a free one. */
  port?: number;
  /** Hand the server's stdout and stderr to the caller (`child.stdout`) instead of the terminal. */
  pipeOutput?: boolean;
}

/** Starts a server process on a free port (or BENCH_PORT) and waits until `readyPath` answers 200. */
export async function startServer(
  args: string[],
  env: NodeJS.ProcessEnv,
  readyPath: string,
  options: StartOptions = {},
) {
  // BENCH_PORT: on a shared machine each user of it may be given a range of ports to keep to.
  const port = options.port ?? (Number(process.env.BENCH_PORT) || (await freePort()));
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: options.pipeOutput ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  // Up to five minutes: a cold start on a loaded machine compiles every module first.
  for (let attempt = 0; attempt < 3000; attempt++) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}${readyPath}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, port };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`${args.join(' ')} did not become ready`);
}

/** The p-th percentile (0–100) of latencies in ms, nearest-rank. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

/** A statement as the server sent it; `name` is set for a named (prepared) one. */
export interface RecordedStatement {
  name?: string;
  text: string;
  values: unknown[];
}

/** What pg's `query(config)` or `query(text, values)` was asked to send. */
// biome-ignore lint/suspicious/noExplicitAny: pg's overloads
export function recordedStatement(config: any, values?: unknown[]): RecordedStatement {
  return typeof config === 'string'
    ? { text: config, values: values ?? [] }
    : { name: config.name, text: config.text, values: config.values ?? values ?? [] };
}

/**
 * A one-connection database handle for the search tools that records every statement sent through
 * it; `query` sends a statement without recording it (a recorded one as it was sent: prepared
 * when it was).
 */
export function recordingDatabase(connectionString: string | undefined) {
  const pool = new pg.Pool({ connectionString, max: 1 });
  const statements: RecordedStatement[] = [];
  const query = pool.query.bind(pool) as (
    statement: string | RecordedStatement,
    values?: unknown[],
  ) => Promise<pg.QueryResult>;
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads
  (pool as any).query = (config: any, values?: unknown[]) => {
    statements.push(recordedStatement(config, values));
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads
    return (query as any)(config, values);
  };
  const db = Object.assign(drizzle(pool, { schema }), { $client: pool }) as unknown as Database;
  return { db, statements, query, close: () => pool.end() };
}

export interface BenchMember {
  id: number;
  token: string;
}

/**
 * `count` members with one live session each, written straight to the database in batches (the
 * same token hashing signing in uses): thousands of sign-ups through the API would spend minutes
 * in scrypt. `role` admin lets them use the test-notification endpoint.
 */
export async function createBenchMembers(
  db: Database,
  count: number,
  role: 'user' | 'admin',
  tag: string,
): Promise<BenchMember[]> {
  const members: BenchMember[] = [];
  for (let from = 0; from < count; from += 1000) {
    const size = Math.min(1000, count - from);
    const rows = await db
      .insert(schema.users)
      .values(
        Array.from({ length: size }, (_, i) => ({
          username: `bench${tag}${from + i}`,
          email: `bench${tag}${from + i}@example.com`,
          displayName: `Bench ${tag} ${from + i}`,
          role,
        })),
      )
      .returning({ id: schema.users.id });
    const tokens = rows.map(() => randomToken());
    await db.insert(schema.sessions).values(
      rows.map((row, i) => ({
        tokenHash: hashToken(tokens[i] as string),
        userId: row.id,
        persistent: true,
        expiresAt: new Date(Date.now() + 86_400_000),
        ip: '127.0.0.1',
        userAgent: 'bench',
      })),
    );
    rows.forEach((row, i) => {
      members.push({ id: row.id, token: tokens[i] as string });
    });
  }
  return members;
}

/** A process's parent and CPU time (user + system, in seconds) so far, from /proc; undefined once it has ended. */
function processStat(pid: number | string): { parent: number; cpuSeconds: number } | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return { parent: Number(fields[1]), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100 };
  } catch {
    return undefined;
  }
}

/** The CPU time (user + system, in seconds) a process has used so far. */
export function cpuSeconds(pid: number | undefined): number {
  return pid ? (processStat(pid)?.cpuSeconds ?? Number.NaN) : Number.NaN;
}

/**
 * The CPU time (seconds) a PostgreSQL server and its backends have used so far: the postmaster of
 * `postgresDir` (its postmaster.pid) and every process it started, so a row can give the
 * database's share of a request beside the server's own.
 */
export function postgresCpuSeconds(postgresDir: string): number {
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(path.join(postgresDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return Number.NaN;
  }
  let total = cpuSeconds(postmaster);
  for (const entry of readdirSync('/proc')) {
    const stat = /^\d+$/.test(entry) ? processStat(entry) : undefined;
    if (stat?.parent === postmaster) total += stat.cpuSeconds;
  }
  return total;
}

/** Resident memory of a process, in MB. */
export function rssMb(pid: number | undefined): number {
  const status = pid ? readFileSync(`/proc/${pid}/status`, 'utf8') : '';
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/**
 * The bench's data directory: the one given (`--data DIR`, kept and reused, seeded already when it
 * holds a database) or a new temporary one.
 */
export async function benchDataDir(given: string | undefined, prefix: string) {
  const keepData = given !== undefined;
  const dataDir = keepData ? path.resolve(given) : await mkdtemp(path.join(tmpdir(), prefix));
  const seeded = keepData && existsSync(path.join(dataDir, 'postgres'));
  await mkdir(dataDir, { recursive: true });
  await chmod(dataDir, 0o755);
  return { dataDir, keepData, seeded };
}
