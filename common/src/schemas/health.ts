import { z } from 'zod';

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ status: z.enum(['up', 'down']), latencyMs: z.number().nullable() }),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthResponse>;
