import { X } from 'lucide-react';
import { useRoles } from '#client/features/roles/api.ts';
import { formatDayRange } from '#client/lib/day-range.ts';
import { ROLE_CATEGORY_LABELS } from '#common/roles';
import type { Role } from '#common/schemas/roles';
import { EMPTY_SEARCH, refine, type SearchState } from '../search-state.ts';

export interface ActiveFilter {
  key: string;
  label: string;
  /** The same search without this filter. */
  without: SearchState;
}

/** Each filter the search uses, by the name a person would give it, with the search minus it. */
export function activeFilters(state: SearchState, roles: readonly Role[] | undefined): ActiveFilter[] {
  const filters: ActiveFilter[] = state.roles.map((id) => ({
    key: `role-${id}`,
    label: roles?.find((role) => role.id === id)?.name ?? 'Role',
    without: refine(state, { roles: state.roles.filter((other) => other !== id) }),
  }));
  if (state.category)
    filters.push({
      key: 'category',
      label: ROLE_CATEGORY_LABELS[state.category],
      without: refine(state, { category: null }),
    });
  if (state.location)
    filters.push({ key: 'location', label: state.location, without: refine(state, { location: '' }) });
  if (state.availableFrom)
    filters.push({
      key: 'dates',
      label: datesLabel(state),
      without: refine(state, { availableFrom: null, availableTo: null, minFreeDays: null }),
    });
  if (state.minRating !== null)
    filters.push({
      key: 'minRating',
      label: `${state.minRating}+ stars`,
      without: refine(state, { minRating: null }),
    });
  if (state.minReviews !== null)
    filters.push({
      key: 'minReviews',
      label: `${state.minReviews}+ reviews`,
      without: refine(state, { minReviews: null }),
    });
  if (state.minYears !== null)
    filters.push({
      key: 'minYears',
      label: `${state.minYears}+ years`,
      without: refine(state, { minYears: null }),
    });
  if (state.hasPortfolio)
    filters.push({
      key: 'hasPortfolio',
      label: 'Has a portfolio',
      without: refine(state, { hasPortfolio: false }),
    });
  if (state.verifiedOnly)
    filters.push({
      key: 'verifiedOnly',
      label: 'Verified collaborations',
      without: refine(state, { verifiedOnly: false }),
    });
  return filters;
}

/** "Free 12–14 Mar", or "Free 2+ days of 12–14 Mar" when partly free crew are welcome too. */
function datesLabel(state: SearchState): string {
  const range = formatDayRange(state.availableFrom ?? '', state.availableTo);
  return state.minFreeDays === null ? `Free ${range}` : `Free ${state.minFreeDays}+ days of ${range}`;
}

/** The words stay; every filter goes. */
export const withoutFilters = (state: SearchState): SearchState => ({
  ...EMPTY_SEARCH,
  q: state.q,
  sort: state.sort,
});

/** Removable chips for the filters in use, and a way to drop them all. */
export function ActiveFilters({
  state,
  onChange,
}: {
  state: SearchState;
  onChange: (next: SearchState) => void;
}) {
  const roles = useRoles();
  const filters = activeFilters(state, roles.data);
  if (filters.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ul className="flex flex-wrap gap-2" aria-label="Filters in use">
        {filters.map((filter) => (
          <li key={filter.key}>
            <button
              type="button"
              onClick={() => onChange(filter.without)}
              aria-label={`Remove filter: ${filter.label}`}
              className="inline-flex items-center gap-1.5 rounded-full border border-amber-300 bg-accent py-1 pl-3 pr-2 text-xs font-medium text-accent-foreground hover:border-amber-500 dark:border-amber-800"
            >
              {filter.label}
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
      {filters.length > 1 ? (
        <button
          type="button"
          onClick={() => onChange(withoutFilters(state))}
          className="text-xs font-medium text-muted-foreground underline underline-offset-4 hover:text-foreground"
        >
          Clear all filters
        </button>
      ) : null}
    </div>
  );
}
