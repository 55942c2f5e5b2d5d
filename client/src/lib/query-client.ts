import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiGet, ClientRateLimitError, type QueryParams } from './http.ts';
import { removeStalePersistedCache } from './persisted-cache.ts';
import { isServerOrNetworkFailure, wasRetriedByRequestLayer } from './retry.ts';

/**
 * Query keys are `[path, params?]` (SPEC §7): the key alone says what is fetched. A second element
 * that is a plain object is the query string; anything else in it is ignored.
 */
export const fetchByKey: QueryFunction = ({ queryKey, signal }) => {
  const [path, params] = queryKey as [string, unknown];
  const isParams = typeof params === 'object' && params !== null && !Array.isArray(params);
  return apiGet(path, isParams ? (params as QueryParams) : undefined, signal);
};

const MAX_QUERY_RETRIES = 3;
const MAX_QUERY_RETRY_DELAY_MS = 30_000;
const MAX_MUTATION_RETRIES = 2;
const MAX_MUTATION_RETRY_DELAY_MS = 10_000;

/**
 * Who retries what, so that no call is retried in two places:
 * - Queries: TanStack Query (up to 3 retries, 1 s doubling to 30 s). apiGet does not retry by
 *   default, so fetchByKey and feature queryFns calling apiGet get exactly these retries.
 * - Writes: apiSend retries each call itself (retry.ts, 2 attempts, Retry-After aware). That is the
 *   right place because a mutationFn may send several calls (one per role, one per tag); retrying the
 *   whole mutation would repeat the calls that already succeeded.
 * The TanStack mutation defaults below (SPEC §9: up to 2 retries, delay capped at 10 s) therefore
 * skip any error the request layer already retried, i.e. everything that came from apiSend; they
 * only act on mutationFns that do not go through it.
 */
const retryUnlessRetried = (maxRetries: number) => (failures: number, error: unknown) =>
  failures < maxRetries && isServerOrNetworkFailure(error) && !wasRetriedByRequestLayer(error);

/**
 * Queries also wait out our own limiter: a burst of edits invalidates one profile several times a
 * second, and a refetch the limiter holds back must arrive a second later, not become an error page.
 */
const retryQuery = (failures: number, error: unknown) =>
  error instanceof ClientRateLimitError
    ? failures < MAX_QUERY_RETRIES
    : retryUnlessRetried(MAX_QUERY_RETRIES)(failures, error);

const doublingDelay = (capMs: number) => (failures: number) => Math.min(1000 * 2 ** failures, capMs);

export function createQueryClient(): QueryClient {
  removeStalePersistedCache();
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: fetchByKey,
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        retry: retryQuery,
        retryDelay: doublingDelay(MAX_QUERY_RETRY_DELAY_MS),
      },
      mutations: {
        retry: retryUnlessRetried(MAX_MUTATION_RETRIES),
        retryDelay: doublingDelay(MAX_MUTATION_RETRY_DELAY_MS),
      },
    },
  });
}

/** A mount within this long of the session's last check does not check it again. */
export const SESSION_RECHECK_GAP_MS = 2000;

/**
 * For the `/api/auth/me` query (SPEC §4, §9): always stale, so focus, mount and reconnect re-check
 * the session; retried once; kept 5 minutes. Spread it into that query's options.
 * "Mount" is a page's: the header's menus, the bell and the realtime client arrive as their own
 * chunks a moment after the page and each reads the user, and one check per page is enough (each
 * extra one would also use up the client limiter's overall cap of 10 requests per 2 s).
 */
export const currentUserQueryDefaults = {
  staleTime: 0,
  retry: 1,
  gcTime: 5 * 60_000,
  refetchOnWindowFocus: true,
  refetchOnMount: (query: { state: { dataUpdatedAt: number } }) =>
    Date.now() - query.state.dataUpdatedAt >= SESSION_RECHECK_GAP_MS,
  refetchOnReconnect: true,
} as const;
