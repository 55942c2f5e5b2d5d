import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { type Database, LISTEN_APPLICATION_NAME } from '#server/db/client.ts';
import { type CommitWatcher, createCommitWatcher, registerCommitWatcher } from './after-commit.ts';
import { notifyEvent } from './bus-queries.ts';
import { decodeEvent, encodeEvent, PG_CHANNEL, type RealtimeEvent, redisChannel } from './events.ts';

/**
 * How realtime events cross instances. Every instance both publishes and subscribes, and also
 * hears its own events: delivery to local sockets takes the same path as delivery to remote ones.
 */
export interface RealtimeBus {
  readonly kind: 'postgres' | 'redis';
  /** Subscribes; resolves once events are being received. */
  start(handlers: BusHandlers): Promise<void>;
  /** Publishes now: for events whose transaction the caller has already seen commit. */
  publish(event: RealtimeEvent): Promise<void>;
  close(): Promise<void>;
  /** For tests and health: whether the subscription is currently live. */
  readonly connected: boolean;
}

export interface BusHandlers {
  onEvent(event: RealtimeEvent): void;
  /**
   * The subscription came back after a break that began at `lostAt`: events of the gap are lost, so
   * the hub re-sends what was written since then, and the true unread count, to every local socket.
   */
  onResubscribed(lostAt: Date): void;
}

const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;
const HEARTBEAT_MS = 30_000;
const HEARTBEAT_TIMEOUT_MS = 10_000;

/**
 * PostgreSQL LISTEN/NOTIFY. One dedicated connection per instance (a pg.Client, never a pooled
 * one: a pooled connection would be handed to queries and recycled) runs LISTEN. When it drops
 * (server restart, failover, pg_terminate_backend, a dead network found by the heartbeat), it
 * reconnects by itself: 100 ms, then doubling up to 5 s between attempts, forever, until close().
 */
export function createPostgresBus(options: {
  databaseUrl: string;
  db: Pick<Database, 'execute'>;
  log: FastifyBaseLogger;
  /** Shortens the heartbeat in tests. */
  heartbeatMs?: number;
}): RealtimeBus & { readonly backendPid: number | null; readonly reconnects: number } {
  const { databaseUrl, db, log } = options;
  let client: pg.Client | null = null;
  let handlers: BusHandlers | null = null;
  let closed = false;
  let connected = false;
  let backendPid: number | null = null;
  let reconnects = 0;
  let delay = RECONNECT_FIRST_MS;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let lostAt = new Date();

  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: databaseUrl,
      keepAlive: true,
      application_name: LISTEN_APPLICATION_NAME,
    });
    let dropped = false;
    const drop = (err?: unknown) => {
      if (dropped) return;
      dropped = true;
      if (connected) lostAt = new Date();
      connected = false;
      if (client === next) client = null;
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      next.removeAllListeners('notification');
      void next.end().catch(() => {});
      if (closed) return;
      log.warn({ err }, 'notifications: LISTEN connection lost, reconnecting');
      scheduleReconnect();
    };
    next.on('error', drop);
    next.on('end', () => drop());
    next.on('notification', (message) => {
      if (message.channel !== PG_CHANNEL) return;
      const event = decodeEvent(message.payload);
      if (event) handlers?.onEvent(event);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${PG_CHANNEL}`);
      const pid = await next.query<{ pid: number }>('select pg_backend_pid() as pid');
      backendPid = pid.rows[0]?.pid ?? null;
    } catch (err) {
      drop(err);
      throw err;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    connected = true;
    delay = RECONNECT_FIRST_MS;
    // A silently dead network (no FIN, no RST) is found by a query that does not come back.
    heartbeat = setInterval(() => {
      const timeout = setTimeout(() => drop(new Error('heartbeat timed out')), HEARTBEAT_TIMEOUT_MS);
      next.query('select 1').then(
        () => clearTimeout(timeout),
        (err: unknown) => {
          clearTimeout(timeout);
          drop(err);
        },
      );
    }, options.heartbeatMs ?? HEARTBEAT_MS);
    heartbeat.unref();
  }

  function scheduleReconnect() {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(async () => {
      reconnectTimer = null;
      try {
        await connect();
        reconnects += 1;
        log.info('notifications: LISTEN connection restored');
        handlers?.onResubscribed(lostAt);
      } catch {
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
        scheduleReconnect();
      }
    }, delay);
  }

  return {
    kind: 'postgres',
    async start(h) {
      handlers = h;
      // The app starts even with PostgreSQL down (health answers 503); LISTEN follows when it is back.
      await connect().catch((err: unknown) => {
        log.error({ err }, 'notifications: cannot LISTEN yet, retrying');
        scheduleReconnect();
      });
    },
    async publish(event) {
      await notifyEvent(db, event);
    },
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      if (heartbeat) clearInterval(heartbeat);
      const current = client;
      client = null;
      connected = false;
      if (current) await current.end().catch(() => {});
    },
    get connected() {
      return connected;
    },
    get backendPid() {
      return backendPid;
    },
    get reconnects() {
      return reconnects;
    },
  };
}

/**
 * Redis pub/sub (REDIS_URL): one connection publishes, one subscribes (a subscribed Redis
 * connection can do nothing else). ioredis reconnects and re-subscribes by itself. notify()
 * cannot publish to Redis inside the caller's transaction, so it goes through the commit watcher.
 */
function databaseName(databaseUrl: string): string {
  try {
    return decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || 'postgres';
  } catch {
    return 'postgres';
  }
}

export function createRedisBus(options: {
  redisUrl: string;
  /** Its database name names the channel: instances of one database share it, others never. */
  databaseUrl: string;
  db: Pick<Database, 'execute'>;
  log: FastifyBaseLogger;
}): RealtimeBus & {
  readonly watcher: CommitWatcher & { readonly pendingCount: number };
  /** The subscriber's local address as Redis sees it (CLIENT KILL ADDR in tests). */
  readonly subscriberAddress: string | null;
  readonly resubscriptions: number;
} {
  const { redisUrl, db, log } = options;
  const publisher = new Redis(redisUrl, {
    maxRetriesPerRequest: 2,
    connectTimeout: 2_000,
    lazyConnect: true,
  });
  // The subscription is made again on every 'ready' below, rather than by ioredis's own replay.
  const subscriber = new Redis(redisUrl, {
    maxRetriesPerRequest: null,
    connectTimeout: 2_000,
    lazyConnect: true,
    autoResubscribe: false,
  });
  let channel = '';
  let connected = false;
  let subscribedOnce = false;
  let resubscriptions = 0;
  let handlers: BusHandlers | null = null;
  publisher.on('error', (err) => log.warn({ err }, 'notifications: Redis publisher error'));
  subscriber.on('error', (err) => log.warn({ err }, 'notifications: Redis subscriber error'));
  let lostAt = new Date();
  subscriber.on('close', () => {
    if (connected) lostAt = new Date();
    connected = false;
  });

  const publish = async (event: RealtimeEvent) => {
    await publisher.publish(channel, encodeEvent(event));
  };
  const watcher = createCommitWatcher(db, publish, (err) =>
    log.warn({ err }, 'notifications: could not publish a committed notification'),
  );
  let unregister: (() => void) | null = null;

  let firstSubscription: () => void = () => {};
  const subscribe = async () => {
    await subscriber.subscribe(channel);
    connected = true;
    if (subscribedOnce) {
      resubscriptions += 1;
      handlers?.onResubscribed(lostAt);
    }
    subscribedOnce = true;
    firstSubscription();
  };

  return {
    kind: 'redis',
    watcher,
    async start(h) {
      handlers = h;
      unregister = registerCommitWatcher(watcher);
      channel = redisChannel(databaseName(options.databaseUrl));
      subscriber.on('message', (from, payload) => {
        if (from !== channel) return;
        const event = decodeEvent(payload);
        if (event) handlers?.onEvent(event);
      });
      subscriber.on('ready', () => {
        subscribe().catch((err: unknown) => log.warn({ err }, 'notifications: Redis subscribe failed'));
      });
      publisher.connect().catch((err: unknown) => log.error({ err }, 'notifications: Redis unreachable'));
      // Resolves once subscribed, or on the first failure: ioredis keeps reconnecting either way.
      await new Promise<void>((resolve) => {
        firstSubscription = resolve;
        subscriber.connect().catch((err: unknown) => {
          log.error({ err }, 'notifications: Redis unreachable, retrying');
          resolve();
        });
      });
    },
    publish,
    async close() {
      unregister?.();
      watcher.close();
      connected = false;
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
    get connected() {
      return connected;
    },
    get subscriberAddress() {
      const stream = (subscriber as unknown as { stream?: { localAddress?: string; localPort?: number } })
        .stream;
      return stream?.localPort ? `${stream.localAddress}:${stream.localPort}` : null;
    },
    get resubscriptions() {
      return resubscriptions;
    },
  };
}
