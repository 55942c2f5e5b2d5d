import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { restoreOfferResponse } from '#common/schemas/account-deletion';
import { twoFactorRequiredResponse } from '#common/schemas/admin';
import {
  authCheck,
  authUser,
  changeEmailRequest,
  changeEmailResponse,
  changePasswordRequest,
  csrfTokenResponse,
  loginRequest,
  messageResponse,
  PASSWORD_RESET_REQUESTED,
  passwordResetConfirm,
  passwordResetRequest,
  registerRequest,
  sessionInfo,
} from '#common/schemas/auth';
import { emailVerificationRoutes } from './email-routes.ts';
import {
  assertSignUpPasswordAllowed,
  changeEmail,
  changePassword,
  confirmPasswordReset,
  type LoginPolicy,
  login,
  logout,
  register,
  requestPasswordReset,
} from './service.ts';

export interface AuthRoutesOptions {
  publicUrl: URL;
  loginPolicy: LoginPolicy;
}

const noStore = 'no-store';

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { publicUrl, loginPolicy },
) => {
  app.get('/api/csrf-token', { schema: { response: { 200: csrfTokenResponse } } }, async (request, reply) => {
    const { token, expiresAt } = app.issueCsrfToken(request, reply);
    reply.header('cache-control', noStore);
    return { csrfToken: token, expiresAt: expiresAt.toISOString() };
  });

  app.post(
    '/api/register',
    {
      config: { limit: 'register' },
      schema: { body: registerRequest, response: { 201: authUser } },
      // Before the sign-up limit counts (rate-limit.ts: after validation): a weak password is not an attempt.
      preHandler: async (request) => assertSignUpPasswordAllowed(request.body),
    },
    async (request, reply) => {
      const { user, session, device, endedSessionId } = await register(
        app.db,
        request.body,
        request.meta(),
        request.signingInBrowser(),
        publicUrl,
      );
      if (endedSessionId !== null) app.realtime.sessionEnded(endedSessionId);
      return reply.rememberDevice(device).setSessionCookie(session).code(201).send(user);
    },
  );

  app.post(
    '/api/login',
    {
      config: { limit: 'login' },
      schema: {
        body: loginRequest,
        response: { 200: restoreOfferResponse.or(authUser).or(twoFactorRequiredResponse) },
      },
    },
    async (request, reply) => {
      const result = await login(
        app.db,
        request.body,
        request.meta(),
        loginPolicy,
        request.signingInBrowser(),
      );
      if ('restore' in result && result.restore) return reply.send(result.restore);
      if (result.twoFactor) {
        return reply.setTwoFactorCookie(result.twoFactor.token).send({ twoFactorRequired: true as const });
      }
      if (result.endedSessionId !== null) app.realtime.sessionEnded(result.endedSessionId);
      return reply.rememberDevice(result.device).setSessionCookie(result.session).send(result.user);
    },
  );

  app.post('/api/logout', async (request, reply) => {
    if (request.auth?.via === 'session') {
      await logout(app.db, request.auth.sessionId, request.auth.user.id, request.meta());
      app.realtime.sessionEnded(request.auth.sessionId);
    }
    return reply.clearSessionCookie().code(204).send();
  });

  // SPEC: the menu's Logout navigates here. A cross-site page can only reach it by a top-level
  // navigation (the cookie is SameSite=Lax), and all it can do is sign the visitor out.
  app.get('/api/logout', async (request, reply) => {
    if (request.auth?.via === 'session') {
      await logout(app.db, request.auth.sessionId, request.auth.user.id, request.meta());
      app.realtime.sessionEnded(request.auth.sessionId);
    }
    return reply.clearSessionCookie().header('cache-control', noStore).redirect('/');
  });

  // "Who am I": the one auth call a personal access token may make (ADR 032).
  app.get(
    '/api/auth/me',
    { config: { accessToken: 'read' }, schema: { response: { 200: authUser } } },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      return app.signedIn(request).user;
    },
  );

  /** The current user, or null: for callers that treat "signed out" as an answer, not an error. */
  app.get(
    '/api/auth/user',
    { schema: { response: { 200: authUser.nullable() } } },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      return request.auth?.user ?? null;
    },
  );

  /** When the current session ends, and whether it outlives the browser ("Stay logged in"). */
  app.get('/api/auth/session', { schema: { response: { 200: sessionInfo } } }, async (request, reply) => {
    reply.header('cache-control', noStore);
    const session = request.auth?.via === 'session' ? request.auth : null;
    return {
      authenticated: session !== null,
      expiresAt: session?.expiresAt.toISOString() ?? null,
      persistent: session?.persistent ?? false,
    };
  });

  app.get('/api/auth/check', { schema: { response: { 200: authCheck } } }, async (request, reply) => {
    reply.header('cache-control', noStore);
    return { authenticated: request.auth !== null };
  });

  app.post(
    '/api/password-reset/request',
    {
      config: { limit: 'passwordReset' },
      schema: { body: passwordResetRequest, response: { 200: messageResponse } },
    },
    async (request) => {
      // The same answer, and the same work before answering, whether or not the address has an account.
      await requestPasswordReset(app.db, request.body.email, publicUrl, request.meta());
      return { message: PASSWORD_RESET_REQUESTED };
    },
  );

  app.post(
    '/api/password-reset/confirm',
    {
      config: { limit: 'passwordReset' },
      schema: { body: passwordResetConfirm, response: { 200: messageResponse } },
    },
    async (request, reply) => {
      await confirmPasswordReset(app.db, request.body.token, request.body.password, request.meta());
      // Every session ended with the reset, this browser's too.
      reply.clearSessionCookie();
      return { message: 'Your password has been changed. You can now log in with it.' };
    },
  );

  app.post(
    '/api/account/password',
    {
      preHandler: app.requireUser,
      schema: { body: changePasswordRequest, response: { 200: messageResponse } },
    },
    async (request) => {
      const { user, sessionId } = app.signedInSession(request);
      await changePassword(app.db, user.id, sessionId, request.body, request.meta());
      return { message: 'Your password has been changed. Other devices have been signed out.' };
    },
  );

  app.post(
    '/api/account/email',
    {
      preHandler: app.requireUser,
      schema: { body: changeEmailRequest, response: { 200: changeEmailResponse } },
    },
    async (request) =>
      changeEmail(app.db, app.signedIn(request).user.id, request.body, request.meta(), publicUrl),
  );

  await app.register(emailVerificationRoutes, { publicUrl });
};
