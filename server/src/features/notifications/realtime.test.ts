import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME, REALTIME_CLOSE, realtimeServerMessageSchema } from '#common/schemas/notifications';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { sessions } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp, testEnvironment } from '../../../test/helpers.ts';
import { notify } from './notify.ts';
import type { createPostgresBus } from './realtime/bus.ts';
import { member, openSocket, portOf, sameBrowserOn, type TestSocket, until } from './test-support.ts';

/**
 * Real sockets against real listening servers: instance A (`t.app`) and instance B, a second app
 * on the same database, as two server processes would be. Delivery goes through PostgreSQL
 * LISTEN/NOTIFY here (no REDIS_URL); realtime-redis.test.ts covers Redis.
 */
let t: TestApp;
let b: FastifyInstance;
let origin: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  b = await buildApp({ config: t.config, databaseUrl: t.url, logger: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await b.listen({ port: 0, host: '127.0.0.1' });
  origin = t.config.publicUrl.origin;
});

afterAll(async () => {
  for (const socket of sockets) socket.ws.terminate();
  await b.close();
});

async function connect(app: FastifyInstance, token: string, from = origin) {
  const socket = await openSocket(app, { token, origin: from });
  sockets.push(socket);
  return socket;
}

const newMember = () => member(t.db, t.app);

describe('/ws', () => {
  it('pushes a notification written by another request within 1 s, then the true unread count', async () => {
    const me = await newMember();
    const socket = await connect(t.app, me.token);
    const res = await me.browser.request('POST', '/api/notifications/test', {
      body: { type: 'system', title: 'Hello', message: 'From another request' },
    });
    expect(res.statusCode).toBe(201);
    const message = await socket.next('notification', 1_000);
    expect(realtimeServerMessageSchema.parse(message)).toEqual({
      type: 'notification',
      data: res.json().notification,
    });
    expect(await socket.next('unread_count_update', 1_000)).toEqual({
      type: 'unread_count_update',
      count: 1,
    });
  });

  it('reaches every socket of the user (two tabs), and no one else', async () => {
    const me = await newMember();
    const stranger = await newMember();
    const [tab1, tab2, theirs] = await Promise.all([
      connect(t.app, me.token),
      connect(t.app, me.token),
      connect(t.app, stranger.token),
    ]);
    const created = await notify(t.db, me.id, 'message', 'New message', 'Hi', { conversationId: 3 });
    for (const tab of [tab1, tab2]) {
      expect((await tab.next('notification', 1_000)).data.id).toBe(created?.id);
    }
    // The stranger's socket hears its own notification, and only that.
    const own = await notify(t.db, stranger.id, 'system', 'Yours', 'Only yours');
    expect((await theirs.next('notification', 1_000)).data.id).toBe(own?.id);
    expect(theirs.messages.filter((m) => m.type === 'notification')).toHaveLength(1);
  });

  it('refuses a missing Origin (403), and no or an ended session (401)', async () => {
    const me = await newMember();
    await expect(openSocket(t.app, { token: me.token, origin: null })).rejects.toMatchObject({ status: 403 });
    await expect(openSocket(t.app, { token: null, origin })).rejects.toMatchObject({ status: 401 });
    await expect(openSocket(t.app, { token: 'not-a-session', origin })).rejects.toMatchObject({
      status: 401,
    });
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, me.id));
    await expect(openSocket(t.app, { token: me.token, origin })).rejects.toMatchObject({ status: 401 });
  });

  it('accepts the origin the page was served from on any port when PUBLIC_URL is unset', async () => {
    const me = await newMember();
    // The test server listens on a random port at 127.0.0.1, as `PORT=3900 npm start` opened there.
    const servedFrom = `http://127.0.0.1:${portOf(t.app)}`;
    expect(t.config.publicUrl.origin).toBe('http://localhost:3000');
    const socket = await connect(t.app, me.token, servedFrom);
    const created = await notify(t.db, me.id, 'system', 'Live', 'On another port');
    expect((await socket.next('notification', 1_000)).data.id).toBe(created?.id);
  });

  it('closes a socket from a foreign origin at once with 4403, reading and sending nothing', async () => {
    const me = await newMember();
    for (const foreign of ['https://evil.example', `http://127.0.0.1:${portOf(t.app) + 1}`, 'null']) {
      const socket = await openSocket(t.app, { token: me.token, origin: foreign });
      expect(await socket.closed).toEqual({
        code: REALTIME_CLOSE.originRefused,
        reason: 'Live updates are not allowed from this address',
      });
      expect(socket.messages).toEqual([]);
    }
    expect(t.app.realtime.hub.socketsOf(me.id)).toBe(0);
  });

  it('with PUBLIC_URL set, accepts only its origin and ALLOWED_ORIGINS', async () => {
    const pinned = await buildApp({
      config: loadConfig({
        ...testEnvironment(t.config),
        PUBLIC_URL: 'https://crewbase.example',
        ALLOWED_ORIGINS: 'https://www.crewbase.example',
      }),
      databaseUrl: t.url,
      logger: false,
    });
    try {
      await pinned.listen({ port: 0, host: '127.0.0.1' });
      const me = await newMember();
      for (const allowed of ['https://crewbase.example', 'https://www.crewbase.example']) {
        const socket = await openSocket(pinned, { token: me.token, origin: allowed });
        socket.send({ type: 'notification_ping' });
        await socket.next('notification_pong', 1_000);
        socket.ws.terminate();
      }
      const servedFrom = await openSocket(pinned, {
        token: me.token,
        origin: `http://127.0.0.1:${portOf(pinned)}`,
      });
      expect((await servedFrom.closed).code).toBe(REALTIME_CLOSE.originRefused);
    } finally {
      await pinned.close();
    }
  });

  it('answers notification_ping with notification_pong', async () => {
    const me = await newMember();
    const socket = await connect(t.app, me.token);
    socket.send({ type: 'notification_ping' });
    const pong = await socket.next('notification_pong', 1_000);
    expect(realtimeServerMessageSchema.parse(pong)).toEqual({
      type: 'notification_pong',
      at: expect.any(String),
    });
    // Anything else is ignored, and the socket stays open.
    socket.ws.send('not json');
    socket.send({ type: 'something_else' });
    socket.send({ type: 'notification_ping' });
    await socket.next('notification_pong', 1_000);
  });

  it('closes a socket silent for longer than the idle limit (4408), and keeps a talking one', async () => {
    const quiet = await connect(t.app, (await newMember()).token);
    const quietOpened = Date.now();
    const talker = await newMember();
    const talking = await connect(t.app, talker.token);
    await until(() => Date.now() > quietOpened + 2);
    const pingSent = Date.now();
    talking.send({ type: 'notification_ping' });
    await talking.next('notification_pong', 1_000);
    // The moment the quiet socket has been silent too long and the talking one not yet.
    t.app.realtime.hub.sweep(pingSent + REALTIME.idleTimeoutMs - 1);
    expect((await quiet.closed).code).toBe(REALTIME_CLOSE.idle);
    expect(talking.ws.readyState).toBe(talking.ws.OPEN);
    expect(t.app.realtime.hub.socketsOf(talker.id)).toBe(1);
  });

  it('a protocol pong counts as a sign of life (a throttled background tab is not dropped)', async () => {
    const me = await newMember();
    const socket = await connect(t.app, me.token);
    const opened = Date.now();
    await until(() => Date.now() > opened + 2);
    const pinged = new Promise<void>((resolve) => socket.ws.once('ping', () => resolve()));
    const sweptAt = Date.now();
    // The sweep pings every socket it keeps; ws answers with a pong by itself, as a browser does.
    t.app.realtime.hub.sweep(sweptAt);
    await pinged;
    await until(() => (t.app.realtime.hub.lastSeenOf(me.id)[0] ?? 0) >= sweptAt);
  });

  it('unread_count_update reaches every tab after read, read all, delete and clear all', async () => {
    const me = await newMember();
    const other = await connect(t.app, me.token);
    // One notification at a time, each followed by its count: every later count is then one answer to one change.
    const first = await notify(t.db, me.id, 'system', 'One', 'One');
    expect((await other.next('unread_count_update', 1_000)).count).toBe(1);
    const second = await notify(t.db, me.id, 'system', 'Two', 'Two');
    expect((await other.next('unread_count_update', 1_000)).count).toBe(2);
    await me.browser.request('PATCH', `/api/notifications/${first?.id}/read`);
    expect((await other.next('unread_count_update', 1_000)).count).toBe(1);
    await me.browser.request('PATCH', '/api/notifications/read-all');
    expect((await other.next('unread_count_update', 1_000)).count).toBe(0);
    await me.browser.request('DELETE', `/api/notifications/${second?.id}`);
    expect((await other.next('unread_count_update', 1_000)).count).toBe(0);
    await notify(t.db, me.id, 'system', 'Three', 'Three');
    expect((await other.next('unread_count_update', 1_000)).count).toBe(1);
    await me.browser.request('DELETE', '/api/notifications/clear-all');
    expect((await other.next('unread_count_update', 1_000)).count).toBe(0);
  });
});

describe('publish after commit', () => {
  it('a rolled-back transaction sends nothing', async () => {
    const me = await newMember();
    const socket = await connect(t.app, me.token);
    await expect(
      t.db.transaction(async (tx) => {
        await notify(tx, me.id, 'review', 'Lost', 'Rolled back');
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await notify(t.db, me.id, 'system', 'Kept', 'Committed');
    // The first notification the socket hears is the committed one.
    expect((await socket.next('notification', 1_000)).data.title).toBe('Kept');
    expect(socket.messages.filter((m) => m.type === 'notification')).toHaveLength(1);
  });

  it('nothing is sent while the transaction is open; it arrives once it commits', async () => {
    const me = await newMember();
    const socket = await connect(t.app, me.token);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written: () => void = () => {};
    const wasWritten = new Promise<void>((resolve) => {
      written = resolve;
    });
    const transaction = t.db.transaction(async (tx) => {
      await notify(tx, me.id, 'review', 'Inside', 'Waits for commit');
      written();
      await held;
    });
    await wasWritten;
    // Delivery is flowing: a notification committed meanwhile arrives, the open one does not.
    await notify(t.db, me.id, 'system', 'Outside', 'Committed first');
    expect((await socket.next('notification', 1_000)).data.title).toBe('Outside');
    expect(socket.messages.filter((m) => m.type === 'notification')).toHaveLength(1);
    release();
    await transaction;
    expect((await socket.next('notification', 1_000)).data.title).toBe('Inside');
  });
});

describe('across instances (LISTEN/NOTIFY)', () => {
  it('a review written through instance A reaches the subject on instance B', async () => {
    const subject = await newMember();
    const reviewer = await newMember();
    const onB = await connect(b, subject.token);
    const res = await reviewer.browser.request('POST', `/api/users/${subject.id}/reviews`, {
      body: { rating: 5, text: 'A superb focus puller, calm under pressure.' },
    });
    expect(res.statusCode).toBe(201);
    const message = await onB.next('notification', 1_000);
    expect(message.data).toMatchObject({
      userId: subject.id,
      type: 'review',
      data: { reviewId: res.json().id, rating: 5 },
    });
  });

  it('read all through A updates the tab on B', async () => {
    const me = await newMember();
    await notify(t.db, me.id, 'system', 'One', 'One');
    const onB = await connect(b, me.token);
    await me.browser.request('PATCH', '/api/notifications/read-all');
    expect((await onB.next('unread_count_update', 1_000)).count).toBe(0);
  });

  it('logout closes the sockets of that session, on this instance and on the other', async () => {
    const me = await newMember();
    const onA = await connect(t.app, me.token);
    const onB = await connect(b, me.token);
    // Another session of the same user stays.
    const otherDevice = await member(t.db, t.app);
    const keep = await connect(b, otherDevice.token);
    const res = await me.browser.logout();
    expect(res.statusCode).toBe(204);
    expect((await onA.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
    expect((await onB.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
    expect(keep.ws.readyState).toBe(keep.ws.OPEN);
  });

  it('GET /api/logout on B closes the socket on A', async () => {
    const me = await newMember();
    const onA = await connect(t.app, me.token);
    const res = await sameBrowserOn(b, me.browser).request('GET', '/api/logout');
    expect(res.statusCode).toBe(302);
    expect((await onA.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
  });

  it('a session ended any other way (reset, revoke) is closed by the periodic session check', async () => {
    const me = await newMember();
    const socket = await connect(t.app, me.token);
    await t.db.delete(sessions).where(eq(sessions.userId, me.id));
    await t.app.realtime.hub.checkSessions();
    expect((await socket.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
  });

  it('the LISTEN connection reconnects by itself after it is killed, and delivery resumes', async () => {
    const bus = b.realtime.bus as ReturnType<typeof createPostgresBus>;
    const me = await newMember();
    const onB = await connect(b, me.token);
    const before = bus.reconnects;
    const pid = bus.backendPid;
    expect(pid).toBeTypeOf('number');
    await t.db.execute(sql`select pg_terminate_backend(${pid}::int)`);
    await until(() => bus.reconnects > before && bus.connected);
    expect(bus.backendPid).not.toBe(pid);
    // After the gap, the true count is sent again to every socket.
    expect((await onB.next('unread_count_update', 2_000)).count).toBe(0);
    const created = await notify(t.db, me.id, 'system', 'After', 'Delivered again');
    expect((await onB.next('notification', 1_000)).data.id).toBe(created?.id);
  });

  it('closes every socket with 1001 when the instance shuts down', async () => {
    const c = await buildApp({ config: t.config, databaseUrl: t.url, logger: false });
    await c.listen({ port: 0, host: '127.0.0.1' });
    const socket = await connect(c, (await newMember()).token);
    await c.close();
    expect((await socket.closed).code).toBe(REALTIME_CLOSE.goingAway);
  });
});
