import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { rolesQuery } from '../features/roles/api.ts';
import { topRatedQuery } from '../features/search/api.ts';
import { PRELOAD_TIMING } from '../lib/preload-timing.ts';

const ROUTE_CODE: Record<string, () => Promise<unknown>> = {
  '/browse': () => import('../pages/browse-page.tsx'),
  '/search': () => import('../pages/search-page.tsx'),
};

function whenIdle(run: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(run, PRELOAD_TIMING.fallbackMs);
  return () => window.clearTimeout(timer);
}

function preloadData(queryClient: QueryClient): void {
  // prefetchQuery skips what is cached and fresh, and never throws: a failure here is only a missed head start.
  void queryClient.prefetchQuery(rolesQuery);
  void queryClient.prefetchQuery(topRatedQuery());
}

function preloadCode(currentPath: string): void {
  for (const [path, load] of Object.entries(ROUTE_CODE)) {
    if (path !== currentPath) load().catch(() => {});
  }
}

export function useIdlePreloads(): void {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    const delay = PRELOAD_TIMING.delayByPath[pathname];
    if (delay === undefined) return;
    const cancels: (() => void)[] = [];
    const timer = window.setTimeout(() => {
      cancels.push(whenIdle(() => preloadData(queryClient), PRELOAD_TIMING.dataIdleTimeoutMs));
      cancels.push(whenIdle(() => preloadCode(pathname), PRELOAD_TIMING.codeIdleTimeoutMs));
    }, delay);
    return () => {
      window.clearTimeout(timer);
      for (const cancel of cancels) cancel();
    };
  }, [pathname, queryClient]);
}
