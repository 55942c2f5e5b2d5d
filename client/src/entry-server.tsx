import { dehydrate, hashKey, type Query, QueryClient, skipToken } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppRoot } from '#client/app/app-root.tsx';
import { routes } from '#client/app/router.tsx';
import { currentUserQuery } from '#client/features/auth/api.ts';
import { setServerTransport } from '#client/lib/http.ts';
import { fetchByKey } from '#client/lib/query-client.ts';
import { QUERY_STATE_ELEMENT_ID } from '#client/lib/server-state.ts';

/*
 * Server rendering of public pages (ADR 022), built by Vite into dist/server-render/ and loaded by
 * the server (features/pages). The page is rendered from the same route components as in the
 * browser. Components read their data with useQuery, which never fetches during a server render,
 * so a render is a prepass: it leaves the queries the page asked for in the cache; they are fetched
 * (from the app itself, as a signed-out visitor) and the page is rendered again, a bounded number
 * of times. The answers go into the page, and the browser's first render reads them.
 */

/** Queries that appear only once earlier ones answered (a page's second level) get this many rounds. */
const MAX_RENDERS = 3;

const staticHandler = createStaticHandler(routes);
const currentUserKey = hashKey(currentUserQuery.queryKey);

/**
 * Where the renderer's requests go. The server passes a fetch that answers through the app itself
 * with no cookies, so each page shows only what the API shows a visitor and reuses its caches.
 */
export function configure({ fetch }: { fetch: typeof globalThis.fetch }): void {
  setServerTransport(fetch);
}

export interface ServerRenderedPage {
  /** The markup for `#root`. */
  html: string;
  /** The query answers, as a data block to put after `#root`. */
  stateScript: string;
}

/**
 * Renders `url` (absolute) as a visitor sees it, or answers null when the page should stay
 * client-rendered: a redirect, a route error, or a query that failed (the browser will show that
 * failure itself, with its retry).
 */
export async function render(url: string): Promise<ServerRenderedPage | null> {
  const context = await staticHandler.query(new Request(url));
  if (context instanceof Response || context.errors) return null;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { queryFn: fetchByKey, retry: false, gcTime: Number.POSITIVE_INFINITY } },
  });
  const page = () => (
    <AppRoot queryClient={queryClient}>
      {/* No hydration script: the CSP allows no inline script, and these routes have no loaders. */}
      <StaticRouterProvider
        router={createStaticRouter(staticHandler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    </AppRoot>
  );
  try {
    let html = await renderToString(page());
    for (let round = 1; round < MAX_RENDERS; round++) {
      const asked = queryClient.getQueryCache().getAll().filter(waitsForData);
      if (asked.length === 0) break;
      await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
      if (asked.some((query) => query.state.status === 'error')) return null;
      html = await renderToString(page());
    }
    // Queries still waiting render their loading state here and in the browser's first render alike.
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && query.queryHash !== currentUserKey,
    });
    return {
      html,
      stateScript: `<script type="application/json" id="${QUERY_STATE_ELEMENT_ID}">${scriptSafeJson(state)}</script>`,
    };
  } finally {
    // Queries whose options name a gcTime (the current user's, 5 minutes) start a timer that holds
    // this render's cache until it fires: a soak found thousands of them, and the memory they kept.
    queryClient.clear();
  }
}

/**
 * A query the page asked for and that has no answer yet. Never the current user: the page is the
 * same for everyone (the header shows its loading state, the browser fills in the member).
 */
function waitsForData(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  if (query.queryHash === currentUserKey || query.options.queryFn === skipToken) return false;
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

/** prerender waits for every lazy component and Suspense boundary, so the HTML is complete. */
async function renderToString(element: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element, {
    // Never outline a large Suspense boundary to be completed by an inline script: the CSP allows
    // no inline script, and the page is sent whole anyway.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      console.error('Server render error', error);
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** JSON that cannot close its script element or open a comment; JSON.parse reads it back unchanged. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
