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
import { acceptAccessTokens } from '#server/plugins/access-tokens.ts';
import { mailUnreadMessages } from './message-mail.ts';
import * as service from './service.ts';

/** How often new messages are looked at for a mail to members away (issue 32). */
const MAIL_INTERVAL_MS = 60_000;

export const messageRoutes: FastifyPluginAsyncZod<{
  /** Where the mails' links point. */
  publicUrl: URL;
  /** Whether the minute sweep mails new messages on its own (tests call `mailUnreadMessages`). */
  mailSweep: boolean;
}> = async (app, { publicUrl, mailSweep }) => {
  // A personal access token with the write scope may send and read messages (ADR 032).
  acceptAccessTokens(app, 'reads and writes');
  const guarded = { preHandler: app.requireUser };
  if (mailSweep) {
    const mail = () =>
      mailUnreadMessages(app.db, publicUrl).catch((err: unknown) =>
        app.log.warn({ err }, 'messages: new messages not mailed, tried again next minute'),
      );
    const timer = setInterval(mail, MAIL_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
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
