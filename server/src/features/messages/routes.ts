import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conversationListQuery,
  conversationListResponse,
  conversationParams,
  conversationSchema,
  messageListQuery,
  messageListResponse,
  messageSchema,
  sendMessageRequest,
  startConversationRequest,
  startConversationResponse,
  unreadMessagesResponse,
} from '#common/schemas/messages';
import * as service from './service.ts';

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { preHandler: app.requireUser };
  // New messages reach open tabs as {type: 'message'}: the hub loads them by id.
  app.realtime.hub.useMessageLoader((ids) => service.messagesByIds(app.db, ids));

  app.get(
    '/api/conversations',
    {
      ...guarded,
      schema: { querystring: conversationListQuery, response: { 200: conversationListResponse } },
    },
    async (request) => service.listConversations(app.db, app.signedIn(request), request.query),
  );

  app.post(
    '/api/conversations',
    { ...guarded, schema: { body: startConversationRequest, response: { 201: startConversationResponse } } },
    async (request, reply) => {
      const { conversation, message } = await service.startConversation(
        app.db,
        app.signedIn(request),
        request.body.userId,
        request.body.body,
      );
      return reply.code(201).send({ conversation, message });
    },
  );

  app.get(
    '/api/conversations/:id',
    { ...guarded, schema: { params: conversationParams, response: { 200: conversationSchema } } },
    async (request) => service.getConversation(app.db, app.signedIn(request), request.params.id),
  );

  app.get(
    '/api/conversations/:id/messages',
    {
      ...guarded,
      schema: {
        params: conversationParams,
        querystring: messageListQuery,
        response: { 200: messageListResponse },
      },
    },
    async (request) => service.listMessages(app.db, app.signedIn(request), request.params.id, request.query),
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      ...guarded,
      schema: { params: conversationParams, body: sendMessageRequest, response: { 201: messageSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.sendMessage(app.db, app.signedIn(request), request.params.id, request.body.body)),
  );

  app.post(
    '/api/conversations/:id/read',
    { ...guarded, schema: { params: conversationParams, response: { 200: unreadMessagesResponse } } },
    async (request) => service.markConversationRead(app.db, app.signedIn(request), request.params.id),
  );

  app.get(
    '/api/messages/unread-count',
    { ...guarded, schema: { response: { 200: unreadMessagesResponse } } },
    async (request) => service.unreadCount(app.db, app.signedIn(request)),
  );
};
