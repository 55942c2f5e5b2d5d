import { z } from 'zod';

/** GET /api/health: liveness, and whether the database answers. */
export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ status: z.enum(['up', 'down']), latencyMs: z.number().nullable() }),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthResponse>;

const dependency = z.enum(['up', 'down', 'not configured']);

/** GET /api/ready: whether this instance should get traffic (its database and Redis answer, it is not stopping). */
export const readyResponse = z.object({
  status: z.enum(['ready', 'not ready']),
  database: dependency,
  redis: dependency,
});
export type Ready = z.infer<typeof readyResponse>;
