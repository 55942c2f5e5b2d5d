import { createHash } from 'node:crypto';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ACCESS_TOKEN_PREFIX } from '#common/access-tokens';
import { type Precompressed, precompress, sendPrecompressed } from '#server/http/precompressed.ts';
import { describeOperations, type OpenApiDocument } from './openapi-describe.ts';
import { isUndocumentedRoute, ROUTE_FACTS } from './openapi-operations.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';
const SCRIPT_PATH = `${DOCS_PATH}/js/scalar.js`;

const zodTransform = createJsonSchemaTransform({ skipList: [] });
const zodTransformObject = createJsonSchemaTransformObject({});

/**
 * The OpenAPI 3.1 document of the public and member API (issue 37, ADR 035), built by
 * @fastify/swagger from every route's zod schemas as the routes are registered, then completed from
 * one table (openapi-operations.ts): summaries, tags, who may call, the error answers. Registered
 * before the features so it sees each route; GET /api/openapi.json serves it, /api/docs shows it.
 */
export const openapiPlugin = fp<{ sessionCookieName: string }>(
  async (app, { sessionCookieName }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'CrewBase API',
          version: '1.0.0',
          description: [
            'The API the CrewBase web app uses, for your own tools: read the directory, keep your',
            'profile, availability, bookings and messages in step with your scheduling software.',
            '',
            `Scripts authenticate with a personal access token (\`Authorization: Bearer ${ACCESS_TOKEN_PREFIX}…\`),`,
            'created on your account page. A browser session (cookie) needs a CSRF token on every write.',
            '',
            'Every error answers `{"error": {"message", "timestamp", "fields"?}}`; a rate limit answers',
            '429 with `{"message"}` and a `Retry-After` header.',
          ].join('\n'),
        },
        tags: [],
        components: {
          securitySchemes: {
            session: {
              type: 'apiKey',
              in: 'cookie',
              name: sessionCookieName,
              description: 'The browser session set by POST /api/login. Writes also need `csrf`.',
            },
            csrf: {
              type: 'apiKey',
              in: 'header',
              name: 'CSRF-Token',
              description:
                'With a cookie session (or before signing in), every POST, PUT, PATCH and DELETE carries a token from GET /api/csrf-token.',
            },
            bearer: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: `${ACCESS_TOKEN_PREFIX}…`,
              description:
                'A personal access token: no cookie, no CSRF token. `read` tokens may GET; `write` tokens may also change your own profile, availability, bookings as crew and messages. A write with a read-only token answers 403; a revoked or expired token 401.',
            },
          },
        },
      },
      transform: (document) => {
        const { url, route } = document;
        if (isUndocumentedRoute(url)) return { schema: { hide: true }, url };
        const { schema, url: transformedUrl } = zodTransform(document);
        const facts = {
          rateLimited: route.config?.limit !== 'none',
          csrf: route.config?.csrf !== false,
          // Bearer is offered exactly where the access-token plugin lets a token in.
          acceptsTokens: Boolean(route.config?.accessToken),
        };
        return { schema: { ...schema, [ROUTE_FACTS]: facts }, url: transformedUrl };
      },
      transformObject: (document) => describeOperations(zodTransformObject(document) as OpenApiDocument),
    });

    // Built and compressed once, on first request: the routes do not change after start-up.
    let body: Precompressed | undefined;
    app.get(OPENAPI_PATH, { schema: { hide: true }, compress: false }, async (request, reply) => {
      body ??= precompress(Buffer.from(JSON.stringify(app.swagger())), 'fast');
      reply.header('cache-control', 'public, max-age=300');
      return sendPrecompressed(request, reply, body);
    });

    await app.register(docsPage);
  },
  { name: 'openapi', dependencies: ['security'] },
);

/**
 * /api/docs: Scalar's reference page, served by its Fastify plugin with its own bundle (no CDN).
 * Its HTML starts the bundle with an inline script, which the site's CSP forbids; this page alone
 * allows that one script by its hash, and fonts from nowhere but here (`withDefaultFonts: false`).
 */
async function docsPage(app: FastifyInstance) {
  // The page is the same for everyone: its CSP is worked out once.
  let cached: { page: string; csp: string } | undefined;
  // Scalar's bundle is 4.9 MB: compressed once, not on every request by @fastify/compress (which
  // leaves an answer that already has a content-encoding alone).
  let script: Precompressed | undefined;
  // Scalar's page is a document under /api/: the site's document headers, whose CSP is widened below.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, answers: 'document' };
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url === SCRIPT_PATH && typeof payload === 'string') {
      script ??= precompress(Buffer.from(payload), 'fast');
      const accepted = String(request.headers['accept-encoding'] ?? '');
      reply.header('vary', 'accept-encoding');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
      if (!encoding) return payload;
      reply.header('content-encoding', encoding);
      return script[encoding];
    }
    if (
      !request.url.startsWith(DOCS_PATH) ||
      typeof payload !== 'string' ||
      !payload.startsWith('<!doctype')
    ) {
      return payload;
    }
    if (cached?.page !== payload) {
      const base = String(reply.getHeader('content-security-policy') ?? '');
      const hashes = inlineScriptHashes(payload).join(' ');
      cached = { page: payload, csp: base.replace("script-src 'self'", `script-src 'self' ${hashes}`) };
    }
    reply.header('content-security-policy', cached.csp);
    return payload;
  });
  await app.register(scalar, {
    routePrefix: DOCS_PATH,
    configuration: {
      url: OPENAPI_PATH,
      pageTitle: 'CrewBase API',
      favicon: '/favicon.svg',
      withDefaultFonts: false,
      hideClientButton: true,
      // Scalar shows its own toolbar (Deploy, Generate SDK) on localhost: not ours to offer.
      showDeveloperTools: 'never',
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
    },
    hooks: {
      onRequest: async (request, reply) => {
        reply.header('cache-control', `public, max-age=${request.url === SCRIPT_PATH ? 86_400 : 300}`);
      },
    },
  });
}

/** `'sha256-…'` for each inline script of a page, so the CSP admits exactly those. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const text = match[1] ?? '';
    if (text.trim()) hashes.push(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  }
  return hashes;
}
