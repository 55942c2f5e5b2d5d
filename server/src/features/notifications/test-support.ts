import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import WebSocket from 'ws';
import type { RealtimeServerMessage } from '#common/schemas/notifications';
import type { Database } from '#server/db/client.ts';
import { notifications, subscriptions, users } from '#server/db/schema/index.ts';
import { createSession } from '#server/features/auth/service.ts';
import { newUser, TestBrowser } from '../../../test/client.ts';

let ipCounter = 0;

/**
 * A signed-in member written straight to the database (signing up hashes a password, which these
 * tests do not need), with a TestBrowser on that session for app.inject().
 */
export async function member(
  db: Database,
  app: FastifyInstance,
  options: { role?: 'user' | 'admin'; premium?: boolean } = {},
) {
  ipCounter += 1;
  const ip = `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  const user = newUser('note');
  const [row] = await db
    .insert(users)
    .values({
      username: user.username,
      email: user.email,
      displayName: `Member ${user.username}`,
      role: options.role ?? 'user',
      createdAt: sql`now() - interval '3 days'`,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  if (options.premium) {
    // As the demo checkout leaves it: an active subscription for a month.
    await db.insert(subscriptions).values({
      userId: row.id,
      plan: 'monthly',
      status: 'active',
      provider: 'demo',
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    });
  }
  const session = await createSession(db, row.id, false, { ip, ipPrefix: ip, userAgent: 'test' });
  const browser = new TestBrowser(app, ip);
  browser.cookies.set(app.sessionCookieName, session.token);
  return { id: row.id, browser, token: session.token, username: user.username };
}

type Member = Awaited<ReturnType<typeof member>>;

/**
 * The members canContact turns away from `asker`: one who blocked them, one they blocked, and
 * one staff suspended.
 */
export async function unreachableMembers(db: Database, app: FastifyInstance, asker: Member) {
  const [blocker, blockedByAsker, suspended] = [
    await member(db, app),
    await member(db, app),
    await member(db, app),
  ];
  await blocker.browser.request('POST', '/api/blocks', { body: { userId: asker.id } });
  await asker.browser.request('POST', '/api/blocks', { body: { userId: blockedByAsker.id } });
  await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
  return { blocker, blockedByAsker, suspended };
}

/**
 * The abuse case of every way to reach someone (book, hold, invite): `attempt` at the blocker and
 * the suspended member is answered as for a member who does not exist (404, the same message, so
 * a block is never revealed), at the member the asker blocked with a 409 asking to unblock first;
 * none of them hears of it.
 */
export async function expectContactRefused(
  db: Database,
  unreachable: Awaited<ReturnType<typeof unreachableMembers>>,
  attempt: (userId: number) => Promise<LightMyRequestResponse>,
  messages: { notFound: string; unblockFirst: string },
) {
  const nobody = await attempt(2_000_000_000);
  expect(nobody.json().error.message).toBe(messages.notFound);
  for (const target of [unreachable.blocker, unreachable.suspended]) {
    const res = await attempt(target.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(nobody.json().error.message);
  }
  const mine = await attempt(unreachable.blockedByAsker.id);
  expect(mine.statusCode).toBe(409);
  expect(mine.json().error.message).toBe(messages.unblockFirst);
  const ids = [unreachable.blocker.id, unreachable.blockedByAsker.id, unreachable.suspended.id];
  expect(await db.$count(notifications, inArray(notifications.userId, ids))).toBe(0);
}

/** Which browser another instance would be: the same cookies, another app. */
export function sameBrowserOn(app: FastifyInstance, browser: TestBrowser): TestBrowser {
  const other = new TestBrowser(app, browser.ip);
  for (const [name, value] of browser.cookies) other.cookies.set(name, value);
  return other;
}

export interface TestSocket {
  ws: WebSocket;
  /** Every message received, in order. */
  messages: RealtimeServerMessage[];
  /** The next message of this type not yet taken (in order), or a rejection after `timeoutMs`. */
  next<T extends RealtimeServerMessage['type']>(
    type: T,
    timeoutMs?: number,
  ): Promise<Extract<RealtimeServerMessage, { type: T }>>;
  /** Resolves with the close code once the server closes the socket. */
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
  close(): void;
}

export function portOf(app: FastifyInstance): number {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('app is not listening');
  return address.port;
}

export function baseUrlOf(app: FastifyInstance): string {
  return `ws://127.0.0.1:${portOf(app)}`;
}

/** Opens /ws like a browser tab: the session cookie and an Origin header. Rejects with the HTTP status if refused. */
export function openSocket(
  app: FastifyInstance,
  options: { token?: string | null; origin?: string | null },
): Promise<TestSocket> {
  const headers: Record<string, string> = {};
  if (options.token) headers.cookie = `${app.sessionCookieName}=${options.token}`;
  if (options.origin) headers.origin = options.origin;
  const ws = new WebSocket(`${baseUrlOf(app)}/ws`, { headers });
  const messages: RealtimeServerMessage[] = [];
  const taken = new Map<string, number>();
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    messages.push(JSON.parse(data.toString()) as RealtimeServerMessage);
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  const socket: TestSocket = {
    ws,
    messages,
    closed,
    next(type, timeoutMs = 3_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const from = taken.get(type) ?? 0;
          const at = messages.findIndex((m, i) => i >= from && m.type === type);
          if (at === -1) return false;
          taken.set(type, at + 1);
          waiters.delete(look);
          clearTimeout(timer);
          resolve(messages[at] as never);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(`no ${type} message within ${timeoutMs} ms`));
        }, timeoutMs);
        if (!look()) waiters.add(look);
      });
    },
    send(message) {
      ws.send(JSON.stringify(message));
    },
    close() {
      ws.close(1000);
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_request, response) => {
      reject(
        Object.assign(new Error(`refused with ${response.statusCode}`), { status: response.statusCode }),
      );
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

/** Polls a condition (no fixed sleep): resolves as soon as it holds, rejects after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A role of the catalogue by name, as this database numbered it. */
export async function roleIdNamed(app: FastifyInstance, name: string): Promise<number> {
  const roles = (await app.inject({ method: 'GET', url: '/api/roles' })).json() as {
    id: number;
    name: string;
  }[];
  const role = roles.find((r) => r.name === name);
  if (!role) throw new Error(`no role named ${name}`);
  return role.id;
}
