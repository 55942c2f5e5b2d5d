import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse } from '#common/schemas/health';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthResponse, 503: healthResponse } } },
    async (_request, reply) => {
      const started = performance.now();
      let up = true;
      try {
        await app.db.execute(sql`select 1`);
      } catch {
        up = false;
      }
      const latencyMs = up ? Math.round((performance.now() - started) * 100) / 100 : null;
      reply.header('cache-control', 'no-store').code(up ? 200 : 503);
      return {
        status: up ? ('ok' as const) : ('degraded' as const),
        database: { status: up ? ('up' as const) : ('down' as const), latencyMs },
        uptimeSeconds: Math.round(process.uptime()),
      };
    },
  );
};
