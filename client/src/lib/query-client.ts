import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, apiGet, type QueryParams } from './http.ts';

/** Query keys are `[path, params?]` (SPEC §7): the key alone says what is fetched. */
export const fetchByKey: QueryFunction = ({ queryKey, signal }) => {
  const [path, params] = queryKey as [string, QueryParams | undefined];
  return apiGet(path, typeof params === 'object' ? params : undefined, signal);
};

const MAX_QUERY_RETRIES = 3;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: fetchByKey,
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        // Only server failures are worth another try; a 4xx will answer the same again.
        retry: (failures, error) =>
          failures < MAX_QUERY_RETRIES && (!(error instanceof ApiError) || error.status >= 500),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
    },
  });
}
