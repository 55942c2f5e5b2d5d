import fastifyCookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthUser } from '#common/schemas/auth';
import type { Database } from '#server/db/client.ts';
import { UnauthorizedError } from '#server/errors.ts';
import { ipPrefix } from '#server/http/client-ip.ts';
import {
  type NewSession,
  type RequestAuth,
  type RequestMeta,
  SIGN_IN_REQUIRED,
} from '#server/http/request-auth.ts';

export const SESSION_COOKIE = 'crewbase_session';
/** Holds a right password's challenge until its two-factor code arrives (10 minutes). */
export const TWO_FACTOR_COOKIE = 'crewbase_2fa';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user and their session, or null for a visitor. */
    auth: RequestAuth | null;
    meta(): RequestMeta;
  }
  interface FastifyReply {
    setSessionCookie(session: NewSession): FastifyReply;
    clearSessionCookie(): FastifyReply;
    setTwoFactorCookie(token: string): FastifyReply;
    clearTwoFactorCookie(): FastifyReply;
  }
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in user: 401 otherwise. */
    requireUser: preHandlerAsyncHookHandler;
    /** The user of a route guarded by requireUser. */
    signedIn(request: FastifyRequest): RequestAuth;
  }
}

/**
 * Reads the session cookie of API requests (static files never touch the database) and resolves
 * it to `request.auth`. The cookie is HttpOnly and SameSite=Lax, Secure behind https; a "remember
 * me" session is a 30-day persistent cookie, any other a browser-session cookie.
 */
export const sessionPlugin = fp<{
  secure: boolean;
  /** The live session a cookie's token names, or null: the auth feature's resolveSession. */
  resolveSession(
    db: Database,
    token: string,
  ): Promise<{
    id: number;
    user: AuthUser;
    expiresAt: Date;
    persistent: boolean;
    reauthenticatedAt: Date;
  } | null>;
}>(
  async (app, { secure, resolveSession }) => {
    await app.register(fastifyCookie);
    app.decorateRequest('auth', null);
    app.decorateRequest('meta', function (this: FastifyRequest): RequestMeta {
      const userAgent = this.headers['user-agent'];
      return {
        ip: this.ip,
        ipPrefix: ipPrefix(this.ip),
        userAgent: userAgent ? userAgent.slice(0, 400) : null,
      };
    });

    app.addHook('onRequest', async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      if (!token || !(request.url.startsWith('/api/') || request.url.startsWith('/ws'))) return;
      const session = await resolveSession(app.db, token);
      if (session) {
        request.auth = {
          user: session.user,
          sessionId: session.id,
          expiresAt: session.expiresAt,
          persistent: session.persistent,
          reauthenticatedAt: session.reauthenticatedAt,
        };
      }
    });

    app.decorateReply('setSessionCookie', function (this: FastifyReply, session: NewSession) {
      return this.setCookie(SESSION_COOKIE, session.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        ...(session.persistent ? { expires: session.expiresAt } : {}),
      });
    });
    app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
      return this.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    });

    app.decorateReply('setTwoFactorCookie', function (this: FastifyReply, token: string) {
      return this.setCookie(TWO_FACTOR_COOKIE, token, {
        path: '/api/login',
        httpOnly: true,
        sameSite: 'strict',
        secure,
        maxAge: 600,
      });
    });
    app.decorateReply('clearTwoFactorCookie', function (this: FastifyReply) {
      return this.clearCookie(TWO_FACTOR_COOKIE, {
        path: '/api/login',
        httpOnly: true,
        sameSite: 'strict',
        secure,
      });
    });

    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (!request.auth) throw new UnauthorizedError(SIGN_IN_REQUIRED);
    });
    app.decorate('signedIn', (request: FastifyRequest) => {
      if (!request.auth) throw new UnauthorizedError(SIGN_IN_REQUIRED);
      return request.auth;
    });
  },
  { name: 'session', dependencies: ['database'] },
);
