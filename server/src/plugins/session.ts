import fastifyCookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_TOKEN_MESSAGES } from '#common/access-tokens';
import { REALTIME } from '#common/schemas/notifications';
import type { CookieNames } from '#server/config.ts';
import {
  KNOWN_DEVICE_LIFETIME_SECONDS,
  type KnownDevice,
  readKnownDevices,
  withKnownDevice,
} from '#server/crypto/device-cookie.ts';
import type { Database } from '#server/db/client.ts';
import { ForbiddenError, UnauthorizedError } from '#server/errors.ts';
import { ipPrefix } from '#server/http/client-ip.ts';
import {
  bearerCredential,
  type NewSession,
  type RequestAuth,
  type RequestMeta,
  type SessionAuth,
  SIGN_IN_REQUIRED,
  type SigningInBrowser,
} from '#server/http/request-auth.ts';

/** Holds a right password's challenge until its two-factor code arrives (10 minutes). */
export const TWO_FACTOR_COOKIE = 'crewbase_2fa';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer is the same for every visitor and member (the role catalogue): the session
     * cookie is not looked up, and `request.auth` stays null.
     */
    sameForEveryone?: true;
  }
  interface FastifyRequest {
    /** The signed-in user and their session, or null for a visitor. */
    auth: RequestAuth | null;
    meta(): RequestMeta;
    /** What a browser brings to a sign-in: the session it has, and the accounts it is known for. */
    signingInBrowser(): SigningInBrowser;
  }
  interface FastifyReply {
    setSessionCookie(session: NewSession): FastifyReply;
    clearSessionCookie(): FastifyReply;
    /** Remembers this browser as one that signed in to `device.userId` (the known-device cookie). */
    rememberDevice(device: KnownDevice): FastifyReply;
    setTwoFactorCookie(token: string): FastifyReply;
    clearTwoFactorCookie(): FastifyReply;
  }
  interface FastifyInstance {
    /** The session cookie's name (`CookieNames`): what a test or a bench sends to be signed in. */
    sessionCookieName: string;
    /** preHandler for routes that need a signed-in user: 401 otherwise. */
    requireUser: preHandlerAsyncHookHandler;
    /** The user of a route guarded by requireUser. */
    signedIn(request: FastifyRequest): RequestAuth;
    /**
     * The session of a route guarded by requireUser that acts on the browser's session itself
     * (signing out, devices, re-authentication): 403 for a personal access token.
     */
    signedInSession(request: FastifyRequest): SessionAuth;
  }
}

/**
 * Reads the session cookie of API requests (static files never touch the database) and resolves
 * it to `request.auth`. The cookie is HttpOnly and SameSite=Lax, Secure and `__Host-` behind https
 * (config.ts `cookieNames`); a "remember me" session is a 30-day persistent cookie, any other a
 * browser-session cookie.
 */
export const sessionPlugin = fp<{
  secure: boolean;
  cookies: CookieNames;
  /** Signs the known-device cookie: the server's session secret. */
  deviceSecret: string;
  /** The live session a cookie's token names, or null: the auth feature's resolveSession. */
  resolveSession(
    db: Database,
    token: string,
  ): Promise<(Omit<SessionAuth, 'via' | 'sessionId'> & { id: number }) | null>;
}>(
  async (app, { secure, cookies, deviceSecret, resolveSession }) => {
    await app.register(fastifyCookie);
    app.decorate('sessionCookieName', cookies.session);
    app.decorateRequest('auth', null);
    app.decorateRequest('meta', function (this: FastifyRequest): RequestMeta {
      const userAgent = this.headers['user-agent'];
      return {
        ip: this.ip,
        ipPrefix: ipPrefix(this.ip),
        userAgent: userAgent ? userAgent.slice(0, 400) : null,
      };
    });

    // A callback hook that turns asynchronous only for a cookie to look up: a visitor's request (no
    // cookie) and an answer the same for everyone cost no promise and no database (ADR 029).
    app.addHook('onRequest', (request, _reply, done) => {
      const token = request.cookies[cookies.session];
      // A bearer token decides alone (plugins/access-tokens.ts): a cookie beside it is not read,
      // so it can neither lend the request a session nor be used to skip the CSRF check.
      if (!token || bearerCredential(request.headers.authorization) !== null) return done();
      // The route's own path, not the URL as sent: `/%61pi/…` is routed to `/api/…` and must be
      // seen by the same session as `/api/…`.
      const { url: route, config } = request.routeOptions;
      if (!route || config.sameForEveryone || !(route.startsWith('/api/') || route === REALTIME.path))
        return done();
      resolveSession(app.db, token).then((session) => {
        if (session) {
          request.auth = {
            via: 'session',
            user: session.user,
            sessionId: session.id,
            expiresAt: session.expiresAt,
            persistent: session.persistent,
            reauthenticatedAt: session.reauthenticatedAt,
            secondFactor: session.secondFactor,
          };
        }
        done();
      }, done);
    });

    app.decorateReply('setSessionCookie', function (this: FastifyReply, session: NewSession) {
      return this.setCookie(cookies.session, session.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        ...(session.persistent ? { expires: session.expiresAt } : {}),
      });
    });
    app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
      return this.clearCookie(cookies.session, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    });

    app.decorateRequest('signingInBrowser', function (this: FastifyRequest): SigningInBrowser {
      return {
        sessionToken: this.cookies[cookies.session] || null,
        knownDevices: readKnownDevices(deviceSecret, this.cookies[cookies.knownDevice]),
      };
    });
    app.decorateReply('rememberDevice', function (this: FastifyReply, device: KnownDevice) {
      const held = readKnownDevices(deviceSecret, this.request.cookies[cookies.knownDevice]);
      return this.setCookie(cookies.knownDevice, withKnownDevice(deviceSecret, held, device), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: KNOWN_DEVICE_LIFETIME_SECONDS,
      });
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
    app.decorate('signedInSession', (request: FastifyRequest) => {
      if (!request.auth) throw new UnauthorizedError(SIGN_IN_REQUIRED);
      if (request.auth.via !== 'session') throw new ForbiddenError(ACCESS_TOKEN_MESSAGES.sessionOnly);
      return request.auth;
    });
  },
  { name: 'session', dependencies: ['database'] },
);
