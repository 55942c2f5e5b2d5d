import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_CLOSE } from '#common/schemas/notifications';
import { buildApp } from '#server/app.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { notify } from './notify.ts';
import type { createRedisBus } from './realtime/bus.ts';
import { decodeEvent, type RealtimeEvent, redisChannel } from './realtime/events.ts';
import { member, openSocket, type TestSocket, until } from './test-support.ts';

/**
 * The same guarantees with REDIS_URL set: events go through Redis pub/sub instead of NOTIFY, and
 * notify() still publishes only after its transaction commits. A test subscriber on the channel
 * sees exactly what crosses instances.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let t: TestApp;
let b: FastifyInstance;
let origin: string;
let spy: Redis;
const published: RealtimeEvent[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp({ REDIS_URL });
  b = await buildApp({ config: t.config, databaseUrl: t.url, logger: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await b.listen({ port: 0, host: '127.0.0.1' });
  origin = t.config.publicUrl.origin;
  spy = new Redis(REDIS_URL);
  const database = decodeURIComponent(new URL(t.url).pathname.slice(1));
  await spy.subscribe(redisChannel(database));
  spy.on('message', (_channel, payload) => {
    const event = decodeEvent(payload);
    if (event) published.push(event);
  });
});

afterAll(async () => {
  for (const socket of sockets) socket.ws.terminate();
  await b.close();
  await spy.quit();
});

async function connect(app: FastifyInstance, token: string) {
  const socket = await openSocket(app, { token, origin });
  sockets.push(socket);
  return socket;
}

const newMember = () => member(t.db, t.app);
const watcherOf = (app: FastifyInstance) => (app.realtime.bus as ReturnType<typeof createRedisBus>).watcher;

describe('realtime through Redis', () => {
  it('uses the Redis bus on both instances', () => {
    expect(t.app.realtime.bus.kind).toBe('redis');
    expect(b.realtime.bus.kind).toBe('redis');
    expect(b.realtime.bus.connected).toBe(true);
  });

  it('a review written through instance A reaches the subject on instance B; the payload is ids only', async () => {
    const subject = await newMember();
    const reviewer = await newMember();
    const onB = await connect(b, subject.token);
    const res = await reviewer.browser.request('POST', `/api/users/${subject.id}/reviews`, {
      body: { rating: 4, text: 'Kept the grip department running like a clock.' },
    });
    expect(res.statusCode).toBe(201);
    const message = await onB.next('notification', 1_000);
    expect(message.data).toMatchObject({ userId: subject.id, type: 'review', data: { rating: 4 } });
    await until(() => published.some((e) => e.k === 'n' && e.id === message.data.id));
    expect(published.find((e) => e.k === 'n' && e.id === message.data.id)).toEqual({
      k: 'n',
      id: message.data.id,
      u: subject.id,
    });
  });

  it('publishes nothing while the transaction is open, and only once it commits', async () => {
    const me = await newMember();
    const onB = await connect(b, me.token);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let insideId = 0;
    let written: () => void = () => {};
    const wasWritten = new Promise<void>((resolve) => {
      written = resolve;
    });
    const transaction = t.db.transaction(async (tx) => {
      insideId = (await notify(tx, me.id, 'system', 'Inside', 'Waits for commit'))?.id ?? 0;
      written();
      await held;
    });
    await wasWritten;
    // Delivery is flowing meanwhile: a notification committed after it arrives first.
    const outside = await notify(t.db, me.id, 'system', 'Outside', 'Committed first');
    expect((await onB.next('notification', 1_000)).data.id).toBe(outside?.id);
    expect(published.some((e) => e.k === 'n' && e.id === insideId)).toBe(false);
    expect(watcherOf(t.app).pendingCount + watcherOf(b).pendingCount).toBeGreaterThan(0);
    release();
    await transaction;
    expect((await onB.next('notification', 1_000)).data.id).toBe(insideId);
  });

  it('a rolled-back transaction publishes nothing', async () => {
    const me = await newMember();
    const onA = await connect(t.app, me.token);
    let lostId = 0;
    await expect(
      t.db.transaction(async (tx) => {
        lostId = (await notify(tx, me.id, 'review', 'Lost', 'Rolled back'))?.id ?? 0;
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(lostId).toBeGreaterThan(0);
    const kept = await notify(t.db, me.id, 'system', 'Kept', 'Committed');
    // Published in order of commit: once the later one is out, the rolled-back one never will be.
    await until(() => published.some((e) => e.k === 'n' && e.id === kept?.id));
    await until(() => watcherOf(t.app).pendingCount === 0 && watcherOf(b).pendingCount === 0);
    expect(published.some((e) => e.k === 'n' && e.id === lostId)).toBe(false);
    expect((await onA.next('notification', 1_000)).data.title).toBe('Kept');
    expect(onA.messages.filter((m) => m.type === 'notification')).toHaveLength(1);
  });

  it('two tabs on two instances both get it, and read all on A updates both', async () => {
    const me = await newMember();
    const onA = await connect(t.app, me.token);
    const onB = await connect(b, me.token);
    const created = await notify(t.db, me.id, 'team_invite', 'Team invite', 'Join the crew', { teamId: 9 });
    expect((await onA.next('notification', 1_000)).data.id).toBe(created?.id);
    expect((await onB.next('notification', 1_000)).data.id).toBe(created?.id);
    expect((await onB.next('unread_count_update', 1_000)).count).toBe(1);
    await me.browser.request('PATCH', '/api/notifications/read-all');
    expect((await onB.next('unread_count_update', 1_000)).count).toBe(0);
  });

  it('logout on A closes the socket on B', async () => {
    const me = await newMember();
    const onB = await connect(b, me.token);
    await me.browser.logout();
    expect((await onB.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
  });

  it('the subscription comes back by itself after its Redis connection is killed, and delivery resumes', async () => {
    const bus = b.realtime.bus as ReturnType<typeof createRedisBus>;
    const me = await newMember();
    const onB = await connect(b, me.token);
    const before = bus.resubscriptions;
    const address = bus.subscriberAddress;
    expect(address).toBeTruthy();
    const admin = new Redis(REDIS_URL);
    try {
      expect(await admin.client('KILL', 'ADDR', address as string)).toBe(1);
    } finally {
      await admin.quit();
    }
    await until(() => bus.resubscriptions > before && bus.connected);
    expect((await onB.next('unread_count_update', 2_000)).count).toBe(0);
    const created = await notify(t.db, me.id, 'system', 'After', 'Delivered again');
    expect((await onB.next('notification', 1_000)).data.id).toBe(created?.id);
  });
});
