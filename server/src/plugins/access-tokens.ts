import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_TOKEN_MESSAGES, type AccessTokenScope } from '#common/access-tokens';
import type { AuthUser } from '#common/schemas/auth';
import type { Database } from '#server/db/client.ts';
import { ForbiddenError, UnauthorizedError } from '#server/errors.ts';
import { bearerCredential, type RequestMeta } from '#server/http/request-auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether a personal access token may call this route (ADR 032): `read` for a GET any token
     * may make, `write` for one of the member's own writes (profile, availability, bookings as
     * crew, messages), which needs the write scope. Left out, a token gets 403: staff, account
     * security, payments and every route no one opened to tokens (default deny).
     */
    accessToken?: 'read' | 'write';
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** What a script on another site may read of an answer besides the body. */
const EXPOSED_HEADERS =
  'Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-Request-Id';
const PREFLIGHT_MAX_AGE_SECONDS = 7200;

export type AccessTokenCheck =
  | { ok: true; auth: { user: AuthUser; token: { id: number; scopes: AccessTokenScope[] } } }
  | { ok: false; message: string };

/**
 * Opens the routes a feature plugin registers after this call to personal access tokens: its GETs
 * (`reads`), or its writes too (`reads and writes`: the member's own profile, their messages),
 * each write still checked by the feature's own guards. Routes that say `accessToken` keep it.
 */
export function acceptAccessTokens(app: FastifyInstance, what: 'reads' | 'reads and writes'): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.accessToken) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const writes = methods.some((method) => WRITE_METHODS.has(method));
    if (writes && what === 'reads') return;
    route.config = { ...route.config, accessToken: writes ? 'write' : 'read' };
  });
}

/** Answers with CORS for anyone: the caller holds a token, never a cookie (no credentials mode). */
function allowAnyOrigin(reply: FastifyReply) {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-expose-headers', EXPOSED_HEADERS);
}

/**
 * `Authorization: Bearer cb_pat_…` on an /api route: the personal access token alone says who is
 * asking (the session plugin does not read the cookie then), with no CSRF token (the CSRF plugin
 * lets a token's writes pass; a cross-site page cannot make a browser send someone's token). A
 * token reaches only the routes that declare `accessToken`, writes only with the write scope.
 *
 * CORS is for token calls only: their answers, and the preflight of a request that will carry an
 * Authorization header, allow any origin without credentials. Cookie calls get no CORS headers
 * and stay same-origin. Done here rather than with @fastify/cors: its per-request hook (and a
 * `Vary: Origin`) on every answer, static files included, is the cost ADR 029 took out.
 */
export const accessTokenPlugin = fp<{
  /** The auth feature's authenticateAccessToken. */
  authenticate(db: Database, credential: string, meta: RequestMeta): Promise<AccessTokenCheck>;
}>(
  async (app, { authenticate }) => {
    const refuse = (reply: FastifyReply, message: string) => {
      reply.header('www-authenticate', 'Bearer realm="CrewBase", error="invalid_token"');
      return new UnauthorizedError(message);
    };

    // A callback hook that turns asynchronous only for a bearer header (ADR 029).
    app.addHook('onRequest', (request, reply, done) => {
      const credential = bearerCredential(request.headers.authorization);
      if (credential === null) return done();
      const { url: route, config } = request.routeOptions;
      // An unknown /api path still answers its 404 readably across origins.
      if (!(route ?? request.url).startsWith('/api/')) return done();
      allowAnyOrigin(reply);
      if (!route) return done();
      authenticate(app.db, credential, request.meta()).then((check) => {
        if (!check.ok) return done(refuse(reply, check.message));
        request.auth = { via: 'token', ...check.auth };
        if (!config.accessToken) return done(new ForbiddenError(ACCESS_TOKEN_MESSAGES.notForTokens));
        // A write method needs the write scope whatever the route declares.
        const needs = WRITE_METHODS.has(request.method) ? 'write' : config.accessToken;
        if (needs === 'write' && !check.auth.token.scopes.includes('write'))
          return done(new ForbiddenError(ACCESS_TOKEN_MESSAGES.readOnly));
        done();
      }, done);
    });

    // The preflight of a cross-origin call with a token. Any other OPTIONS (a cookie call's
    // preflight included) answers the unknown-path 404, so the browser refuses the call.
    app.options(
      '/api/*',
      { config: { limit: 'none', sameForEveryone: true }, schema: { hide: true } },
      (request, reply) => {
        const headers = String(request.headers['access-control-request-headers'] ?? '')
          .toLowerCase()
          .split(',')
          .map((name) => name.trim());
        if (!request.headers.origin || !request.headers['access-control-request-method'])
          return reply.callNotFound();
        if (!headers.includes('authorization')) return reply.callNotFound();
        allowAnyOrigin(reply);
        return reply
          .code(204)
          .header('access-control-allow-methods', 'GET, HEAD, POST, PUT, PATCH, DELETE')
          .header('access-control-allow-headers', 'Authorization, Content-Type')
          .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
          .send();
      },
    );
  },
  { name: 'access-tokens', dependencies: ['session'] },
);
