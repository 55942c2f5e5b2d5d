/**
 * Messages benchmark (issue 17):
 * 1. 200 conversations exchanging messages at once through the HTTP API: the time from sending a
 *    message to its arrival as {type: "message"} on the recipient's socket (goal p99 ≤ 100 ms).
 * 2. GET /api/conversations for a member with 1,000 conversations (goal p95 ≤ 20 ms), with a bare
 *    Fastify hello-world measured the same way in the same run.
 *
 *   npm run bench:messages [-- --pairs 200 --messages 10 --conversations 1000 --seconds 10]
 *   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres (default) names the server on
 *   which a database `bench_messages_<pid>` is made for the run and dropped at the end.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import WebSocket from 'ws';
import type { RealtimeServerMessage } from '#common/schemas/notifications';
import type { Database } from '../server/src/db/client.ts';
import * as schema from '../server/src/db/schema/index.ts';
import { SESSION_COOKIE } from '../server/src/plugins/session.ts';
import { type BenchMember, createBenchMembers, percentile, startServer } from './lib.ts';

const { values } = parseArgs({
  options: {
    pairs: { type: 'string', default: '200' },
    messages: { type: 'string', default: '10' },
    conversations: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
  },
});
const PAIRS = Number(values.pairs);
const MESSAGES = Number(values.messages);
const CONVERSATIONS = Number(values.conversations);
const SECONDS = Number(values.seconds);
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
  const senders = await createBenchMembers(db, PAIRS, 'user', 's');
  const recipients = await createBenchMembers(db, PAIRS, 'user', 'r');
  const conversationIds = await converse(senders.map((s, i) => [s, recipients[i] as BenchMember]));
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const sockets = await Promise.all(
    recipients.map((recipient, i) =>
      openSocket(server.port, recipient, (message, at) => {
        if (message.type !== 'message') return;
        const started = sentAt.get(`${conversationIds[i]}:${message.data.body}`);
        if (started !== undefined) latencies.push(at - started);
      }),
    ),
  );
  const tokens = await Promise.all(senders.map((sender) => csrfOf(base, sender)));
  const began = performance.now();
  await Promise.all(
    senders.map(async (sender, i) => {
      for (let n = 0; n < MESSAGES; n++) {
        const body = `message ${n}`;
        sentAt.set(`${conversationIds[i]}:${body}`, performance.now());
        const res = await fetch(`${base}/api/conversations/${conversationIds[i]}/messages`, {
          method: 'POST',
          headers: {
            cookie: cookieOf(sender),
            'csrf-token': tokens[i] as string,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ body }),
        });
        if (res.status !== 201) throw new Error(`send answered ${res.status}: ${await res.text()}`);
      }
    }),
  );
  const sent = PAIRS * MESSAGES;
  const deadline = Date.now() + 10_000;
  while (latencies.length < sent && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const seconds = (performance.now() - began) / 1000;
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
  await db.execute(sql`update conversation_members cm set updated_at = c.updated_at
    from conversations c where c.id = cm.conversation_id`);
  await db.execute(sql`analyze`);

  async function measure(url: string, headers: Record<string, string>) {
    const samples: number[] = [];
    const until = performance.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (performance.now() < until) {
          const start = performance.now();
          const res = await fetch(url, { headers });
          await res.arrayBuffer();
          if (!res.ok) throw new Error(`${url} answered ${res.status}`);
          samples.push(performance.now() - start);
        }
      }),
    );
    return { requests: samples.length / SECONDS, p50: percentile(samples, 50), p95: percentile(samples, 95) };
  }
  const headers = { cookie: cookieOf(busy), 'accept-encoding': 'gzip, deflate, br' };
  const helloRun = await measure(`http://127.0.0.1:${hello.port}/`, {});
  const list = await measure(`${base}/api/conversations`, headers);
  const unread = await measure(`${base}/api/messages/unread-count`, headers);

  const ms = (value: number) => value.toFixed(1);
  console.log(`\nNode ${process.version}, PostgreSQL at ${adminUrl.replace(/\/[^/]*$/, '')}`);
  console.log(
    `\n1. ${PAIRS} conversations × ${MESSAGES} messages sent at once: ${latencies.length}/${sent} delivered in ${seconds.toFixed(1)} s (${Math.round(sent / seconds)} messages/s)`,
  );
  console.log('| send → recipient socket | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(
    `| POST /api/conversations/{id}/messages | ${ms(percentile(latencies, 50))} | ${ms(percentile(latencies, 95))} | ${ms(percentile(latencies, 99))} | ${ms(percentile(latencies, 100))} |`,
  );
  console.log(
    `\n2. A member with ${CONVERSATIONS.toLocaleString('en')} conversations, 8 clients for ${SECONDS} s each`,
  );
  console.log('| Target | req/s | p50 (ms) | p95 (ms) | vs hello-world |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, run] of [
    ['hello-world (bare Fastify)', helloRun],
    ['GET /api/conversations (first page of 20)', list],
    ['GET /api/messages/unread-count', unread],
  ] as const) {
    console.log(
      `| ${name} | ${Math.round(run.requests).toLocaleString('en')} | ${ms(run.p50)} | ${ms(run.p95)} | ${(run.requests / helloRun.requests).toFixed(2)}× |`,
    );
  }
  if (latencies.length < sent) process.exitCode = 1;
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await pool.end();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
}
