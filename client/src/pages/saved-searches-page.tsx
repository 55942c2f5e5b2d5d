import { BookmarkPlus, Search } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '#client/components/state-message.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { useSavedSearches } from '#client/features/saved-searches/api.ts';
import { SavedSearchList } from '#client/features/saved-searches/components/saved-search-list.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';
import { SAVED_SEARCHES_MAX } from '#common/saved-searches';

/**
 * /saved-searches (issue 35): the searches a member keeps, to run again, with their alerts switched
 * on or off. Reached from the account menu.
 */
export default function SavedSearchesPage() {
  useDocumentTitle('Saved searches');
  const saved = useSavedSearches();
  const count = saved.data?.savedSearches.length ?? 0;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Saved searches</h1>
          <p className="mt-2 text-muted-foreground">
            Run a search again in one click. With alerts on, we tell you when new crew match it or become free
            on its dates.
          </p>
        </div>
        {saved.data ? (
          <p className="text-sm text-muted-foreground tabular-nums" data-testid="saved-count">
            {count} of {SAVED_SEARCHES_MAX}
          </p>
        ) : null}
      </div>
      {saved.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <span role="status" className="sr-only">
            Loading saved searches…
          </span>
          <Skeleton className="h-36 rounded-xl" />
          <Skeleton className="h-36 rounded-xl" />
        </div>
      ) : saved.isError ? (
        <ErrorState message={saved.error.message} onRetry={() => void saved.refetch()} />
      ) : count === 0 ? (
        <EmptyState title="No saved searches yet">
          <p>
            Search for crew, narrow it down with roles, a place or dates, then choose{' '}
            <span className="inline-flex items-center gap-1 font-medium text-foreground">
              <BookmarkPlus aria-hidden="true" className="size-4" />
              Save this search
            </span>
            .
          </p>
          <Link to="/search" className={`${buttonVariants({ variant: 'brand', size: 'sm' })} mt-4`}>
            <Search aria-hidden="true" />
            Search crew
          </Link>
        </EmptyState>
      ) : (
        <SavedSearchList searches={saved.data.savedSearches} />
      )}
    </div>
  );
}
