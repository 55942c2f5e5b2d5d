/** What the benchmarks share: starting a server process, and latency percentiles. */
import { spawn } from 'node:child_process';
import net from 'node:net';
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
