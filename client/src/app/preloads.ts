import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PRELOAD_TIMING } from '#client/lib/preload-timing.ts';
import { type WarmUp, warmUp } from '#client/lib/warm-up.ts';
import { whenIdle } from '#client/lib/when-idle.ts';

const ROUTE_CODE: Record<string, WarmUp> = { '/browse': 'browse', '/search': 'search' };

async function preloadData(queryClient: QueryClient): Promise<void> {
  // The query definitions come with the data: the first page load does not need their modules.
  const [{ rolesQuery }, { topRatedQuery }] = await Promise.all([
    import('#client/features/roles/api.ts'),
    import('#client/features/search/api.ts'),
  ]);
  // prefetchQuery skips what is cached and fresh, and never throws: a failure here is only a missed head start.
  void queryClient.prefetchQuery(rolesQuery);
  void queryClient.prefetchQuery(topRatedQuery());
}

/** Fetched, not run (lib/warm-up.ts): the page runs its code when it is opened. */
function preloadCode(currentPath: string): void {
  warmUp(...Object.entries(ROUTE_CODE).flatMap(([path, code]) => (path === currentPath ? [] : [code])));
}

export function useIdlePreloads(): void {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    const delay = PRELOAD_TIMING.delayByPath[pathname];
    if (delay === undefined) return;
    const cancels: (() => void)[] = [];
    const timer = window.setTimeout(() => {
      cancels.push(
        whenIdle(() => void preloadData(queryClient).catch(() => {}), PRELOAD_TIMING.dataIdleTimeoutMs),
      );
      cancels.push(whenIdle(() => preloadCode(pathname), PRELOAD_TIMING.codeIdleTimeoutMs));
    }, delay);
    return () => {
      window.clearTimeout(timer);
      for (const cancel of cancels) cancel();
    };
  }, [pathname, queryClient]);
}
