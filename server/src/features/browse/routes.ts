import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { browseCrewQuery, browseCrewResponse } from '#common/schemas/crew';
import { browseCrew } from './service.ts';

export const browseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/browse/crew',
    { schema: { querystring: browseCrewQuery, response: { 200: browseCrewResponse } } },
    async (request) => browseCrew(app.db, request.query),
  );
};
