import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountSessionParams, accountSessionsResponse } from '#common/schemas/auth';
import { endOtherSessions, endSession, listSessions } from './sessions.ts';

/**
 * "Your devices": the member's sessions, and signing them out one by one or all but this one
 * (DELETE on the collection, the REST shape of "everything here but me"; ADR 005).
 */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account/sessions',
    { preHandler: app.requireUser, schema: { response: { 200: accountSessionsResponse } } },
    async (request, reply) => {
      const { user, sessionId } = app.signedInSession(request);
      reply.header('cache-control', 'no-store');
      return { sessions: await listSessions(app.db, user.id, sessionId) };
    },
  );

  app.delete(
    '/api/account/sessions/:id',
    { preHandler: app.requireUser, schema: { params: accountSessionParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const { user, sessionId } = app.signedInSession(request);
      await endSession(app.db, user.id, request.params.id, request.meta());
      app.realtime.sessionEnded(request.params.id);
      // Ending this browser's own session is signing out.
      if (request.params.id === sessionId) reply.clearSessionCookie();
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/account/sessions',
    { preHandler: app.requireUser, schema: { response: { 204: z.null() } } },
    async (request, reply) => {
      const { user, sessionId } = app.signedInSession(request);
      const ended = await endOtherSessions(app.db, user.id, sessionId, request.meta());
      for (const id of ended) app.realtime.sessionEnded(id);
      return reply.code(204).send(null);
    },
  );
};
