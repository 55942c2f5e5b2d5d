import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { browseCrewQuery, browseCrewResponse } from '#common/schemas/crew';
import { precompressJson, sendPrecompressed } from '#server/http/precompressed.ts';
import { acceptAccessTokens } from '#server/plugins/access-tokens.ts';
import { browseCrew } from './service.ts';

export const browseRoutes: FastifyPluginAsyncZod = async (app) => {
  // Personal access tokens may read these (ADR 032).
  acceptAccessTokens(app, 'reads');
  app.get(
    '/api/browse/crew',
    { compress: false, schema: { querystring: browseCrewQuery, response: { 200: browseCrewResponse } } },
    async (request, reply) => {
      const { role, page, limit, availableFrom } = request.query;
      // Every role on /browse opens here, the same pages for every visitor: they are kept as
      // sent for a few seconds (invalidateProfile drops them when a card on them may change).
      // Not with dates: a booking changes those pages, and nothing drops them then.
      if (availableFrom) return browseCrew(app.db, request.query);
      const key = `${role}:${page}:${limit}`;
      let body = app.publicCrew.listings.get(key);
      if (body === undefined) {
        body = precompressJson(browseCrewResponse.parse(await browseCrew(app.db, request.query)), 'fast');
        app.publicCrew.listings.set(key, body);
      }
      return sendPrecompressed(request, reply, body) as never;
    },
  );
};
