/**
 * Messages benchmark (issue 17):
 * 1. 200 conversations exchanging messages at once through the HTTP API, both sides online and
 *    writing in turn, each conversation a message every `--every` ms (2,000 by default: 100
 *    messages a second in all, far more than 400 people chatting write): the time from sending a
 *    message to its arrival as {type: "message"} on the recipient's socket (goal p99 ≤ 100 ms).
 *    Then the same with no pause (every conversation writing as fast as it is answered): the
 *    server's throughput, and the queueing that comes with saturating it.
 * 2. GET /api/conversations for a member with 1,000 conversations (goal p95 ≤ 20 ms), with
 *    autocannon, beside a bare Fastify hello-world in the same run. autocannon reports p97.5,
 *    which bounds p95 from above.
 *
 *   npm run bench:messages [-- --pairs 200 --messages 10 --conversations 1000 --seconds 10]
 *   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres (default) names the server on
 *   which a database `bench_messages_<pid>` is made for the run and dropped at the end.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import WebSocket from 'ws';
import type { RealtimeServerMessage } from '#common/schemas/notifications';
import { cookieNames } from '../server/src/config.ts';
import type { Database } from '../server/src/db/client.ts';
import * as schema from '../server/src/db/schema/index.ts';
import { type BenchMember, createBenchMembers, percentile, startServer } from './lib.ts';

const { values } = parseArgs({
  options: {
    pairs: { type: 'string', default: '200' },
    messages: { type: 'string', default: '10' },
    conversations: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
    every: { type: 'string', default: '2000' },
    /** Keep the database afterwards (its name is printed), to look at plans. */
    keep: { type: 'boolean', default: false },
  },
});
const PAIRS = Number(values.pairs);
const MESSAGES = Number(values.messages);
const CONVERSATIONS = Number(values.conversations);
const SECONDS = Number(values.seconds);
const EVERY_MS = Number(values.every);
const ORIGIN = 'http://bench.crewbase.test';

const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `bench_messages_${process.pid}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const db = Object.assign(drizzle(pool, { schema }), { $client: pool }) as unknown as Database;
const dataDir = await mkdtemp(path.join(tmpdir(), 'crewbase-bench-messages-'));
const children: { kill(signal: NodeJS.Signals): boolean }[] = [];

const SESSION_COOKIE = cookieNames(new URL(ORIGIN)).session;
const cookieOf = (member: BenchMember) => `${SESSION_COOKIE}=${member.token}`;

async function csrfOf(base: string, member: BenchMember): Promise<string> {
  const res = await fetch(`${base}/api/csrf-token`, { headers: { cookie: cookieOf(member) } });
  return ((await res.json()) as { csrfToken: string }).csrfToken;
}

/** Conversations between each pair, written straight to the database, as the API would leave them. */
async function converse(pairs: [BenchMember, BenchMember][]): Promise<number[]> {
  const ids: number[] = [];
  for (const [a, b] of pairs) {
    const [low, high] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
    const [row] = await db
      .insert(schema.conversations)
      .values({ userLow: low, userHigh: high, startedBy: a.id })
      .returning({ id: schema.conversations.id });
    if (!row) throw new Error('no conversation');
    await db.insert(schema.conversationMembers).values([
      { conversationId: row.id, userId: a.id },
      { conversationId: row.id, userId: b.id },
    ]);
    ids.push(row.id);
  }
  return ids;
}

function openSocket(
  port: number,
  member: BenchMember,
  onMessage: (m: RealtimeServerMessage, at: number) => void,
) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
    headers: { cookie: cookieOf(member), origin: ORIGIN },
    perMessageDeflate: false,
  });
  ws.on('message', (data) =>
    onMessage(JSON.parse(data.toString()) as RealtimeServerMessage, performance.now()),
  );
  return new Promise<WebSocket>((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

try {
  const hello = await startServer(['--import', 'tsx', 'bench/hello-world.ts'], {}, '/');
  children.push(hello.child);
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
      PUBLIC_URL: ORIGIN,
      SEED_DEMO: 'never',
      RATE_LIMIT_MULTIPLIER: '1000000',
    },
    '/api/health',
  );
  children.push(server.child);
  const base = `http://127.0.0.1:${server.port}`;
  // The server migrated the database as it started; everything below is written after that.

  // --- 1. Send to delivery ---------------------------------------------------------------------
  const lefts = await createBenchMembers(db, PAIRS, 'user', 'l');
  const rights = await createBenchMembers(db, PAIRS, 'user', 'r');
  const pairs = lefts.map((left, i) => [left, rights[i] as BenchMember] as [BenchMember, BenchMember]);
  const conversationIds = await converse(pairs);
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const onMessage = (message: RealtimeServerMessage, at: number) => {
    if (message.type !== 'message') return;
    const started = sentAt.get(message.data.body);
    if (started === undefined) return;
    latencies.push(at - started);
    sentAt.delete(message.data.body);
  };
  const everyone = [...lefts, ...rights];
  // Both sides of every conversation are online; each hears the other's messages.
  const sockets = await Promise.all(everyone.map((member) => openSocket(server.port, member, onMessage)));
  const tokens = new Map(
    await Promise.all(everyone.map(async (member) => [member.id, await csrfOf(base, member)] as const)),
  );

  /** Every conversation sends MESSAGES, sides taking turns, `pauseMs()` apart; each clock starts as it is sent. */
  async function exchange(round: string, pauseMs: () => number) {
    latencies.length = 0;
    const began = performance.now();
    await Promise.all(
      pairs.map(async (pair, i) => {
        await new Promise((resolve) => setTimeout(resolve, pauseMs() * Math.random()));
        for (let n = 0; n < MESSAGES; n++) {
          const sender = pair[n % 2] as BenchMember;
          const body = `${round} ${conversationIds[i]} ${n}`;
          sentAt.set(body, performance.now());
          const res = await fetch(`${base}/api/conversations/${conversationIds[i]}/messages`, {
            method: 'POST',
            headers: {
              cookie: cookieOf(sender),
              'csrf-token': tokens.get(sender.id) as string,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ body }),
          });
          if (res.status !== 201) throw new Error(`send answered ${res.status}: ${await res.text()}`);
          await new Promise((resolve) => setTimeout(resolve, pauseMs()));
        }
      }),
    );
    const deadline = Date.now() + 10_000;
    while (latencies.length < PAIRS * MESSAGES && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    return { seconds: (performance.now() - began) / 1000, latencies: [...latencies] };
  }
  const paced = await exchange('paced', () => EVERY_MS * (0.5 + Math.random()));
  // The senders' limit (30 messages a minute) would refuse the second round: it starts a minute on.
  await db.execute(sql`update messages set created_at = created_at - interval '2 minutes'`);
  const flat = await exchange('flat', () => 0);
  for (const socket of sockets) socket.close(1000);

  // --- 2. A member with many conversations -----------------------------------------------------
  const [busy] = await createBenchMembers(db, 1, 'user', 'busy');
  if (!busy) throw new Error('no member');
  const partners = await createBenchMembers(db, CONVERSATIONS, 'user', 'p');
  const busyConversations = await converse(partners.map((partner) => [busy, partner]));
  // Three messages each, the last from the partner and unread.
  await db.execute(sql`
    with written as (
      insert into messages (conversation_id, sender_id, body, created_at)
      select c.id, case when n = 3 then c.started_by_partner else ${busy.id} end, 'Bench message ' || n,
        now() - (random() * interval '30 days')
      from (select id, case when user_low = ${busy.id} then user_high else user_low end as started_by_partner
            from conversations where id = any(${sql.param(busyConversations)}::int[])) c,
        generate_series(1, 3) n
      returning id, conversation_id, created_at)
    update conversations c set last_message_id = w.id, updated_at = w.created_at
    from (select distinct on (conversation_id) * from written order by conversation_id, id desc) w
    where c.id = w.conversation_id`);
  await db.execute(sql`update conversation_members cm set updated_at = c.updated_at,
      unread_count = case when cm.user_id = ${busy.id} then 1 else 0 end
    from conversations c where c.id = cm.conversation_id`);
  await db.execute(sql`analyze`);

  const headers = { cookie: cookieOf(busy), 'accept-encoding': 'gzip, deflate, br' };
  async function measure(url: string, withHeaders: Record<string, string>, connections: number) {
    await autocannon({ url, connections, duration: 2, headers: withHeaders });
    const result = await autocannon({ url, connections, duration: SECONDS, headers: withHeaders });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx`);
    return { requests: result.requests.average, latency: result.latency };
  }
  // One connection is the member themselves; ten, a server busy with many such members.
  const helloRun = await measure(`http://127.0.0.1:${hello.port}/`, {}, 10);
  const runs = [
    [
      'GET /api/conversations (first page of 20), 1 connection',
      await measure(`${base}/api/conversations`, headers, 1),
    ],
    [
      'GET /api/conversations (first page of 20), 10 connections',
      await measure(`${base}/api/conversations`, headers, 10),
    ],
    [
      'GET /api/messages/unread-count, 1 connection',
      await measure(`${base}/api/messages/unread-count`, headers, 1),
    ],
    [
      'GET /api/messages/unread-count, 10 connections',
      await measure(`${base}/api/messages/unread-count`, headers, 10),
    ],
  ] as const;

  const ms = (value: number) => value.toFixed(1);
  const sent = PAIRS * MESSAGES;
  console.log(`\nNode ${process.version}, PostgreSQL at ${adminUrl.replace(/\/[^/]*$/, '')}`);
  console.log(`\n1. ${PAIRS} conversations × ${MESSAGES} messages, sides taking turns, both online`);
  console.log('| Pace | delivered | messages/s | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [name, run] of [
    [`a message every ${EVERY_MS / 1000} s a conversation`, paced],
    ['no pause (as fast as answered)', flat],
  ] as const) {
    const row = [50, 95, 99, 100].map((p) => ms(percentile(run.latencies, p))).join(' | ');
    console.log(
      `| ${name} | ${run.latencies.length}/${sent} | ${Math.round(run.latencies.length / run.seconds)} | ${row} |`,
    );
  }
  console.log(
    `\n2. A member with ${CONVERSATIONS.toLocaleString('en')} conversations, autocannon, ${SECONDS} s each`,
  );
  console.log('| Target | req/s | p50 (ms) | p90 (ms) | p97.5 (ms) | p99 (ms) | vs hello-world |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [name, run] of [['hello-world (bare Fastify), 10 connections', helloRun] as const, ...runs]) {
    const { p50, p90, p97_5, p99 } = run.latency;
    console.log(
      `| ${name} | ${Math.round(run.requests).toLocaleString('en')} | ${p50} | ${p90} | ${p97_5} | ${p99} | ${(run.requests / helloRun.requests).toFixed(2)}× |`,
    );
  }
  if (paced.latencies.length < sent || flat.latencies.length < sent) process.exitCode = 1;
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await pool.end();
  if (values.keep) console.log(`kept database ${dbName}`);
  else await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
}
