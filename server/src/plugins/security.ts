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

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route under /api/ that answers a document a browser renders (an HTML page) says so: it
     * gets the site's document headers instead of the API's (ADR 043).
     */
    answers?: 'document';
  }
}

export const securityPlugin = fp<{ https: boolean }>(
  async (app, { https }) => {
    const strictTransportSecurity = https ? { maxAge: 31_536_000, includeSubDomains: true } : false;
    const documentOptions: HelmetOptions = {
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
      strictTransportSecurity,
      crossOriginEmbedderPolicy: false,
    };
    // An API answer (JSON, a calendar, a download) is never a page that loads anything: it gets
    // the headers that still mean something for it, and a CSP that allows nothing at all in case
    // one is opened in a tab (OWASP's REST Security Cheat Sheet). The headers only a rendered page
    // reads (opener isolation, DNS prefetch, IE's download prompt, Flash's policy files, the old
    // XSS auditor) are left off: 5 headers of ~200 bytes instead of 11 of ~750 (ADR 043).
    const apiOptions: HelmetOptions = {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
      strictTransportSecurity,
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
      xFrameOptions: { action: 'deny' },
    };
    // With these options every answer of a kind gets the same headers: helmet runs once, on a
    // stand-in response, and each request copies what it set (ADR 029: running helmet's dozen
    // middlewares per request cost more than the rest of /api/roles).
    const documentHeaders = securityHeaders(helmet(documentOptions));
    const apiHeaders = securityHeaders(helmet(apiOptions));
    app.addHook('onRequest', (request, reply, done) => {
      // The route the router matched (`/%61pi/roles` reaches /api/roles too), or the URL as sent
      // (the not-found handler's route is a wildcard): either under /api/ makes an API answer.
      const { config } = request.routeOptions;
      const api =
        (config.url?.startsWith('/api/') || request.url.startsWith('/api/')) && config.answers !== 'document';
      reply.headers(api ? apiHeaders : documentHeaders);
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
