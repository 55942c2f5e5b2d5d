import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { useViewer, useViewerFact } from '#client/features/auth/api.ts';
import { activeFilters } from '#client/features/search/components/active-filters.tsx';
import { SearchBar } from '#client/features/search/components/search-bar.tsx';
import { SearchFilters } from '#client/features/search/components/search-filters.tsx';
import { SearchResults } from '#client/features/search/components/search-results.tsx';
import {
  parseSearchState,
  refine,
  type SearchState,
  searchHref,
} from '#client/features/search/search-state.ts';
import { InviteToTeam } from '#client/features/teams/components/invite-to-team.tsx';
import { cn } from '#client/lib/cn.ts';
import { useDocumentTitle } from '#client/lib/document-title.ts';
import { personName } from '#common/people';
import { hasPremium } from '#common/policies/premium';

/**
 * SPEC §2 /search. The address is the whole state (words, filters, order, page): every change is a
 * navigation, so a search can be shared and Back steps through what the user did.
 */
export default function SearchPage() {
  const [params] = useSearchParams();
  const state = parseSearchState(params);
  const navigate = useNavigate();
  const isSubscribed = useViewerFact(hasPremium);
  const viewer = useViewer();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  useDocumentTitle(state.q ? `“${state.q}” — Search` : 'Search Crew');

  const go = (next: SearchState) => navigate(searchHref(next));
  const filterCount = activeFilters(state, undefined).length;

  return (
    <div className="mx-auto max-w-layout px-4 py-8 sm:px-6 md:py-10">
      <h1 className="text-3xl font-bold tracking-tight">Search Crew</h1>
      <p className="mt-2 text-muted-foreground">
        Find crew by name, role, skill or city. Misspellings and crew shorthand (DP, AD, DIT) are fine.
      </p>
      <SearchBar
        key={state.q}
        initialQuery={state.q}
        className="mt-6 max-w-3xl"
        onSearch={(q) => go(refine(state, { q }))}
        onPickRole={(id) =>
          go(refine(state, { q: '', roles: state.roles.includes(id) ? state.roles : [...state.roles, id] }))
        }
      />
      <div className="mt-8 grid gap-6 lg:grid-cols-[280px_1fr] lg:gap-10">
        <aside aria-labelledby="filters-heading" className="flex flex-col gap-3">
          {/* The outline under the h1: filter groups and result cards are h3s. */}
          <h2 id="filters-heading" className="sr-only">
            Filters
          </h2>
          <Button
            variant="outline"
            className="justify-between lg:hidden"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <span className="flex items-center gap-2">
              <SlidersHorizontal aria-hidden="true" />
              Filters
            </span>
            {filterCount > 0 ? (
              <span className="rounded-full bg-brand px-2 text-xs font-semibold text-ink">{filterCount}</span>
            ) : null}
          </Button>
          <div id={filtersId} className={cn('lg:block', filtersOpen ? 'block' : 'hidden')}>
            <SearchFilters state={state} onChange={go} isSubscribed={isSubscribed} />
          </div>
        </aside>
        <section aria-labelledby="results-heading" className="min-w-0">
          <h2 id="results-heading" className="sr-only">
            Results
          </h2>
          <SearchResults
            state={state}
            onChange={go}
            cardAction={(person) => (
              <InviteToTeam
                viewer={viewer}
                person={{ id: person.id, name: personName(person), roles: person.roles }}
                size="sm"
              />
            )}
          />
        </section>
      </div>
    </div>
  );
}
