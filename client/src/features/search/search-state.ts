import { parseIsoDay } from '#client/lib/day-range.ts';
import { dayCount } from '#common/day-range';
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
  /** Free from this day (YYYY-MM-DD): issue 35. */
  availableFrom: string | null;
  /** To this day; null with a start: that one day. */
  availableTo: string | null;
  /** Also those free on at least this many of the days; null: free on every day. */
  minFreeDays: number | null;
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
  availableFrom: null,
  availableTo: null,
  minFreeDays: null,
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

/** Issue 35: a search asks about at most 90 days. */
export const RANGE_MAX_DAYS = LIMITS.availabilityDays;

export type AvailableDates = Pick<SearchState, 'availableFrom' | 'availableTo' | 'minFreeDays'>;

/**
 * The dates of a search as the address carries them (search and browse alike). An end without a
 * start means nothing and goes; a range the server will refuse (in the past, backwards, too long)
 * stays, so its answer says why. "At least N days" of N days or more is every day, so it goes.
 */
export function parseAvailableDates(params: URLSearchParams): AvailableDates {
  const availableFrom = parseIsoDay(params.get('availableFrom'));
  const availableTo = availableFrom ? parseIsoDay(params.get('availableTo')) : null;
  return canonicalDates({
    availableFrom,
    availableTo,
    minFreeDays: availableFrom ? positiveInt(params.get('minFreeDays'), RANGE_MAX_DAYS) : null,
  });
}

export function canonicalDates(dates: AvailableDates): AvailableDates {
  const { availableFrom, availableTo, minFreeDays } = dates;
  if (!availableFrom) return { availableFrom: null, availableTo: null, minFreeDays: null };
  const total = availableTo && availableTo >= availableFrom ? dayCount(availableFrom, availableTo) : 1;
  return {
    availableFrom,
    availableTo,
    minFreeDays: minFreeDays !== null && minFreeDays < total ? minFreeDays : null,
  };
}

export function appendAvailableDates(params: URLSearchParams, dates: AvailableDates): void {
  if (!dates.availableFrom) return;
  params.set('availableFrom', dates.availableFrom);
  if (dates.availableTo) params.set('availableTo', dates.availableTo);
  if (dates.minFreeDays !== null) params.set('minFreeDays', String(dates.minFreeDays));
}

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
    ...parseAvailableDates(params),
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
  appendAvailableDates(params, state);
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

/**
 * The search after `next`, a change one control made to the search it was rendered with, when
 * `pending` (changes applied, their render not yet come) already moved on from that. Two changes
 * made before the page shows the first (a date typed as the app took over a form already filled in
 * before it started) both start from the rendered search: laid one over the other, neither undoes
 * the other. The dates are made canonical once both are in.
 */
export function layOver(rendered: SearchState, pending: SearchState, next: SearchState): SearchState {
  const changed = Object.entries(next).filter(
    ([key, value]) => JSON.stringify(value) !== JSON.stringify(rendered[key as keyof SearchState]),
  );
  const laid: SearchState = { ...pending, ...Object.fromEntries(changed) };
  return { ...laid, ...canonicalDates(laid) };
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
    state.availableFrom !== null ||
    premiumFiltersIn(state).length > 0
  );
}
