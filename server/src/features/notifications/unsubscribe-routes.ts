import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  UNSUBSCRIBE_MESSAGES,
  unsubscribeQuery,
  unsubscribeResponse,
} from '#common/schemas/email-preferences';
import { BadRequestError } from '#server/errors.ts';
import { acceptMultipart } from '#server/plugins/media.ts';
import { applyUnsubscribeToken } from './email-preferences.ts';
import { invalidLinkPage, resubscribedPage, unsubscribedPage } from './unsubscribe-page.ts';

/** RFC 8058's body is one short field; nothing longer is read. */
const FORM_BODY_LIMIT = 1024;

/**
 * One-click unsubscribe (RFC 8058) and its page. No session and no CSRF token: the signed token
 * in the URL is the authority (a mail client POSTs it without cookies), and nothing these routes
 * do reads a session. Rate-limited per network as `unsubscribe` (plugins/rate-limit.ts).
 * Registered in its own scope, so the form body parsers below apply to these routes only.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // `List-Unsubscribe=One-Click`, as application/x-www-form-urlencoded: accepted, and read as a
  // plain object; the token decides, not the body. multipart/form-data, which RFC 8058 also
  // allows, is parsed here too.
  await acceptMultipart(app);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  // The links in e-mails open pages: the site's document headers, not the API's.
  const config = { csrf: false, limit: 'unsubscribe', answers: 'document' } as const;

  app.post(
    '/api/email/unsubscribe',
    { config, schema: { querystring: unsubscribeQuery, response: { 200: unsubscribeResponse } } },
    async (request) => {
      const done = await applyUnsubscribeToken(app.db, request.query.token, false);
      if (!done) throw new BadRequestError(UNSUBSCRIBE_MESSAGES.invalidToken);
      return { category: done.category, unsubscribed: true as const };
    },
  );

  app.get(
    '/api/email/unsubscribe',
    // No HEAD twin: a link checker's HEAD must not unsubscribe anyone.
    { config, exposeHeadRoute: false, schema: { querystring: unsubscribeQuery } },
    async (request, reply) => {
      reply
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .type('text/html; charset=utf-8');
      const token = request.query.token;
      const done = await applyUnsubscribeToken(app.db, token, false);
      if (!done || !token) return reply.code(400).send(invalidLinkPage());
      return reply.send(unsubscribedPage(done.category, token));
    },
  );

  app.post(
    '/api/email/resubscribe',
    { config, schema: { querystring: unsubscribeQuery } },
    async (request, reply) => {
      reply
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .type('text/html; charset=utf-8');
      const done = await applyUnsubscribeToken(app.db, request.query.token, true);
      if (!done) return reply.code(400).send(invalidLinkPage());
      return reply.send(resubscribedPage(done.category));
    },
  );
};
