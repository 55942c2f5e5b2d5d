import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_CACHE_MAX_AGE_SECONDS } from '#common/limits';
import { searchQuery, searchResponse, topRatedQuery, topRatedResponse } from '#common/schemas/search';
import { RememberedByKey } from '#server/db/remember.ts';
import { acceptAccessTokens } from '#server/plugins/access-tokens.ts';
import { search, topRated } from './service.ts';

/** Top-rated moves when reviews do; a minute-old list is indistinguishable on the home page. */
const TOP_RATED_MEMORY_MS = 60_000;

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  // Personal access tokens may read these (ADR 032).
  acceptAccessTokens(app, 'reads');
  app.get(
    '/api/search',
    { schema: { querystring: searchQuery, response: { 200: searchResponse } } },
    async (request) => search(app.db, request.query, request.auth?.user.isSubscribed ?? false),
  );

  // Every home page asks for this: each process keeps the answer for a minute per query.
  const remembered = new RememberedByKey<ReturnType<typeof topRated>>(TOP_RATED_MEMORY_MS, 200);
  const topRatedHandler = {
    schema: { querystring: topRatedQuery, response: { 200: topRatedResponse } },
  } as const;
  for (const url of ['/api/users/top-rated', '/api/top-rated']) {
    app.get(url, topRatedHandler, async (request, reply) => {
      reply.header('cache-control', `public, max-age=${PUBLIC_CACHE_MAX_AGE_SECONDS}`);
      const key = JSON.stringify(request.query);
      const hit = remembered.get(app.db, key);
      if (hit) return hit;
      const answer = topRated(app.db, request.query);
      remembered.setPending(app.db, key, answer);
      return answer;
    });
  }
};
