import { Crown, SpellCheck } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { ComparePlansLink } from '#client/components/compare-plans-link.tsx';
import { Pagination } from '#client/components/pagination.tsx';
import { EmptyState, ErrorState } from '#client/components/state-message.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { useRoles } from '#client/features/roles/api.ts';
import { cn } from '#client/lib/cn.ts';
import { ApiError } from '#client/lib/http.ts';
import type { SearchResponse, SearchResult } from '#common/schemas/search';
import { SEARCH_SORTS, type SearchSort } from '#common/search';
import { useSearchResults } from '../api.ts';
import { formatCrewTotal } from '../format-total.ts';
import { refine, type SearchState, searchHref, withoutPremiumFilters } from '../search-state.ts';
import { ActiveFilters, activeFilters, withoutFilters } from './active-filters.tsx';
import { Select } from './filter-controls.tsx';
import { SearchResultCard, SearchResultSkeletons } from './search-result-card.tsx';

export const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Best match',
  rating: 'Highest rated',
  reviews: 'Most reviewed',
  newest: 'Newest members',
};

interface ResultsProps {
  state: SearchState;
  onChange: (next: SearchState) => void;
  /** What the page offers on each card ("Invite to team", from the teams feature). */
  cardAction?: ((person: SearchResult) => ReactNode) | undefined;
}

/** The results of the search in the address bar, with its loading, empty and failure states. */
export function SearchResults({ state, onChange, cardAction }: ResultsProps) {
  const results = useSearchResults(state);
  if (results.isPending) {
    return (
      <>
        <ResultsBar state={state} onChange={onChange} />
        <SearchResultSkeletons />
      </>
    );
  }
  if (results.isError) {
    const { error } = results;
    if (error instanceof ApiError && error.status === 403)
      return <PremiumRequired message={error.plainMessage} state={state} onChange={onChange} />;
    if (error instanceof ApiError && error.status === 400)
      return (
        <EmptyState title="We couldn't run this search">
          <p>{error.plainMessage}</p>
          {state.availableFrom && isAboutDates(error) ? (
            <Button
              variant="outline"
              size="sm"
              className="mt-3"
              onClick={() =>
                onChange(refine(state, { availableFrom: null, availableTo: null, minFreeDays: null }))
              }
            >
              Search without dates
            </Button>
          ) : null}
          <Link
            to="/search"
            className="mt-3 inline-block font-medium text-foreground underline underline-offset-4"
          >
            Start a new search
          </Link>
        </EmptyState>
      );
    return <ErrorState message={error.message} onRetry={() => results.refetch()} />;
  }
  const { data } = results;
  return (
    <>
      <ResultsBar state={state} onChange={onChange} data={data} />
      {data.correctedQuery ? <Correction typed={state.q} corrected={data.correctedQuery} /> : null}
      {data.results.length === 0 ? (
        <NoResults state={state} data={data} onChange={onChange} />
      ) : (
        <ul
          aria-label="Search results"
          aria-busy={results.isPlaceholderData}
          className={cn('flex flex-col gap-3 transition-opacity', results.isPlaceholderData && 'opacity-60')}
        >
          {data.results.map((person) => (
            <SearchResultCard
              key={person.id}
              person={person}
              action={cardAction?.(person)}
              dates={state.availableFrom ? { from: state.availableFrom, to: state.availableTo } : null}
            />
          ))}
        </ul>
      )}
      <Pagination
        page={state.page}
        pageCount={data.pageCount}
        hrefFor={(page) => searchHref({ ...state, page })}
      />
    </>
  );
}

/** A refusal of the search's dates (issue 35): in the past, backwards, too long. */
const isAboutDates = (error: ApiError) =>
  Object.keys(error.fields ?? {}).some((field) => /available|minFreeDays/.test(field));

/** How many, the filters in use, and the order. */
function ResultsBar({ state, onChange, data }: ResultsProps & { data?: SearchResponse }) {
  const sortId = useId();
  const sort = state.sort ?? data?.sort ?? (state.q ? 'relevance' : 'rating');
  return (
    <div className="mb-5 flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {data ? (
            <>
              <span className="font-semibold text-foreground tabular-nums" data-testid="result-total">
                {formatCrewTotal(data.total, data.totalIsCapped)}
              </span>
              {state.q ? <> for “{data.correctedQuery ?? state.q}”</> : null}
            </>
          ) : (
            'Searching…'
          )}
        </p>
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="text-sm text-muted-foreground">
            Sort by
          </label>
          <Select
            id={sortId}
            value={sort}
            onChange={(event) => onChange(refine(state, { sort: event.target.value as SearchSort }))}
            className="w-44"
          >
            {SEARCH_SORTS.map((option) => (
              <option key={option} value={option}>
                {SORT_LABELS[option]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <ActiveFilters state={state} onChange={onChange} />
    </div>
  );
}

function Correction({ typed, corrected }: { typed: string; corrected: string }) {
  return (
    <p className="mb-4 flex items-start gap-2 rounded-lg border border-border bg-muted/60 px-4 py-3 text-sm">
      <SpellCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-strong dark:text-brand" />
      <span>
        Showing results for <strong className="font-semibold">“{corrected}”</strong>.{' '}
        <span className="text-muted-foreground">No crew matched “{typed}”.</span>
      </span>
    </p>
  );
}

function NoResults({ state, data, onChange }: ResultsProps & { data: SearchResponse }) {
  const roles = useRoles();
  const filters = activeFilters(state, roles.data);
  if (data.pageCount > 0 && state.page > data.pageCount) {
    return (
      <EmptyState title={`This search has ${data.pageCount} ${data.pageCount === 1 ? 'page' : 'pages'}`}>
        <Link
          to={searchHref({ ...state, page: 1 })}
          className="font-medium text-foreground underline underline-offset-4"
        >
          Back to the first page
        </Link>
      </EmptyState>
    );
  }
  const title = state.q ? `No crew match “${state.q}”` : 'No crew match these filters';
  return (
    <EmptyState title={title}>
      <ul className="mx-auto mt-1 flex max-w-md flex-col gap-1.5 text-left">
        {filters.length > 0 ? (
          <li>
            Remove a filter:{' '}
            <span className="inline-flex flex-wrap gap-1.5 align-middle">
              {filters.map((filter) => (
                <button
                  key={filter.key}
                  type="button"
                  onClick={() => onChange(filter.without)}
                  className="rounded-full border border-border bg-background px-2.5 py-0.5 text-xs font-medium text-foreground hover:bg-muted"
                >
                  <span className="sr-only">Remove filter: </span>
                  {filter.label} ×
                </button>
              ))}
            </span>
          </li>
        ) : null}
        {state.q ? <li>Check the spelling, or use fewer words: a name, a role or a city.</li> : null}
        <li>
          Try a role word like “gaffer” or “DP”, or{' '}
          <Link to="/browse" className="font-medium text-foreground underline underline-offset-4">
            browse crew by role
          </Link>
          .
        </li>
      </ul>
      {filters.length > 0 ? (
        <Button variant="outline" size="sm" className="mt-4" onClick={() => onChange(withoutFilters(state))}>
          Clear all filters
        </Button>
      ) : null}
    </EmptyState>
  );
}

function PremiumRequired({ message, state, onChange }: ResultsProps & { message: string }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-6 py-10 text-center dark:border-amber-900/60 dark:bg-amber-950/30"
    >
      <Crown aria-hidden="true" className="size-8 text-brand-strong dark:text-brand" />
      <p className="font-medium">This search uses Premium filters</p>
      <p className="max-w-md text-sm text-muted-foreground">{message}</p>
      <div className="mt-1 flex flex-wrap justify-center gap-2">
        <Link to="/subscription" className={buttonVariants({ variant: 'brand', size: 'sm' })}>
          <Crown aria-hidden="true" />
          Upgrade to Premium
        </Link>
        <Button variant="outline" size="sm" onClick={() => onChange(withoutPremiumFilters(state))}>
          Search without them
        </Button>
      </div>
      <ComparePlansLink className="text-sm" />
    </div>
  );
}
