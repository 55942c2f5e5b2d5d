import type { WebsocketPluginOptions } from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { REALTIME, REALTIME_CLOSE } from '#common/schemas/notifications';
import type { AppConfig } from '#server/config.ts';
import { SIGN_IN_REQUIRED } from '#server/http/request-auth.ts';
import { DEFAULT_RETRY_AFTER_SECONDS, errorBody } from '#server/plugins/errors.ts';
import { createPostgresBus, createRedisBus, type RealtimeBus } from './bus.ts';
import type { RealtimeEvent } from './events.ts';
import { createHub, type Hub } from './hub.ts';

/** More sockets than this for one user on one instance is not tabs and devices any more. */
export const MAX_SOCKETS_PER_USER = 30;
export const ORIGIN_REFUSED = 'Live updates are not allowed from this address';
export const TOO_MANY_SOCKETS = 'Too many open connections. Close some tabs and try again.';

export interface Realtime {
  bus: RealtimeBus;
  hub: Hub;
  /** Announces a committed change to every instance; failures are logged, never thrown. */
  publish(event: RealtimeEvent): void;
  /** A session ended here (logout): its sockets close on every instance. Never throws. */
  sessionEnded(sessionId: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export interface RealtimeOptions {
  databaseUrl: string;
  redisUrl?: string | undefined;
  allowedOrigins: AppConfig['allowedOrigins'];
  idleTimeoutMs?: number;
  sessionCheckMs?: number;
}

/**
 * Options for @fastify/websocket, registered in app.ts before any route (so an upgrade to any
 * other path is closed): small frames only (clients send pings), and on shutdown every socket is
 * closed with 1001 "going away", which the client answers by reconnecting.
 */
export const websocketOptions: WebsocketPluginOptions = {
  options: { maxPayload: 4 * 1024, perMessageDeflate: false },
  preClose(this: FastifyInstance, done) {
    for (const client of this.websocketServer.clients)
      client.close(REALTIME_CLOSE.goingAway, 'Server shutting down');
    this.websocketServer.close(() => done());
  },
};

/**
 * `/ws` and cross-instance delivery. The bus is PostgreSQL LISTEN/NOTIFY, or Redis pub/sub when
 * REDIS_URL is set; either way every instance subscribes and pushes to the sockets it holds.
 */
export const realtimePlugin = fp<RealtimeOptions>(
  async (app, options) => {
    const log = app.log.child({ feature: 'realtime' });
    const bus = options.redisUrl
      ? createRedisBus({ redisUrl: options.redisUrl, databaseUrl: options.databaseUrl, db: app.db, log })
      : createPostgresBus({ databaseUrl: options.databaseUrl, db: app.db, log });
    const hub = createHub({
      db: app.db,
      log,
      idleTimeoutMs: options.idleTimeoutMs,
      sessionCheckMs: options.sessionCheckMs,
    });
    const publish = (event: RealtimeEvent) => {
      bus.publish(event).catch((err: unknown) => log.warn({ err }, 'notifications: could not publish'));
    };
    app.decorate('realtime', {
      bus,
      hub,
      publish,
      sessionEnded(sessionId: number) {
        hub.closeSession(sessionId);
        publish({ k: 's', s: sessionId });
      },
    });
    await bus.start({ onEvent: hub.onEvent, onResubscribed: (lostAt) => void hub.resync(lostAt) });
    app.addHook('preClose', async () => hub.closeAll());
    app.addHook('onClose', async () => bus.close());

    const originAllowed = originCheck(options.allowedOrigins);
    /** Upgrades from an origin that may not connect: answered with a close the page can read. */
    const refusedOrigin = new WeakSet<FastifyRequest>();
    app.get(
      REALTIME.path,
      {
        websocket: true,
        // Other refusals come before the upgrade, with an HTTP status: no socket exists for them.
        preValidation: async (request, reply) => {
          if (!request.headers.origin) return reply.code(403).send(errorBody(ORIGIN_REFUSED));
          if (!originAllowed(request)) {
            // A browser sees any refused upgrade as a bare 1006 and would retry forever; a socket
            // closed at once with 4403 tells the page why. Nothing is read or sent on it.
            refusedOrigin.add(request);
            return;
          }
          if (!request.auth) return reply.code(401).send(errorBody(SIGN_IN_REQUIRED));
          if (hub.socketsOf(request.auth.user.id) >= MAX_SOCKETS_PER_USER) {
            reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
            return reply.code(429).send(errorBody(TOO_MANY_SOCKETS));
          }
        },
      },
      (socket, request) => {
        if (refusedOrigin.has(request)) return socket.close(REALTIME_CLOSE.originRefused, ORIGIN_REFUSED);
        const auth = request.auth;
        // The socket follows a browser's session; a personal access token opens none (ADR 032).
        if (auth?.via !== 'session') return socket.close(REALTIME_CLOSE.sessionEnded, 'Session ended');
        hub.add(socket, { userId: auth.user.id, sessionId: auth.sessionId, expiresAt: auth.expiresAt });
      },
    );
  },
  { name: 'realtime', dependencies: ['database', 'session', '@fastify/websocket'] },
);

/**
 * Whether the page that opens a socket may: an origin listed in the configuration, or, when no
 * PUBLIC_URL pins the site's address, the origin the request itself was addressed to (same
 * scheme, host and port), so every address that serves the app also gets its live updates.
 */
export function originCheck(allowed: AppConfig['allowedOrigins']) {
  const listed = new Set(allowed.listed);
  return (request: FastifyRequest): boolean => {
    const origin = request.headers.origin;
    if (!origin) return false;
    if (listed.has(origin)) return true;
    return allowed.servedFrom && origin === `${request.protocol}://${request.host}`;
  };
}
