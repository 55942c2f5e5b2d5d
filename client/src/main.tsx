import '#client/lib/zod-csp.ts';
import '#client/styles.css';
import { type DehydratedState, hashKey, hydrate, type QueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppRoot } from '#client/app/app-root.tsx';
import { createAppRouter } from '#client/app/router.tsx';
import { currentUserQuery } from '#client/features/auth/api.ts';
import { installGlobalErrorHandling } from '#client/lib/global-errors.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { QUERY_STATE_ELEMENT_ID } from '#client/lib/server-state.ts';
import { yieldToBrowser } from '#client/lib/yield-to-browser.ts';

installGlobalErrorHandling();

const rootElement = document.getElementById('root');
if (!rootElement) {
  throw new Error('Root element not found! Add a root element with id "root" to your HTML.');
}

async function start(root: HTMLElement) {
  // React's markup from the server (entry-server.tsx) comes with the answers it was rendered from;
  // the plain summary of a page sent with its head only (features/pages) is replaced, not hydrated.
  const stateElement = document.getElementById(QUERY_STATE_ELEMENT_ID);
  const serverRendered = stateElement !== null && root.hasChildNodes();
  // First of all the page's own chunks are asked for; each step after it is a task of its own.
  const routerReady = createAppRouter({ hydrating: serverRendered });
  // Handled where it is awaited below; this only keeps a failure in the meantime from being
  // reported as unhandled.
  routerReady.catch(() => {});
  await yieldToBrowser();
  const queryClient = createQueryClient();
  // The first render reads the server's answers, so it is the server's markup and nothing is fetched twice.
  const state = stateElement?.textContent;
  if (serverRendered && state) {
    const answers = JSON.parse(state) as DehydratedState;
    hydrate(queryClient, answers);
    refreshForMember(queryClient, answers);
  }
  const router = await routerReady;
  await yieldToBrowser();
  const app = (
    <AppRoot queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppRoot>
  );
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page in one long task on a slow phone (React Router's own entry does
  // the same).
  if (serverRendered) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

/**
 * The server renders every page as a visitor sees it. Once the session check finds a member, the
 * answers it sent are asked for again with the member's cookie (their own profile shows more).
 */
function refreshForMember(queryClient: QueryClient, answers: DehydratedState) {
  const unsubscribe = queryClient.getQueryCache().subscribe(({ query }) => {
    if (query.queryHash !== hashKey(currentUserQuery.queryKey) || query.state.status === 'pending') return;
    unsubscribe();
    if (!query.state.data) return;
    for (const { queryKey } of answers.queries) void queryClient.invalidateQueries({ queryKey, exact: true });
  });
}

void start(rootElement);

// The worker's code (workbox-window) is a lazy chunk, fetched after the page has loaded. The app
// itself may start after the load event (boot/start.js waits for the first paint), so a load
// that has already happened counts.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  const registerServiceWorker = () =>
    void import('#client/app/pwa.ts').then((pwa) => pwa.registerServiceWorker());
  if (document.readyState === 'complete') registerServiceWorker();
  else window.addEventListener('load', registerServiceWorker, { once: true });
}
