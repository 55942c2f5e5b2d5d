import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Message } from '#common/schemas/messages';
import {
  REALTIME,
  REALTIME_CLOSE,
  type RealtimeServerMessage,
  realtimeClientMessageSchema,
} from '#common/schemas/notifications';
import type { Database } from '#server/db/client.ts';
import * as q from '../queries.ts';
import { toNotification } from '../service.ts';
import type { RealtimeEvent } from './events.ts';
import { recordPresence } from './presence-queries.ts';

export interface HubOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** Close a socket silent (no message, no pong) for this long. */
  idleTimeoutMs?: number;
  /** How often the sockets' sessions are checked against the database (expired, revoked, reset). */
  sessionCheckMs?: number;
  /** How often the members with a socket here are written to `member_presence`. */
  presenceIntervalMs?: number;
}

interface Connection {
  socket: WebSocket;
  userId: number;
  sessionId: number;
  expiresAt: number;
  lastSeen: number;
}

/** A socket that cannot keep up (this much unsent) is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** How far before a break a resync looks back, and how many notifications it re-sends at most. */
const RESYNC_MARGIN_MS = 5_000;
const RESYNC_LIMIT = 500;
/** Presence is written once a minute: "online" reads two minutes back, "away" ten. */
const PRESENCE_INTERVAL_MS = 60_000;

/**
 * The sockets this instance holds, by user, and what reaches them. Events from the bus are
 * gathered for one turn of the event loop and answered with two statements whatever their number
 * (the rows by id, the unread counts by user), and only for users with a socket here.
 */
export function createHub(options: HubOptions) {
  const { db, log } = options;
  const idleTimeoutMs = options.idleTimeoutMs ?? REALTIME.idleTimeoutMs;
  const byUser = new Map<number, Set<Connection>>();
  const bySocket = new Map<WebSocket, Connection>();
  let queue: RealtimeEvent[] = [];
  let flushScheduled = false;
  let closed = false;
  /** Loads direct messages by id; the messages feature hands it over when it starts. */
  let loadMessages: ((ids: number[]) => Promise<Message[]>) | null = null;

  const send = (connection: Connection, text: string) => {
    const { socket } = connection;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.terminate();
      return;
    }
    socket.send(text);
  };
  const sendToUser = (userId: number, message: RealtimeServerMessage) => {
    const connections = byUser.get(userId);
    if (!connections) return;
    const text = JSON.stringify(message);
    for (const connection of connections) send(connection, text);
  };

  /**
   * Writes presence for these members; never throws. Not while shutting down: the sockets closed
   * then reconnect to another instance, which writes it, and the last minute's row stands meanwhile.
   */
  async function touch(userIds: number[]) {
    if (closed || userIds.length === 0) return;
    try {
      await recordPresence(db, userIds);
    } catch (err) {
      if (!closed) log.warn({ err }, 'notifications: could not record presence');
    }
  }

  function remove(connection: Connection) {
    bySocket.delete(connection.socket);
    const set = byUser.get(connection.userId);
    set?.delete(connection);
    if (set?.size === 0) {
      byUser.delete(connection.userId);
      // The member's last socket here: they were online until now.
      void touch([connection.userId]);
    }
  }

  function add(socket: WebSocket, who: { userId: number; sessionId: number; expiresAt: Date }) {
    const connection: Connection = {
      socket,
      userId: who.userId,
      sessionId: who.sessionId,
      expiresAt: who.expiresAt.getTime(),
      lastSeen: Date.now(),
    };
    bySocket.set(socket, connection);
    let set = byUser.get(who.userId);
    if (!set) {
      set = new Set();
      byUser.set(who.userId, set);
      // Online from now, not from the next minute's write.
      void touch([who.userId]);
    }
    set.add(connection);

    socket.on('message', (raw, isBinary) => {
      connection.lastSeen = Date.now();
      if (isBinary) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString());
      } catch {
        return;
      }
      if (realtimeClientMessageSchema.safeParse(parsed).success) {
        send(connection, JSON.stringify({ type: 'notification_pong', at: new Date().toISOString() }));
      }
    });
    socket.on('pong', () => {
      connection.lastSeen = Date.now();
    });
    socket.on('close', () => remove(connection));
    return connection;
  }

  function onEvent(event: RealtimeEvent) {
    if (closed) return;
    if (event.k === 's') {
      closeSession(event.s);
      return;
    }
    if (!byUser.has(event.u)) return;
    queue.push(event);
    if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(() => void flush());
    }
  }

  async function flush() {
    flushScheduled = false;
    const events = queue;
    queue = [];
    await Promise.all([deliverNotifications(events), deliverMessages(events)]);
  }

  /** Read receipts carry all they say; messages are loaded by id, like notifications. */
  async function deliverMessages(events: RealtimeEvent[]) {
    for (const e of events) {
      if (e.k === 'r')
        sendToUser(e.u, { type: 'messages_read', data: { conversationId: e.c, readerId: e.r, upTo: e.m } });
    }
    const wanted = events.flatMap((e) => (e.k === 'm' && byUser.has(e.u) ? [e] : []));
    if (wanted.length === 0 || !loadMessages) return;
    try {
      const rows = new Map((await loadMessages([...new Set(wanted.map((e) => e.id))])).map((m) => [m.id, m]));
      for (const e of wanted) {
        const message = rows.get(e.id);
        if (message) sendToUser(e.u, { type: 'message', data: message });
      }
    } catch (err) {
      if (!closed) log.warn({ err }, 'messages: could not deliver realtime events');
    }
  }

  async function deliverNotifications(events: RealtimeEvent[]) {
    const users = [
      ...new Set(events.map((e) => (e.k === 'n' || e.k === 'u' || e.k === 'c' ? e.u : 0))),
    ].filter((u) => byUser.has(u));
    if (users.length === 0) return;
    const ids = [
      ...new Set(events.flatMap((e) => ((e.k === 'n' || e.k === 'u') && byUser.has(e.u) ? [e.id] : []))),
    ];
    try {
      const [rows, counts] = await Promise.all([q.byIds(db, ids), q.unreadCounts(db, users)]);
      const rowById = new Map(rows.map((row) => [row.id, row]));
      // Per user: the new notifications in the order they came, then the authoritative count, so
      // a tab that added 1 per notification ends on the true number whatever raced with what.
      for (const userId of users) {
        for (const event of events) {
          if ((event.k !== 'n' && event.k !== 'u') || event.u !== userId) continue;
          const row = rowById.get(event.id);
          // Gone (deleted, or written in a savepoint that rolled back) or not this user's: nothing to say.
          if (!row || row.userId !== userId) continue;
          sendToUser(userId, {
            type: event.k === 'n' ? 'notification' : 'notification_update',
            data: toNotification(row),
          });
        }
        sendToUser(userId, { type: 'unread_count_update', count: counts.get(userId) ?? 0 });
      }
    } catch (err) {
      if (!closed) log.warn({ err }, 'notifications: could not deliver realtime events');
    }
  }

  /**
   * After a break in the bus subscription that began at `lostAt`: the notifications written since
   * then (a little before, for transactions that began earlier and committed in the gap; the client
   * keeps one of each id), then the true count, to every socket here.
   */
  async function resync(lostAt?: Date) {
    const users = [...byUser.keys()];
    if (lostAt && users.length > 0) {
      try {
        const since = new Date(lostAt.getTime() - RESYNC_MARGIN_MS);
        for (const row of await q.createdSince(db, users, since, RESYNC_LIMIT)) {
          sendToUser(row.userId, { type: 'notification', data: toNotification(row) });
        }
      } catch (err) {
        if (!closed) log.warn({ err }, 'notifications: could not re-send missed notifications');
      }
    }
    for (const userId of users) onEvent({ k: 'c', u: userId });
  }

  function closeSession(sessionId: number, code: number = REALTIME_CLOSE.sessionEnded) {
    for (const connection of [...bySocket.values()]) {
      if (connection.sessionId === sessionId) connection.socket.close(code, 'Session ended');
    }
  }

  /**
   * Closes the silent and the expired, and pings the rest: a browser answers a protocol ping by
   * itself even when its tab is throttled in the background, so a live tab is never taken for dead.
   */
  function sweep(now = Date.now()) {
    for (const connection of [...bySocket.values()]) {
      if (now >= connection.expiresAt) connection.socket.close(REALTIME_CLOSE.sessionEnded, 'Session ended');
      else if (now - connection.lastSeen > idleTimeoutMs) {
        connection.socket.close(REALTIME_CLOSE.idle, 'Idle');
      } else if (connection.socket.readyState === connection.socket.OPEN) connection.socket.ping();
    }
  }

  /** Sessions ended by other means than a logout here (reset, revoke, logout elsewhere missed). */
  async function checkSessions() {
    const ids = [...new Set([...bySocket.values()].map((c) => c.sessionId))];
    if (ids.length === 0) return;
    const live = await q.liveSessions(db, ids);
    for (const id of ids) if (!live.has(id)) closeSession(id);
  }

  const idleTimer = setInterval(() => sweep(), Math.min(idleTimeoutMs / 3, REALTIME.pingIntervalMs));
  idleTimer.unref();
  const sessionTimer = setInterval(
    () =>
      void checkSessions().catch((err: unknown) => {
        if (!closed) log.warn({ err }, 'notifications: could not check socket sessions');
      }),
    options.sessionCheckMs ?? 60_000,
  );
  sessionTimer.unref();
  /** Everyone with a socket here, in one statement a minute whatever their number. */
  const recordAll = () => touch([...byUser.keys()]);
  const presenceTimer = setInterval(
    () => void recordAll(),
    options.presenceIntervalMs ?? PRESENCE_INTERVAL_MS,
  );
  presenceTimer.unref();

  return {
    add,
    onEvent,
    resync,
    sweep,
    checkSessions,
    closeSession,
    /** Shutdown: every socket is told to reconnect (to this instance's successor or another). */
    closeAll(code: number = REALTIME_CLOSE.goingAway) {
      closed = true;
      clearInterval(idleTimer);
      clearInterval(sessionTimer);
      clearInterval(presenceTimer);
      for (const connection of [...bySocket.values()]) connection.socket.close(code, 'Server shutting down');
    },
    socketCount: () => bySocket.size,
    /** The minute's presence write (tests call it rather than wait a minute). */
    recordPresence: recordAll,
    /** How `m` events become messages (the messages feature's loader). */
    useMessageLoader(loader: (ids: number[]) => Promise<Message[]>) {
      loadMessages = loader;
    },
    /** When each of the user's sockets was last heard from (for tests and diagnostics). */
    lastSeenOf: (userId: number) => [...(byUser.get(userId) ?? [])].map((c) => c.lastSeen),
    socketsOf: (userId: number) => byUser.get(userId)?.size ?? 0,
  };
}

export type Hub = ReturnType<typeof createHub>;
