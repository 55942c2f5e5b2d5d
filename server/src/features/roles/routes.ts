import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_CACHE_MAX_AGE_SECONDS } from '#common/limits';
import { roleCrewCountsResponse } from '#common/schemas/roles';
import { sendPrecompressed } from '#server/http/precompressed.ts';
import { acceptAccessTokens } from '#server/plugins/access-tokens.ts';
import { getCrewCounts, getRolesBody } from './service.ts';

const publicCache = `public, max-age=${PUBLIC_CACHE_MAX_AGE_SECONDS}`;

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  // Personal access tokens may read these (ADR 032).
  acceptAccessTokens(app, 'reads');
  // The body is roleListResponse, checked and serialised once when the catalogue is cached.
  // The same for everyone: no session lookup, no rate limit, no per-request compression (ADR 029).
  const sameForEveryone = { limit: 'none', sameForEveryone: true } as const;
  // decompress: false too: a GET has no body, and @fastify/compress's preParsing hook would still run.
  app.get(
    '/api/roles',
    { compress: false, decompress: false, config: sameForEveryone },
    async (request, reply) => {
      reply.header('cache-control', publicCache);
      return sendPrecompressed(request, reply, await getRolesBody(app.db));
    },
  );

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
