import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '#common/errors';
import { isDatabaseUnavailable } from '#server/db/unavailable.ts';
import { HttpError, RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE, TooManyRequestsError } from '#server/errors.ts';

/** Retry-After for a 429 whose refuser did not say when (a per-minute cap, a socket limit). */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

export function errorBody(message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: { message, timestamp: new Date().toISOString(), ...(fields ? { fields } : {}) } };
}

/**
 * One error shape for every failure (SPEC §8): `{ error: { message, timestamp } }`.
 * Validation failures carry each field's SPEC §5 message; nothing internal leaves the server.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        for (const issue of error.validation) {
          const key = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
          fields[key] ??= issue.message ?? 'Invalid value';
        }
        const first = error.validation[0]?.message ?? 'Invalid request';
        return reply.code(400).send(errorBody(first, fields));
      }
      if (error.statusCode === 429) {
        // Rate limits answer with a top-level message (SPEC §8 "Too many requests…"); Retry-After is set.
        // Every 429 says when to try again (issue 33): the refuser's own time (the rate limiter sets
        // its header before this), else a minute.
        if (error instanceof TooManyRequestsError && error.retryAfterSeconds !== undefined) {
          reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
        } else if (!reply.hasHeader('retry-after')) {
          reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
        }
        return reply.code(429).send({ message: error.message });
      }
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).send(errorBody(error.message, error.fields));
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response did not match its schema');
        return reply.code(500).send(errorBody('Something went wrong on our side. Please try again.'));
      }
      if (isDatabaseUnavailable(error)) {
        // Scenario 3 of issue 21: PostgreSQL is down or unreachable; say so, briefly, and when to retry.
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        // Not the route's serializer: a 503 schema (e.g. /api/health's) describes another body, and
        // a signed-in health check fails in the session lookup, before the route (then a 500).
        return reply.code(503).serializer(JSON.stringify).send(errorBody(SERVICE_UNAVAILABLE));
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(500).send(errorBody('Something went wrong on our side. Please try again.'));
      }
      // Fastify's own 4xx (bad JSON, body too large, unsupported media type) say what is wrong.
      return reply.code(status).send(errorBody(error.message));
    });
  },
  { name: 'errors' },
);
