import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF } from '#common/limits';
import { issueCsrfToken, verifyCsrfToken } from '#server/crypto/csrf.ts';
import { randomToken } from '#server/crypto/tokens.ts';
import { ForbiddenError } from '#server/errors.ts';
import type { RecordSecurityEvent } from '#server/http/request-auth.ts';

export const PRESESSION_COOKIE = 'crewbase_presession';
export const CSRF_REFUSED = 'Invalid or missing CSRF token. Refresh the page and try again.';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` for a route no browser calls, authenticated another way (a signed Stripe webhook).
     * Cookie-borne sessions are what CSRF abuses; such a route must not read one.
     */
    csrf?: false;
  }
  interface FastifyInstance {
    /** A CSRF token for this visitor: bound to the session, or to a pre-session cookie it sets. */
    issueCsrfToken(request: FastifyRequest, reply: FastifyReply): { token: string; expiresAt: Date };
  }
}

/**
 * Every POST, PUT, PATCH and DELETE (all of them are under /api) must carry a token from
 * GET /api/csrf-token in the `CSRF-Token` header or a `_csrf` body field. Checked before
 * validation, so a forged request is refused as forged whatever its body.
 */
export const csrfPlugin = fp<{ secret: string; secure: boolean; recordSecurityEvent: RecordSecurityEvent }>(
  async (app, { secret, secure, recordSecurityEvent }) => {
    const bindingOf = (request: FastifyRequest): string | null => {
      if (request.auth?.via === 'session') return `session:${request.auth.sessionId}`;
      const presession = request.cookies[PRESESSION_COOKIE];
      return presession ? `visitor:${presession}` : null;
    };

    app.decorate('issueCsrfToken', (request: FastifyRequest, reply: FastifyReply) => {
      if (request.auth?.via === 'session')
        return issueCsrfToken(secret, bindingOf(request) ?? '', CSRF.lifetimeMs);
      const presession = request.cookies[PRESESSION_COOKIE] ?? randomToken();
      reply.setCookie(PRESESSION_COOKIE, presession, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: CSRF.anonymousLifetimeMs / 1000,
      });
      return issueCsrfToken(secret, `visitor:${presession}`, CSRF.anonymousLifetimeMs);
    });

    // A callback hook: reads (most requests) pass without a promise (ADR 029).
    app.addHook('preValidation', (request, _reply, done) => {
      // Every routed write, whatever the spelling of its URL (`/%61pi/…` is routed to `/api/…`);
      // an unknown path does nothing and answers the 404.
      if (!WRITE_METHODS.has(request.method) || request.is404) return done();
      if (request.routeOptions.config.csrf === false) return done();
      // A personal access token is sent by its holder's own code, never by a browser on its own
      // (ADR 032); the cookie beside it was not read (session.ts).
      if (request.auth?.via === 'token') return done();
      const header = request.headers['csrf-token'];
      const bodyToken = (request.body as { _csrf?: unknown } | undefined)?._csrf;
      const token = typeof header === 'string' ? header : typeof bodyToken === 'string' ? bodyToken : null;
      const binding = bindingOf(request);
      if (token && binding && verifyCsrfToken(secret, binding, token)) return done();
      recordSecurityEvent(app.db, request.meta(), {
        type: 'csrf_refused',
        userId: request.auth?.user.id ?? null,
        detail: { method: request.method, path: request.url.split('?')[0], tokenSent: token !== null },
      }).then(() => done(new ForbiddenError(CSRF_REFUSED)), done);
    });
  },
  { name: 'csrf', dependencies: ['session'] },
);
