import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_CACHE_MAX_AGE_SECONDS } from '#common/limits';
import { roleCrewCountsResponse, roleListResponse } from '#common/schemas/roles';
import { getCrewCounts, getRoles } from './service.ts';

const publicCache = `public, max-age=${PUBLIC_CACHE_MAX_AGE_SECONDS}`;

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/roles', { schema: { response: { 200: roleListResponse } } }, async (_request, reply) => {
    reply.header('cache-control', publicCache);
    return getRoles(app.db);
  });

  app.get(
    '/api/roles/crew-counts',
    { schema: { response: { 200: roleCrewCountsResponse } } },
    async (_request, reply) => {
      // Counts move as people join; a minute of staleness is invisible on the browse page.
      reply.header('cache-control', 'public, max-age=60');
      return getCrewCounts(app.db);
    },
  );
};
