import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reauthenticateRequest,
  secondFactorRequest,
  twoFactorDisableRequest,
  twoFactorEnableRequest,
  twoFactorEnableResponse,
  twoFactorSetupResponse,
} from '#common/schemas/admin';
import { authUser, messageResponse } from '#common/schemas/auth';
import { TWO_FACTOR_COOKIE } from '#server/plugins/session.ts';
import {
  completeTwoFactorLogin,
  disableTwoFactor,
  enableTwoFactor,
  reauthenticate,
  setupTwoFactor,
} from './two-factor.ts';

const noStore = 'no-store';

export interface TwoFactorRoutesOptions {
  /** Seals TOTP secrets at rest (config.ts `totpKey`). */
  totpKey: Buffer;
}

/** Two-factor sign-in for every member, and re-authentication for sensitive staff actions (ADR 020). */
export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRoutesOptions> = async (app, { totpKey }) => {
  app.post(
    '/api/login/2fa',
    { config: { limit: 'login' }, schema: { body: secondFactorRequest, response: { 200: authUser } } },
    async (request, reply) => {
      const { user, session, device, endedSessionId } = await completeTwoFactorLogin(
        app.db,
        totpKey,
        request.cookies[TWO_FACTOR_COOKIE],
        request.body,
        request.meta(),
        request.signingInBrowser(),
      );
      if (endedSessionId !== null) app.realtime.sessionEnded(endedSessionId);
      return reply.clearTwoFactorCookie().rememberDevice(device).setSessionCookie(session).send(user);
    },
  );

  app.post(
    '/api/account/2fa/setup',
    { preHandler: app.requireUser, schema: { response: { 200: twoFactorSetupResponse } } },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      return setupTwoFactor(app.db, totpKey, app.signedIn(request).user.id);
    },
  );

  app.post(
    '/api/account/2fa/enable',
    {
      config: { limit: 'login' },
      preHandler: app.requireUser,
      schema: { body: twoFactorEnableRequest, response: { 200: twoFactorEnableResponse } },
    },
    async (request, reply) => {
      const { user, sessionId } = app.signedInSession(request);
      reply.header('cache-control', noStore);
      const { recoveryCodes, endedSessionIds } = await enableTwoFactor(
        app.db,
        totpKey,
        user.id,
        sessionId,
        request.body,
        request.meta(),
      );
      for (const ended of endedSessionIds) app.realtime.sessionEnded(ended);
      return { recoveryCodes };
    },
  );

  app.post(
    '/api/account/2fa/disable',
    {
      config: { limit: 'login' },
      preHandler: app.requireUser,
      schema: { body: twoFactorDisableRequest, response: { 200: messageResponse } },
    },
    async (request) => {
      await disableTwoFactor(app.db, totpKey, app.signedIn(request).user.id, request.body, request.meta());
      return { message: 'Two-factor sign-in is off.' };
    },
  );

  app.post(
    '/api/account/reauthenticate',
    {
      config: { limit: 'login' },
      preHandler: app.requireUser,
      schema: { body: reauthenticateRequest, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const { user, sessionId } = app.signedInSession(request);
      await reauthenticate(app.db, totpKey, user.id, sessionId, request.body, request.meta());
      return reply.code(204).send(null);
    },
  );
};
