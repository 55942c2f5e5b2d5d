/**
 * The soak benchmark's traffic (issue 21, scenario 5): signed-in members with a realtime socket
 * each, and a mix of public reads and members' writes launched at a steady rate, open loop (a
 * slow answer does not slow the rate down; `maxInFlight` bounds the pile-up instead).
 */
import { inArray, sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { PREMIUM_PLANS } from '#common/premium';
import type { RealtimeServerMessage } from '#common/schemas/notifications';
import { cookieNames } from '../server/src/config.ts';
import type { Database } from '../server/src/db/client.ts';
import { subscriptions, users } from '../server/src/db/schema/index.ts';
import { type BenchMember, createBenchMembers } from './lib.ts';

/** A CSRF token lives 15 minutes; members fetch a new one well before. */
const CSRF_REFRESH_MS = 10 * 60_000;
/** What the web app does while a socket is open (REALTIME.pingIntervalMs). */
const SOCKET_PING_MS = 30_000;
/** Longest wait for a connection request to reach the other member's socket. */
const NOTIFICATION_WAIT_MS = 5_000;
/** Reviews one member may write a day (LIMITS.reviewsPerDay): each writes at most this many. */
const REVIEWS_PER_MEMBER = 10;
const DEMO_CREW = 500;
const SEARCH_WORDS = [
  'gaffer',
  'editor',
  'director of photography',
  'sound mixer',
  'london',
  'berlin',
  'camera operator',
  'makeup',
  'colorist',
  'steadicam',
  'grip',
  'producer',
  'los angeles',
  'documentary',
];

export interface Counters {
  requests: number;
  /** Answers outside 2xx/3xx, by "kind status". */
  errorAnswers: Map<string, number>;
  /** fetch failures (reset, refused) and socket errors or unexpected closes. */
  socketErrors: number;
  /** Ops not launched because `maxInFlight` were still running: the server fell behind. */
  skipped: number;
  notificationsReceived: number;
  notificationsMissed: number;
  pongs: number;
  /** [ms since start, latency ms, kind] of every request. */
  latencies: [number, number, string][];
}

interface Member extends BenchMember {
  index: number;
  csrf: string;
  csrfAt: number;
  socket: WebSocket;
  reviewsWritten: number;
  /** Set while this member waits for a connection request on its socket. */
  awaiting?: (notificationId: number | undefined) => void;
}

const random = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
const crewId = () => 1 + Math.floor(Math.random() * DEMO_CREW);

/** Members older than a day (so they may review) and Premium (so they may ask to connect). */
export async function createSoakMembers(db: Database, count: number): Promise<BenchMember[]> {
  const members = await createBenchMembers(db, count, 'user', `soak${process.pid}x`);
  const ids = members.map((member) => member.id);
  await db.update(users).set({ createdAt: sql`now() - interval '2 days'` }).where(inArray(users.id, ids));
  const start = new Date(Date.now() - 86_400_000);
  await db.insert(subscriptions).values(
    ids.map((userId) => ({
      userId,
      plan: PREMIUM_PLANS.yearly.id,
      status: 'active' as const,
      provider: 'demo' as const,
      currentPeriodStart: start,
      currentPeriodEnd: new Date(start.getTime() + 366 * 86_400_000),
    })),
  );
  return members;
}

export function createTraffic(base: string, counters: Counters, startedAt: number) {
  const origin = base;
  const members: Member[] = [];
  const inFlight = new Set<Promise<void>>();
  const busyPairs = new Set<number>();
  let roleIds: number[] = [1];
  let edits = 0;
  let reviewTurn = 0;

  const sessionCookie = cookieNames(new URL(origin)).session;
  const cookie = (member: BenchMember) => `${sessionCookie}=${member.token}`;

  /** One request; an answer outside 2xx/3xx or a failed fetch is counted, never thrown. */
  async function request(kind: string, path: string, init: RequestInit = {}, as?: Member) {
    const headers: Record<string, string> = {
      'accept-encoding': 'gzip, deflate, br',
      accept: path.startsWith('/api/') ? 'application/json' : 'text/html',
      ...(init.headers as Record<string, string>),
    };
    if (as) headers.cookie = cookie(as);
    if (as && init.method && init.method !== 'GET') {
      headers['csrf-token'] = as.csrf;
      if (init.body) headers['content-type'] = 'application/json';
    }
    counters.requests++;
    const began = performance.now();
    try {
      const res = await fetch(`${base}${path}`, { ...init, headers, redirect: 'manual' });
      const body = await res.arrayBuffer();
      counters.latencies.push([began - startedAt, performance.now() - began, kind]);
      if (res.status >= 400) {
        const key = `${kind} ${res.status}`;
        counters.errorAnswers.set(key, (counters.errorAnswers.get(key) ?? 0) + 1);
        if (counters.errorAnswers.get(key) === 1)
          console.error(`${key}: ${Buffer.from(body).toString().slice(0, 200)}`);
        return undefined;
      }
      return res.headers.get('content-type')?.includes('json')
        ? JSON.parse(Buffer.from(body).toString())
        : {};
    } catch (error) {
      counters.socketErrors++;
      console.error(`${kind}: ${(error as Error).message}`);
      return undefined;
    }
  }

  async function freshCsrf(member: Member) {
    if (performance.now() - member.csrfAt < CSRF_REFRESH_MS) return;
    member.csrfAt = performance.now();
    const answer = (await request('csrf', '/api/csrf-token', {}, member)) as
      | { csrfToken: string }
      | undefined;
    if (answer) member.csrf = answer.csrfToken;
  }

  function openSocket(member: BenchMember): Promise<WebSocket> {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, {
      headers: { cookie: cookie(member), origin },
      perMessageDeflate: false,
    });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
    });
  }

  function listen(member: Member) {
    const ws = member.socket;
    const ping = setInterval(() => ws.send(JSON.stringify({ type: 'notification_ping' })), SOCKET_PING_MS);
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as RealtimeServerMessage;
      if (message.type === 'notification_pong') counters.pongs++;
      if (message.type !== 'notification') return;
      counters.notificationsReceived++;
      if (message.data.type === 'connection_request') member.awaiting?.(message.data.id);
    });
    ws.on('error', (error) => {
      counters.socketErrors++;
      console.error(`socket of member ${member.id}: ${error.message}`);
    });
    ws.on('close', (code) => {
      clearInterval(ping);
      closes.set(code, (closes.get(code) ?? 0) + 1);
      if (!stopping) {
        counters.socketErrors++;
        console.error(`socket of member ${member.id} closed with ${code} during the run`);
      }
    });
  }
  const closes = new Map<number, number>();
  let stopping = false;

  /** A asks B to connect, B sees it on its socket and accepts, A removes the connection again. */
  async function connectionCycle(pair: number) {
    const [a, b] = [members[2 * pair], members[2 * pair + 1]] as [Member, Member];
    await Promise.all([freshCsrf(a), freshCsrf(b)]);
    const seen = new Promise<number | undefined>((resolve) => {
      const timer = setTimeout(() => {
        counters.notificationsMissed++;
        resolve(undefined);
      }, NOTIFICATION_WAIT_MS);
      b.awaiting = (id) => {
        clearTimeout(timer);
        resolve(id);
      };
    });
    const asked = await request(
      'POST /api/connections',
      '/api/connections',
      { method: 'POST', body: JSON.stringify({ userId: b.id }) },
      a,
    );
    const notificationId = asked ? await seen : undefined;
    b.awaiting = undefined;
    if (!asked) return;
    await request(
      'POST /api/connections/accept',
      '/api/connections/accept',
      { method: 'POST', body: JSON.stringify({ requesterId: a.id, notificationId }) },
      b,
    );
    await request('DELETE /api/connections/:userId', `/api/connections/${b.id}`, { method: 'DELETE' }, a);
  }

  async function writeReview(member: Member) {
    // Counted before any wait, so two reviews of one member at once cannot pass the daily limit.
    member.reviewsWritten++;
    // Ten different people per member (13 and 500 share no factor): never the same one twice.
    const subject = ((member.index * 37 + member.reviewsWritten * 13) % DEMO_CREW) + 1;
    await freshCsrf(member);
    await request(
      'POST /api/users/:id/reviews',
      `/api/users/${subject}/reviews`,
      {
        method: 'POST',
        body: JSON.stringify({
          rating: 1 + Math.floor(Math.random() * 5),
          text: `Soak review ${member.reviewsWritten}: on time, prepared and easy to work with.`,
          projectName: 'Soak Test',
        }),
      },
      member,
    );
  }

  async function editProfile(member: Member) {
    await freshCsrf(member);
    edits++;
    await request(
      'PATCH /api/users/:id',
      `/api/users/${member.id}`,
      {
        method: 'PATCH',
        body: JSON.stringify({
          bio: `Camera assistant, edit ${edits}: features, commercials and music videos.`,
          location: random(['London', 'Berlin', 'Los Angeles', 'Toronto']),
        }),
      },
      member,
    );
  }

  /** [weight, what one op does]: about 80 % public reads, 20 % members. */
  const mix: [number, () => Promise<unknown>][] = [
    [8, () => request('GET /', '/')],
    [10, () => request('GET /api/users/top-rated', '/api/users/top-rated?limit=8')],
    [
      14,
      () =>
        request(
          'GET /api/browse/crew',
          `/api/browse/crew?role=${random(roleIds)}&page=${1 + Math.floor(Math.random() * 3)}`,
        ),
    ],
    [14, () => request('GET /api/search', `/api/search?q=${encodeURIComponent(random(SEARCH_WORDS))}`)],
    [14, () => request('GET /api/users/:id', `/api/users/${crewId()}`)],
    [6, () => request('GET /profile/:id', `/profile/${crewId()}`)],
    [5, () => request('GET /api/users/:id/reviews', `/api/users/${crewId()}/reviews`)],
    [5, () => request('GET /api/roles', '/api/roles')],
    [4, () => request('GET /api/notifications', '/api/notifications', {}, random(members))],
    [3, () => request('GET /api/auth/me', '/api/auth/me', {}, random(members))],
    [
      3,
      () => request('GET /api/search (member)', `/api/search?q=${random(SEARCH_WORDS)}`, {}, random(members)),
    ],
    [7, () => editProfile(random(members))],
    [
      1,
      () => {
        // Members take turns, so each stays under the daily limit for as long as possible.
        const writer = members[reviewTurn++ % members.length];
        return writer && writer.reviewsWritten < REVIEWS_PER_MEMBER
          ? writeReview(writer)
          : request('GET /api/roles', '/api/roles');
      },
    ],
    [
      6,
      () => {
        const free = Array.from({ length: members.length / 2 }, (_, i) => i).filter((i) => !busyPairs.has(i));
        const pair = free.length > 0 ? random(free) : undefined;
        if (pair === undefined) return request('GET /api/auth/me', '/api/auth/me', {}, random(members));
        busyPairs.add(pair);
        return connectionCycle(pair).finally(() => busyPairs.delete(pair));
      },
    ],
  ];
  const totalWeight = mix.reduce((sum, [weight]) => sum + weight, 0);

  function launch(maxInFlight: number) {
    if (inFlight.size >= maxInFlight) {
      counters.skipped++;
      return;
    }
    let pick = Math.random() * totalWeight;
    let op = (mix[0] as (typeof mix)[0])[1];
    for (const [weight, candidate] of mix) {
      op = candidate;
      pick -= weight;
      if (pick < 0) break;
    }
    const running: Promise<void> = op().then(
      () => {
        inFlight.delete(running);
      },
      (error: unknown) => {
        inFlight.delete(running);
        console.error(error);
      },
    );
    inFlight.add(running);
  }

  return {
    closes,
    async prepare(benchMembers: BenchMember[]) {
      const roles = (await request('GET /api/roles', '/api/roles')) as { id: number }[];
      roleIds = roles.map((role) => role.id);
      for (const [index, member] of benchMembers.entries()) {
        const socket = await openSocket(member);
        const full: Member = { ...member, index, csrf: '', csrfAt: -Infinity, socket, reviewsWritten: 0 };
        members.push(full);
        listen(full);
        await freshCsrf(full);
      }
    },
    /** Launches `rate` ops a second until `until` (performance.now()), then waits for the last. */
    async run(rate: number, until: number, maxInFlight: number) {
      const began = performance.now();
      let launched = 0;
      while (performance.now() < until) {
        const due = Math.floor(((performance.now() - began) / 1000) * rate);
        while (launched < due) {
          launch(maxInFlight);
          launched++;
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await Promise.all(inFlight);
      return launched;
    },
    /** From here on, a socket closing is the server stopping, not an error. */
    expectCloses() {
      stopping = true;
    },
    openSockets: () => members.filter((m) => m.socket.readyState === WebSocket.OPEN).length,
  };
}
