import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '#client/components/state-message.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { callPagesQuery } from '../api.ts';
import { type CallFilters, hasCallFilters } from '../call-filters.ts';
import { CallCard, CallCardSkeletons } from './call-card.tsx';

/** The open calls the filters ask for, newest first, with "Load more" along the server's cursor. */
export function CallList({ filters }: { filters: CallFilters }) {
  const list = useInfiniteQuery(callPagesQuery(filters));
  if (list.isPending) return <CallCardSkeletons />;
  if (list.isError) return <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />;
  const calls = list.data.pages.flatMap((page) => page.calls);
  if (calls.length === 0)
    return (
      <EmptyState title="No open calls match">
        {hasCallFilters(filters) ? (
          <>
            <p>Try another role, place or dates.</p>
            <Link to="/calls" className={`${buttonVariants({ variant: 'outline', size: 'sm' })} mt-4`}>
              Clear filters
            </Link>
          </>
        ) : (
          <p>New calls show here as productions post them.</p>
        )}
      </EmptyState>
    );
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Open calls" className="flex flex-col gap-3">
        {calls.map((call) => (
          <CallCard key={call.id} call={call} />
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button
          variant="outline"
          className="self-center"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? 'Loading…' : 'Load more calls'}
        </Button>
      ) : null}
    </div>
  );
}
