import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_CACHE_MAX_AGE_SECONDS } from '#common/limits';
import { roleCrewCountsResponse } from '#common/schemas/roles';
import { sendPrecompressed } from '#server/http/precompressed.ts';
import { getCrewCounts, getRolesBody } from './service.ts';

const publicCache = `public, max-age=${PUBLIC_CACHE_MAX_AGE_SECONDS}`;

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  // The body is roleListResponse, checked and serialised once when the catalogue is cached.
  app.get('/api/roles', { compress: false, config: { limit: 'none' } }, async (request, reply) => {
    reply.header('cache-control', publicCache);
    return sendPrecompressed(request, reply, await getRolesBody(app.db));
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
