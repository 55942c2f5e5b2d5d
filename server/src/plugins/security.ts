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
    const applyHeaders = helmet(options);
    app.addHook('onRequest', (request, reply, done) => {
      applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
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
