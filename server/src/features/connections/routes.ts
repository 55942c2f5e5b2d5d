import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  connectionAnswer,
  connectionListResponse,
  connectionRequest,
  connectionRequestsResponse,
  connectionStatusResponse,
  userIdParams,
} from '#common/schemas/connections';
import { acceptAccessTokens } from '#server/plugins/access-tokens.ts';
import * as service from './service.ts';

const noContent = { 204: z.null() };
const statusReply = { 200: connectionStatusResponse };

export const connectionRoutes: FastifyPluginAsyncZod = async (app) => {
  // Personal access tokens may read these (ADR 032).
  acceptAccessTokens(app, 'reads');
  const guarded = { preHandler: app.requireUser };

  app.post(
    '/api/connections',
    { ...guarded, schema: { body: connectionRequest, response: statusReply } },
    async (request) => ({
      status: await service.requestConnection(app.db, app.signedIn(request), request.body.userId),
    }),
  );

  for (const answer of ['accept', 'decline'] as const) {
    app.post(
      `/api/connections/${answer}`,
      { ...guarded, schema: { body: connectionAnswer, response: statusReply } },
      async (request) => ({
        status: await service.answerRequest(
          app.db,
          app.realtime.publish,
          app.signedIn(request),
          request.body,
          answer === 'accept',
        ),
      }),
    );
  }

  app.get(
    '/api/connections',
    { ...guarded, schema: { response: { 200: connectionListResponse } } },
    async (request) => ({
      connections: await service.listConnections(app.db, app.signedIn(request)),
    }),
  );

  app.get(
    '/api/connections/requests',
    { ...guarded, schema: { response: { 200: connectionRequestsResponse } } },
    async (request) => service.listRequests(app.db, app.signedIn(request)),
  );

  app.get(
    '/api/connections/status/:userId',
    { ...guarded, schema: { params: userIdParams, response: statusReply } },
    async (request) => ({
      status: await service.getStatus(app.db, app.signedIn(request), request.params.userId),
    }),
  );

  app.delete(
    '/api/connections/:userId',
    { ...guarded, schema: { params: userIdParams, response: noContent } },
    async (request, reply) => {
      await service.removeConnection(app.db, app.signedIn(request), request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/blocks',
    { ...guarded, schema: { body: connectionRequest, response: statusReply } },
    async (request) => ({
      status: await service.block(app.db, app.realtime.publish, app.signedIn(request), request.body.userId),
    }),
  );

  app.delete(
    '/api/blocks/:userId',
    { ...guarded, schema: { params: userIdParams, response: noContent } },
    async (request, reply) => {
      await service.unblock(app.db, app.signedIn(request), request.params.userId);
      return reply.code(204).send(null);
    },
  );
};
