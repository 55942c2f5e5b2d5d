import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers and compression. The CSP allows only our own scripts: the built SPA has no inline
 * script (the theme is applied by /theme-init.js before first paint), so no hash or nonce is needed.
 *
 * helmet's middleware is built once here and applied in a hook. (@fastify/helmet rebuilds it and
 * re-parses the CSP on every request, which cost a measurable share of throughput; see
 * docs/benchmarks.md.)
 */
/** The headers helmet's middleware sets, read off a stand-in response. */
function securityHeaders(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let ran = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    ran = true;
  });
  if (!ran || Object.keys(headers).length === 0) throw new Error('helmet set no headers');
  return headers;
}

export const securityPlugin = fp<{ https: boolean }>(
  async (app, { https }) => {
    const options: HelmetOptions = {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Radix positions popovers with inline style attributes.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameSrc: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
          manifestSrc: ["'self'"],
          workerSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    };
    // With these options every answer gets the same headers: helmet runs once, on a stand-in
    // response, and each request copies what it set (ADR 029: running helmet's dozen middlewares
    // per request cost more than the rest of /api/roles).
    const headers = securityHeaders(helmet(options));
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    // Quality 4 for answers compressed per request: near gzip's speed, still smaller. (Fixed answers
    // such as index.html and the role catalogue are compressed once at quality 11; see precompressed.ts.)
    await app.register(compress, {
      threshold: 1024,
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'security' },
);
