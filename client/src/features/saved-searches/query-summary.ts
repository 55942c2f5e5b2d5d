import { activeFilters } from '#client/features/search/components/active-filters.tsx';
import { parseSearchState, type SearchState } from '#client/features/search/search-state.ts';
import { todayIso } from '#client/lib/day-range.ts';
import { type SavedSearchQuery, savedSearchParams } from '#common/saved-searches';
import type { Role } from '#common/schemas/roles';

export const savedSearchState = (query: SavedSearchQuery): SearchState =>
  parseSearchState(savedSearchParams(query));

/**
 * A search in a line, as the filter chips name its parts: "“lighting” · Gaffer · Atlanta · Free
 * 12–14 Mar". "All crew" when it narrows nothing.
 */
export function searchSummary(state: SearchState, roles: readonly Role[] | undefined): string {
  const parts = [
    ...(state.q ? [`“${state.q}”`] : []),
    ...activeFilters(state, roles).map((filter) => filter.label),
  ];
  return parts.length > 0 ? parts.join(' · ') : 'All crew';
}

/** A saved search whose days have begun: running it as saved would be refused, so it says so. */
export const datesHavePassed = (state: SearchState, today = todayIso()): boolean =>
  state.availableFrom !== null && state.availableFrom < today;
