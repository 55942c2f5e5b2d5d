import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse, readyResponse } from '#common/schemas/health';
import { ping } from './queries.ts';

/** A dependency that does not answer within this long counts as down: a probe never hangs. */
const CHECK_TIMEOUT_MS = 2_000;

async function answers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Liveness: the process answers; the database's state is reported (503 while it is down). */
  app.get(
    '/api/health',
    { schema: { response: { 200: healthResponse, 503: healthResponse } } },
    async (_request, reply) => {
      const started = performance.now();
      const up = await answers(() => ping(app.db));
      const latencyMs = up ? Math.round((performance.now() - started) * 100) / 100 : null;
      reply.header('cache-control', 'no-store').code(up ? 200 : 503);
      return {
        status: up ? ('ok' as const) : ('degraded' as const),
        database: { status: up ? ('up' as const) : ('down' as const), latencyMs },
        uptimeSeconds: Math.round(process.uptime()),
      };
    },
  );

  /** Readiness, for a load balancer: the database and (when configured) Redis answer, and not stopping. */
  app.get(
    '/api/ready',
    { schema: { response: { 200: readyResponse, 503: readyResponse } } },
    async (_request, reply) => {
      const redis = app.redis;
      const [database, redisUp] = await Promise.all([
        answers(() => ping(app.db)),
        redis ? answers(() => redis.ping()) : Promise.resolve(null),
      ]);
      const ready = database && redisUp !== false;
      reply.header('cache-control', 'no-store').code(ready ? 200 : 503);
      return {
        status: ready ? ('ready' as const) : ('not ready' as const),
        database: database ? ('up' as const) : ('down' as const),
        redis: redisUp === null ? ('not configured' as const) : redisUp ? ('up' as const) : ('down' as const),
      };
    },
  );
};
