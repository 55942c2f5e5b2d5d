import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** What the client's server renderer (client/src/entry-server.tsx) gives for a page. */
export interface AppMarkup {
  /** Tags React hoists out of the markup (image preloads): they go into the head. */
  head: string;
  /** The app's markup for `#root`. */
  root: string;
  /** The query answers the page was rendered from, a data block for after `#root`. */
  afterRoot: string;
}

/** What a render gave: the markup (null: the page stays client-rendered) and whether it may be cached. */
export interface AppRender {
  markup: AppMarkup | null;
  /**
   * False when an answer the render read was refused or failed (a 429 of the visitor's rate
   * limit, a 5xx): the page shows that visitor's bad moment, not the page, and must never be
   * served to anyone else.
   */
  cacheable: boolean;
}

/** Renders a public page with the app's own components, or null markup to keep it client-rendered. */
export type AppRenderer = (url: URL, visitorIp: string) => Promise<AppRender>;

/** Answers that say nothing about the page, only about the moment: a render reading one is degraded. */
const degrading = (status: number) => status === 429 || status >= 500;

interface ServerRenderModule {
  configure(options: { fetch: typeof fetch }): void;
  render(url: string): Promise<{ html: string; stateScript: string } | null>;
}

/** React puts resource hints (`<link rel="preload">`) first; they belong in the head. */
const LEADING_LINKS = /^((?:<link\b[^>]*>)*)([\s\S]*)$/;

/**
 * Loads the server renderer that `npm run build` writes beside the client build
 * (dist/server-render/). Without it (unit tests run before the build) public pages keep the
 * heads-only rendering. Its requests are answered by the app itself through `inject`, with no
 * cookie, so a page holds exactly what the API shows a visitor and reuses the API's caches; they
 * count against the visitor's own rate limit, as the browser's requests would.
 */
export async function loadAppRenderer(app: FastifyInstance, clientDist: string): Promise<AppRenderer | null> {
  const file = path.resolve(clientDist, '..', 'server-render', 'entry-server.js');
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as ServerRenderModule;
  const visitor = new AsyncLocalStorage<{ ip: string; degraded: boolean }>();
  module.configure({
    fetch: async (input, init) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') throw new Error(`A server render only reads, but asked for ${method} ${input}`);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const answer = await app.inject({
        method: 'GET',
        url,
        headers: { accept: 'application/json' },
        remoteAddress: visitor.getStore()?.ip ?? '127.0.0.1',
      });
      const render = visitor.getStore();
      if (render && degrading(answer.statusCode)) render.degraded = true;
      const empty = answer.statusCode === 204 || answer.statusCode === 304;
      return new Response(empty ? null : answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    },
  });
  app.log.info('Public pages are rendered on the server with React');
  return async (url, visitorIp) => {
    const render = { ip: visitorIp, degraded: false };
    const page = await visitor.run(render, () => module.render(url.href));
    if (!page) return { markup: null, cacheable: !render.degraded };
    const [, head = '', root = ''] = LEADING_LINKS.exec(page.html) ?? [];
    return { markup: { head, root, afterRoot: page.stateScript }, cacheable: !render.degraded };
  };
}
