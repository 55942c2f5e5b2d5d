import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger, LoggerOptions } from 'pino';

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

/**
 * A request's logger that becomes a pino child the first time it writes a line (ADR 029). Making
 * the child is most of what logging costs a request that logs nothing (at LOG_LEVEL=warn, a
 * successful request): with the wildcard redact paths above, pino passes the request id through
 * the redaction stringifier, about 7 µs per request. Every line written is the child's, with its
 * request id, exactly as before.
 */
class LazyChildLogger implements FastifyBaseLogger {
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  #child: Logger | undefined;

  constructor(parent: Logger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #real(): Logger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }

  #write(level: Level, args: unknown[]) {
    // The child's level once it exists (a handler may have changed it), else the parent's.
    if ((this.#child ?? this.#parent).isLevelEnabled(level))
      (this.#real()[level] as (...line: unknown[]) => void)(...args);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }
  set level(level: string) {
    this.#real().level = level;
  }
  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

function hasAny(options: object): boolean {
  for (const _ in options) return true;
  return false;
}

/**
 * Fastify's `childLoggerFactory`: each request's logger (bound to its request id) is made lazily.
 * A route with its own log level or serializers, or a logger that is not pino, gets its child at
 * once, as Fastify would make it.
 */
export const requestLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  const pino = logger as Partial<Logger>;
  if (hasAny(options) || typeof pino.isLevelEnabled !== 'function') return logger.child(bindings, options);
  return new LazyChildLogger(logger as Logger, bindings);
};
