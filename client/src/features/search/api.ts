import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/http.ts';
import { LIMITS } from '#common/limits';
import type { SearchResponse, TopRatedResponse } from '#common/schemas/search';
import { type SearchState, toSearchParams } from './search-state.ts';

const SEARCH_PATH = '/api/search';
export const SUGGESTED_PEOPLE = 5;
/** Suggestions start at the second character: one letter matches half the directory. */
export const SUGGEST_MIN_LENGTH = 2;

/**
 * A results page. The key holds the canonical query string, so two addresses meaning the same
 * search share one cache entry (and Back finds the page it left in the cache, ready to draw at
 * the scroll position it had). Roles repeat in the query string, which the generic key-to-URL
 * fetcher cannot write, hence a queryFn of our own through the same request layer.
 */
export const searchResultsQuery = (state: SearchState) => {
  const query = toSearchParams(state).toString();
  return queryOptions<SearchResponse>({
    queryKey: [SEARCH_PATH, { query }],
    queryFn: ({ signal }) =>
      apiGet<SearchResponse>(query ? `${SEARCH_PATH}?${query}` : SEARCH_PATH, null, signal),
  });
};

export function useSearchResults(state: SearchState) {
  // While a new page or filter loads, the previous results stay (dimmed) instead of a flash of skeletons.
  return useQuery({ ...searchResultsQuery(state), placeholderData: keepPreviousData });
}

/**
 * People for the suggestion list. The key changes with the (debounced) text; TanStack Query aborts
 * the request of a key nobody watches any more through the signal fetchByKey hands to fetch, so a
 * slow answer for "gaf" never lands after the one for "gaffer".
 */
export const peopleSuggestionsQuery = (q: string) =>
  queryOptions<SearchResponse>({
    queryKey: [SEARCH_PATH, { q, limit: SUGGESTED_PEOPLE }],
    staleTime: 60_000,
  });

export function usePeopleSuggestions(q: string, enabled: boolean) {
  return useQuery({
    ...peopleSuggestionsQuery(q),
    enabled: enabled && q.length >= SUGGEST_MIN_LENGTH && q.length <= LIMITS.searchTextMax,
    placeholderData: keepPreviousData,
  });
}

/** How many people the home page's top-rated strip shows (and the idle preload fetches). */
export const TOP_RATED_ON_HOME = 8;

export const topRatedQuery = (limit: number = TOP_RATED_ON_HOME) =>
  queryOptions<TopRatedResponse>({ queryKey: ['/api/users/top-rated', { limit }] });

export function useTopRated(limit: number = TOP_RATED_ON_HOME) {
  return useQuery(topRatedQuery(limit));
}
