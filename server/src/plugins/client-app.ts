import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Precompressed, precompress, sendPrecompressed } from '#server/http/precompressed.ts';
import { errorBody } from './errors.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface RenderedPage {
  status: number;
  body: Precompressed;
}

/**
 * Renders a public page into index.html, or leaves the path to the plain SPA (undefined). The
 * pages feature implements it; app.ts hands it over.
 */
export type PageRenderer = (
  request: FastifyRequest,
  url: URL,
  template: string,
) => Promise<RenderedPage | undefined>;

/**
 * Serves the built SPA. Hashed files under /assets/ are cached for a year; index.html is revalidated
 * every time so a deploy is picked up at once. Any path without a file extension that is not an API
 * path is a client route and gets index.html; unknown API paths and missing files get a JSON 404.
 */
export const clientAppPlugin = fp<{ root: string; renderPage?: PageRenderer }>(
  async (app, { root, renderPage }) => {
    const indexFile = path.join(root, 'index.html');
    const hasBuild = existsSync(indexFile);
    // index.html answers every client route; it is fixed for a build, so it is read and compressed once.
    const indexHtml = hasBuild ? precompress(readFileSync(indexFile)) : null;
    const etagOf = (body: Precompressed) =>
      `"${createHash('sha256').update(body.identity).digest('base64url').slice(0, 27)}"`;
    const indexEtag = indexHtml ? etagOf(indexHtml) : '';
    const template = indexHtml ? indexHtml.identity.toString('utf8') : '';
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        index: false,
        cacheControl: false,
        setHeaders(res, filePath) {
          const relative = path.relative(root, filePath);
          if (relative.startsWith(`assets${path.sep}`)) res.header('cache-control', IMMUTABLE);
          else if (relative === 'sw.js' || relative.endsWith('.html'))
            res.header('cache-control', 'no-cache');
          else res.header('cache-control', 'public, max-age=86400');
        },
      });
    } else {
      app.log.warn(`No client build in ${root}: run "npm run build" to serve the web app`);
    }

    const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-cache').header('etag', indexEtag);
      if (request.headers['if-none-match'] === indexEtag) return reply.code(304).send();
      if (!indexHtml) return reply.code(404).send(errorBody('No client build'));
      return sendPrecompressed(request, reply, indexHtml, 'text/html; charset=utf-8');
    };

    /** A public page rendered on the server (features/pages): index.html with its head and content. */
    const sendRendered = async (request: FastifyRequest, reply: FastifyReply, url: URL) => {
      const page = renderPage && (await renderPage(request, url, template));
      if (!page) return sendIndex(request, reply);
      const etag = etagOf(page.body);
      reply.header('cache-control', 'no-cache').header('etag', etag);
      if (page.status === 200 && request.headers['if-none-match'] === etag) return reply.code(304).send();
      reply.code(page.status);
      return sendPrecompressed(request, reply, page.body, 'text/html; charset=utf-8');
    };
    if (indexHtml)
      app.get('/', { compress: false }, (request, reply) =>
        sendRendered(request, reply, new URL(request.url, 'http://localhost')),
      );

    app.setNotFoundHandler((request, reply) => {
      const url = new URL(request.url, 'http://localhost');
      const { pathname } = url;
      const isClientRoute =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !pathname.startsWith('/api/') &&
        pathname !== '/api' &&
        !path.extname(pathname);
      if (isClientRoute && indexHtml) return sendRendered(request, reply, url);
      const message = pathname.startsWith('/api')
        ? `No API endpoint ${request.method} ${pathname}`
        : `Not found: ${pathname}`;
      return reply.code(404).send(errorBody(message));
    });
  },
  { name: 'client-app' },
);
