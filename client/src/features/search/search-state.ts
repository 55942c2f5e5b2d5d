import { LIMITS } from '#common/limits';
import { ROLE_CATEGORIES, type RoleCategory } from '#common/roles';
import {
  PREMIUM_SEARCH_FILTERS,
  type PremiumSearchFilter,
  SEARCH_SORTS,
  type SearchSort,
} from '#common/search';

/**
 * Everything a search is, as the address bar carries it: a search can be shared, reloaded and
 * reached again with Back. Parsing is forgiving (a hand-edited or stale link drops what it cannot
 * read instead of failing); writing is canonical (defaults left out, one order), so equal searches
 * have equal addresses and equal query keys.
 */
export interface SearchState {
  q: string;
  roles: number[];
  category: RoleCategory | null;
  location: string;
  /** null: the server's default (relevance with words, best rated without). */
  sort: SearchSort | null;
  page: number;
  minRating: number | null;
  minReviews: number | null;
  minYears: number | null;
  hasPortfolio: boolean;
  verifiedOnly: boolean;
}

export const EMPTY_SEARCH: SearchState = {
  q: '',
  roles: [],
  category: null,
  location: '',
  sort: null,
  page: 1,
  minRating: null,
  minReviews: null,
  minYears: null,
  hasPortfolio: false,
  verifiedOnly: false,
};

const MAX_ID = 2_147_483_647;

function positiveInt(value: string | null, max = MAX_ID): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

function ratingOf(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 1 && n <= 5 ? n : null;
}

const isTrue = (value: string | null) => value === 'true' || value === '1';

export function parseSearchState(params: URLSearchParams): SearchState {
  const roles = [...new Set(params.getAll('role').map((value) => positiveInt(value)))].filter(
    (id): id is number => id !== null,
  );
  const category = params.get('category');
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').trim().slice(0, LIMITS.searchTextMax),
    roles: roles.slice(0, LIMITS.searchRolesMax),
    category: ROLE_CATEGORIES.includes(category as RoleCategory) ? (category as RoleCategory) : null,
    location: (params.get('location') ?? '').trim().slice(0, LIMITS.locationMax),
    sort: SEARCH_SORTS.includes(sort as SearchSort) ? (sort as SearchSort) : null,
    page: positiveInt(params.get('page')) ?? 1,
    minRating: ratingOf(params.get('minRating')),
    minReviews: positiveInt(params.get('minReviews'), 10_000),
    minYears: positiveInt(params.get('minYears'), 50),
    hasPortfolio: isTrue(params.get('hasPortfolio')),
    verifiedOnly: isTrue(params.get('verifiedOnly')),
  };
}

/** The search as query parameters, defaults left out; the same order every time. */
export function toSearchParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  for (const role of state.roles) params.append('role', String(role));
  if (state.category) params.set('category', state.category);
  if (state.location) params.set('location', state.location);
  if (state.sort) params.set('sort', state.sort);
  if (state.minRating !== null) params.set('minRating', String(state.minRating));
  if (state.minReviews !== null) params.set('minReviews', String(state.minReviews));
  if (state.minYears !== null) params.set('minYears', String(state.minYears));
  if (state.hasPortfolio) params.set('hasPortfolio', 'true');
  if (state.verifiedOnly) params.set('verifiedOnly', 'true');
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/**
 * The search /search runs for these words and nothing else (issue 31): the team builder's crew
 * search asks for exactly this, so it finds exactly what /search finds, not the five suggestions.
 */
export const searchForWords = (words: string): SearchState =>
  parseSearchState(new URLSearchParams({ q: words }));

export function searchHref(state: SearchState): string {
  const query = toSearchParams(state).toString();
  return query ? `/search?${query}` : '/search';
}

/**
 * A change of what is searched for starts again at page 1; only paging itself keeps the page.
 * Returns the new state so callers can navigate to `searchHref(next)`.
 */
export function refine(state: SearchState, change: Partial<Omit<SearchState, 'page'>>): SearchState {
  return { ...state, ...change, page: 1 };
}

/** The Premium filters this search uses, in the contract's order. */
export function premiumFiltersIn(state: SearchState): PremiumSearchFilter[] {
  return PREMIUM_SEARCH_FILTERS.filter((name) => {
    const value = state[name];
    return typeof value === 'boolean' ? value : value !== null;
  });
}

export function withoutPremiumFilters(state: SearchState): SearchState {
  return refine(state, {
    minRating: null,
    minReviews: null,
    minYears: null,
    hasPortfolio: false,
    verifiedOnly: false,
  });
}

/** Whether anything narrows the search besides the words. */
export function hasFilters(state: SearchState): boolean {
  return (
    state.roles.length > 0 ||
    state.category !== null ||
    state.location !== '' ||
    premiumFiltersIn(state).length > 0
  );
}
