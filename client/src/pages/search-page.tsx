import { useNavigate, useSearchParams } from 'react-router';
import { useViewer, useViewerFact } from '#client/features/auth/api.ts';
import { SaveSearchButton } from '#client/features/saved-searches/components/save-search-button.tsx';
import { FiltersSheet } from '#client/features/search/components/filters-sheet.tsx';
import { SearchBar } from '#client/features/search/components/search-bar.tsx';
import { type ApplySearch, SearchFilters } from '#client/features/search/components/search-filters.tsx';
import { SearchResults } from '#client/features/search/components/search-results.tsx';
import { useUnrendered } from '#client/features/search/hooks/use-unrendered.ts';
import {
  layOver,
  parseSearchState,
  refine,
  type SearchState,
  searchHref,
  toSearchParams,
} from '#client/features/search/search-state.ts';
import { InviteToTeam } from '#client/features/teams/components/invite-to-team.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';
import { personName } from '#common/people';
import { hasPremium } from '#common/policies/premium';

/** The sidebar's id: before the app runs, the phone's Filters button is a link to it (ADR 028). */
const FILTERS_ID = 'search-filters';

/**
 * SPEC §2 /search. The address is the whole state (words, filters, order, page): every change is a
 * navigation, so a search can be shared and Back steps through what the user did. Filters apply as
 * they are chosen or typed (typing replaces its own history entry, ADR 028). On a phone they open in
 * a sheet so the results come first; from `md` up they are the sidebar.
 */
export default function SearchPage() {
  const [params] = useSearchParams();
  const state = parseSearchState(params);
  const navigate = useNavigate();
  const isSubscribed = useViewerFact(hasPremium);
  const viewer = useViewer();
  useDocumentTitle(state.q ? `“${state.q}” — Search` : 'Search Crew');

  const go = (next: SearchState) => navigate(searchHref(next));
  // Changes applied and not yet rendered: the next change is laid over them (layOver).
  const unrendered = useUnrendered(state, searchHref);
  // A filter changes the results in place: the page stays where it is (the field keeps its place).
  const applyFilter: ApplySearch = (next, options) => {
    const latest = unrendered.latest();
    const laid = layOver(state, latest, next);
    // Already on its way (the same date applied by the form and by the field as the app took over).
    if (searchHref(laid) === searchHref(latest)) return;
    unrendered.add(laid);
    navigate(searchHref(laid), { replace: options?.replace ?? false, preventScrollReset: true });
  };
  // The words go with the filters and order in use, also when the browser sends the form itself.
  const keep = toSearchParams(state);
  keep.delete('q');
  keep.delete('page');

  return (
    <div className="mx-auto max-w-layout px-4 py-8 sm:px-6 md:py-10">
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Search Crew</h1>
          <p className="mt-2 text-muted-foreground">
            Find crew by name, role, skill or city. Misspellings and crew shorthand (DP, AD, DIT) are fine.
          </p>
        </div>
        <SaveSearchButton state={state} className="hidden md:inline-flex" />
      </div>
      <SearchBar
        key={state.q}
        initialQuery={state.q}
        className="mt-6 max-w-3xl"
        onSearch={(q) => go(refine(state, { q }))}
        onPickRole={(id) =>
          go(refine(state, { q: '', roles: state.roles.includes(id) ? state.roles : [...state.roles, id] }))
        }
        keep={keep}
      />
      {/* On a phone the two sit side by side above the results; from md up Save is by the title. */}
      <div className="mt-4 flex gap-2 md:hidden">
        <FiltersSheet
          state={state}
          onChange={applyFilter}
          isSubscribed={isSubscribed}
          inlineId={FILTERS_ID}
          className="flex-1"
        />
        <SaveSearchButton state={state} />
      </div>
      <div className="mt-5 grid gap-6 md:mt-8 md:grid-cols-[240px_1fr] md:gap-8 lg:grid-cols-[280px_1fr] lg:gap-10">
        {/* From md up the sidebar. On a phone it shows only as the target of the Filters link, before
            the app runs or without it; with the app the sheet holds the filters. */}
        <aside
          id={FILTERS_ID}
          aria-labelledby="filters-heading"
          className="hidden scroll-mt-20 flex-col gap-3 target:flex md:flex"
        >
          {/* The outline under the h1: filter groups and result cards are h3s. */}
          <h2 id="filters-heading" className="sr-only">
            Filters
          </h2>
          <SearchFilters state={state} onChange={applyFilter} isSubscribed={isSubscribed} />
        </aside>
        <section aria-labelledby="results-heading" className="min-w-0">
          <h2 id="results-heading" className="sr-only">
            Results
          </h2>
          <SearchResults
            state={state}
            onChange={applyFilter}
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
