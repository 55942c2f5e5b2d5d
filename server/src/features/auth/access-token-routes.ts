import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessTokenListResponse,
  accessTokenParams,
  createAccessTokenRequest,
  createdAccessTokenSchema,
} from '#common/schemas/access-tokens';
import { createAccessToken, listAccessTokens, revokeAccessToken } from './access-tokens.ts';

/**
 * Personal access tokens (issue 37, ADR 032): the member's own, managed from a signed-in browser
 * only. These routes do not declare `accessToken`, so a token cannot list, make or revoke tokens
 * (one leaked token must not mint others); `signedInSession` says so again in the handlers.
 */
export const accessTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { preValidation: app.requireUser };

  app.get(
    '/api/account/tokens',
    { ...member, schema: { response: { 200: accessTokenListResponse } } },
    async (request, reply) => {
      const { user } = app.signedInSession(request);
      reply.header('cache-control', 'no-store');
      return listAccessTokens(app.db, user.id);
    },
  );

  app.post(
    '/api/account/tokens',
    {
      ...member,
      config: { limit: 'write' },
      schema: { body: createAccessTokenRequest, response: { 201: createdAccessTokenSchema } },
    },
    async (request, reply) => {
      const { user } = app.signedInSession(request);
      const created = await createAccessToken(app.db, user.id, request.body, request.meta());
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    '/api/account/tokens/:id',
    { ...member, schema: { params: accessTokenParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const { user } = app.signedInSession(request);
      await revokeAccessToken(app.db, user.id, request.params.id, request.meta());
      return reply.code(204).send(null);
    },
  );
};
