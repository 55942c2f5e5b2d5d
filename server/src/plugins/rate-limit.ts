import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { ipPrefix } from '#server/http/client-ip.ts';
import type { RecordSecurityEvent } from '#server/http/request-auth.ts';

export const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.';

/** Limits per key (signed-in user, else IPv4 address or IPv6 /64) and minute, before the multiplier. */
export const RATE_LIMITS = {
  read: { max: 300, timeWindow: 60_000 },
  write: { max: 60, timeWindow: 60_000 },
  login: { max: 10, timeWindow: 60_000 },
  /**
   * Sign-ups the server accepts or refuses as duplicates (ADR 027): counted after validation
   * (the route's own checks run first), so typos and a short password never use it up.
   */
  register: { max: 5, timeWindow: 10 * 60_000 },
  passwordReset: { max: 5, timeWindow: 15 * 60_000 },
  /** The contact form mails a person: a handful an hour is plenty for anyone honest. */
  contact: { max: 5, timeWindow: 60 * 60_000 },
  /**
   * Stripe's webhook, per sending address: Stripe sends bursts (a renewal run, a retry of
   * everything missed while we were down) from a few addresses, and each delivery is signed, so
   * only a flood is refused, never the general 60 writes a minute.
   */
  webhook: { max: 600, timeWindow: 60_000 },
  /**
   * One-click unsubscribe (/api/email/…), per network, no session: mail providers POST it for
   * many members from a few addresses, and each link is signed (guessing one is hopeless), so the
   * limit only stops a flood from one network, never a provider's honest burst.
   */
  unsubscribe: { max: 300, timeWindow: 60_000 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis client when REDIS_URL is set (rate-limit counters), else null. */
    redis: Redis | null;
  }
  interface FastifyContextConfig {
    /**
     * A named limit instead of the read/write default (tighter: login, register, password reset;
     * looser: Stripe's signed webhook), or
     * 'none' for answers served from memory that cost less than counting them (the role catalogue).
     */
    limit?: RateLimitName | 'none';
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LOG_INTERVAL_MS = 60_000;

/** A personal access token has a limit of its own (ADR 032): a runaway script does not stop its member's browser. */
function keyOf(request: FastifyRequest): string {
  if (request.auth?.via === 'token') return `token:${request.auth.token.id}`;
  return request.auth ? `user:${request.auth.user.id}` : `net:${ipPrefix(request.ip)}`;
}

/**
 * Server rate limits on every /api route (static files are not limited): reads looser than
 * writes, sign-in, sign-up and password reset tightest, and those are counted per network whoever
 * is signed in. Counters live in Redis when REDIS_URL is set, so every instance shares them.
 */
export const rateLimitPlugin = fp<{
  multiplier: number;
  redisUrl?: string;
  recordSecurityEvent: RecordSecurityEvent;
}>(
  async (app, { multiplier, redisUrl, recordSecurityEvent }) => {
    const redis = redisUrl
      ? new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 })
      : undefined;
    if (redis) {
      // ioredis reconnects by itself; an error is worth a log line, not an unhandled event.
      let lastError = 0;
      redis.on('error', (err: Error) => {
        if (Date.now() - lastError < LOG_INTERVAL_MS) return;
        lastError = Date.now();
        app.log.warn({ err }, 'rate limits: Redis is unreachable');
      });
      app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
    }
    // The readiness probe pings the same client (one Redis connection per instance for both).
    app.decorate('redis', redis ?? null);

    const lastLogged = new Map<string, number>();
    const scaled = (name: RateLimitName): RateLimitOptions => {
      const { max, timeWindow } = RATE_LIMITS[name];
      const perRoute =
        name === 'login' ||
        name === 'register' ||
        name === 'passwordReset' ||
        name === 'contact' ||
        name === 'webhook' ||
        name === 'unsubscribe';
      return {
        max: Math.max(1, Math.round(max * multiplier)),
        timeWindow,
        keyGenerator: perRoute ? (request) => `${name}:net:${ipPrefix(request.ip)}` : keyOf,
        // After the body's validation and the route's own preHandler: only real attempts count.
        ...(name === 'register' ? { hook: 'preHandler' as const } : {}),
      };
    };

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || route.config?.limit === 'none') return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const name = route.config?.limit ?? (methods.some((m) => WRITE_METHODS.has(m)) ? 'write' : 'read');
      route.config = { ...route.config, rateLimit: scaled(name) };
    });

    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: 'crewbase:rate:' } : {}),
      skipOnError: true,
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        retryAfter: context.after,
        message: TOO_MANY_REQUESTS,
      }),
      onExceeded: (request, key) => {
        // One event per key and minute: a flood of refused requests must not become a flood of writes.
        const now = Date.now();
        if (now - (lastLogged.get(key) ?? 0) < LOG_INTERVAL_MS) return;
        lastLogged.set(key, now);
        if (lastLogged.size > 10_000) lastLogged.clear();
        void recordSecurityEvent(app.db, request.meta(), {
          type: 'rate_limited',
          userId: request.auth?.user.id ?? null,
          detail: { method: request.method, path: request.url.split('?')[0] },
        }).catch((err: unknown) => request.log.warn({ err }, 'could not record a rate-limit event'));
      },
    });
  },
  { name: 'rate-limit', dependencies: ['session'] },
);
