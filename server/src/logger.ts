import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { LoggerOptions } from 'pino';

/**
 * What the logs may never hold (issue 21): secrets (passwords, tokens, cookies, authorization and
 * CSRF headers) and personal data (e-mail addresses, client IPs). Paths cover the request and
 * response serializers and any object logged with such a field, up to two levels deep.
 */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["csrf-token"]',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  ...[
    'password',
    'currentPassword',
    'confirmPassword',
    'token',
    'csrfToken',
    'email',
    'cookie',
    'authorization',
    'secret',
  ].flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

/** Query parameters whose values are secrets (feed tokens, reset and checkout links). */
const SECRET_QUERY = /([?&](?:token|session|code|state|key)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[Redacted]');
}

/** The pino options of the server and the start-up logger: one redaction config for both. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    serializers: {
      // Fastify's default request serializer logs the client's address: personal data, left out.
      req: (request: { method: string; url: string; id?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
      }),
    },
  };
}

/** A request id from a proxy is kept when it is short and plain; anything else is replaced. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
