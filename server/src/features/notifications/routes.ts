import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAdmin } from '#common/policies/staff';
import { allPreferencesSchema, updateAllPreferencesRequest } from '#common/schemas/email-preferences';
import {
  NOTIFICATION_MESSAGES,
  notificationListQuery,
  notificationListResponse,
  testNotificationRequest,
  testNotificationResponse,
  unreadCountResponse,
} from '#common/schemas/notifications';
import { ForbiddenError, UnauthorizedError } from '#server/errors.ts';
import { SIGN_IN_REQUIRED } from '#server/http/request-auth.ts';
import { acceptAccessTokens } from '#server/plugins/access-tokens.ts';
import { type RealtimeOptions, realtimePlugin } from './realtime/plugin.ts';
import * as service from './service.ts';
import { unsubscribeRoutes } from './unsubscribe-routes.ts';
import { configureUnsubscribeKey } from './unsubscribe-token.ts';

const idParams = z.object({
  id: z.coerce
    .number({ error: 'Not a valid notification id' })
    .int('Not a valid notification id')
    .positive('Not a valid notification id')
    .max(2_147_483_647, 'Not a valid notification id'),
});

function userOf(request: FastifyRequest) {
  if (!request.auth) throw new UnauthorizedError(SIGN_IN_REQUIRED);
  return request.auth.user;
}

/** Signed-in only, refused before the request is even validated. */
const signedIn = async (request: FastifyRequest) => void userOf(request);

export interface NotificationRoutesOptions extends RealtimeOptions {
  /** Whether anyone may send themself a test notification; otherwise admins only. */
  testNotificationsForEveryone: boolean;
  /** SESSION_SECRET: unsubscribe links are signed with a key derived from it (unsubscribe-token.ts). */
  unsubscribeSecret: string;
}

const httpRoutes: FastifyPluginAsyncZod<{ testNotificationsForEveryone: boolean }> = async (
  app,
  { testNotificationsForEveryone },
) => {
  // Personal access tokens may read these (ADR 032).
  acceptAccessTokens(app, 'reads');
  const publish = app.realtime.publish;

  app.get(
    '/api/notifications',
    {
      preValidation: signedIn,
      schema: { querystring: notificationListQuery, response: { 200: notificationListResponse } },
    },
    async (request) => service.listNotifications(app.db, userOf(request).id, request.query),
  );

  app.get(
    '/api/notifications/unread-count',
    { preValidation: signedIn, schema: { response: { 200: unreadCountResponse } } },
    async (request) => service.getUnreadCount(app.db, userOf(request).id),
  );

  app.patch(
    '/api/notifications/read-all',
    { preValidation: signedIn, schema: { response: { 200: unreadCountResponse } } },
    async (request) => service.markAllRead(app.db, publish, userOf(request).id),
  );

  app.patch(
    '/api/notifications/:id/read',
    { preValidation: signedIn, schema: { params: idParams, response: { 200: unreadCountResponse } } },
    async (request) => service.markRead(app.db, publish, userOf(request).id, request.params.id),
  );

  app.delete(
    '/api/notifications/clear-all',
    { preValidation: signedIn, schema: { response: { 200: unreadCountResponse } } },
    async (request) => service.clearAll(app.db, publish, userOf(request).id),
  );

  app.delete(
    '/api/notifications/:id',
    { preValidation: signedIn, schema: { params: idParams, response: { 200: unreadCountResponse } } },
    async (request) => service.deleteNotification(app.db, publish, userOf(request).id, request.params.id),
  );

  app.get(
    '/api/notifications/preferences',
    { preValidation: signedIn, schema: { response: { 200: allPreferencesSchema } } },
    async (request) => service.getPreferences(app.db, userOf(request).id),
  );

  app.patch(
    '/api/notifications/preferences',
    {
      preValidation: signedIn,
      schema: {
        body: updateAllPreferencesRequest,
        response: { 200: allPreferencesSchema },
      },
    },
    async (request) => service.updatePreferences(app.db, userOf(request).id, request.body),
  );

  app.post(
    '/api/notifications/test',
    {
      preValidation: async (request) => {
        const user = userOf(request);
        if (!testNotificationsForEveryone && !isAdmin(user)) {
          throw new ForbiddenError(NOTIFICATION_MESSAGES.testNotAllowed);
        }
      },
      schema: { body: testNotificationRequest, response: { 201: testNotificationResponse } },
    },
    async (request, reply) =>
      reply.code(201).send(await service.sendTestNotification(app.db, userOf(request).id, request.body)),
  );
};

/**
 * The notifications feature: the calls of SPEC §7 under /api/notifications, POST
 * /api/notifications/test for /notification-test, and `/ws` with cross-instance delivery.
 * Writes are CSRF-checked and rate-limited like every other write (plugins/csrf.ts, rate-limit.ts),
 * but for the one-click unsubscribe under /api/email (unsubscribe-routes.ts), whose signed token
 * is its authority.
 */
export const notificationRoutes = fp<NotificationRoutesOptions>(
  async (app, { testNotificationsForEveryone, unsubscribeSecret, ...realtime }) => {
    configureUnsubscribeKey(unsubscribeSecret);
    await app.register(realtimePlugin, realtime);
    await app.register(httpRoutes, { testNotificationsForEveryone });
    await app.register(unsubscribeRoutes);
  },
  { name: 'notifications' },
);
