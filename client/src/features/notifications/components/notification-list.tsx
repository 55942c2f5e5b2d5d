import { Bell } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { ErrorState } from '#client/components/state-message.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useNotificationPages } from '../api.ts';
import type { ThankButton } from './notification-actions.tsx';
import { NotificationCard } from './notification-card.tsx';

/** Starts loading the next page this far before the end of the list comes into view. */
const PREFETCH_MARGIN = '600px';

function ListSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only" role="status">
        Loading notifications...
      </span>
      {Array.from({ length: 4 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
        <div key={i} className="flex gap-4 rounded-2xl border border-border p-5">
          <Skeleton className="size-9 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-24" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * Every notification, newest first, a page at a time: the next page loads as the end of the list
 * nears (and from the Load more button, for keyboards and when observing is not possible).
 * `thankButton` is the reviews feature's, for a review's Thank.
 */
export function NotificationList({ thankButton }: { thankButton: ThankButton }) {
  const pages = useNotificationPages();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = pages;

  useEffect(() => {
    const element = sentinel.current;
    // After a failed page, loading more waits for the Try again button instead of looping.
    if (!element || !hasNextPage || isFetchNextPageError || typeof IntersectionObserver === 'undefined') {
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (pages.isPending) return <ListSkeleton />;
  if (pages.isError) return <ErrorState message={pages.error.message} onRetry={() => void pages.refetch()} />;

  const notifications = pages.data.pages.flatMap((page) => page.notifications);
  if (notifications.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-border px-6 py-16 text-center">
        <Bell aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="text-lg font-semibold">No notifications yet</p>
        <p className="text-sm text-muted-foreground">You're all caught up!</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Notifications" className="flex flex-col gap-3">
        {notifications.map((notification) => (
          <li key={notification.id}>
            <NotificationCard notification={notification} thankButton={thankButton} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="flex min-h-12 items-center justify-center">
        {isFetchingNextPage ? (
          <Spinner label="Loading more notifications..." />
        ) : isFetchNextPageError ? (
          <div role="alert" className="flex flex-col items-center gap-2 text-sm">
            <p>We couldn't load more notifications.</p>
            <Button variant="outline" size="sm" onClick={() => void fetchNextPage()}>
              Try again
            </Button>
          </div>
        ) : hasNextPage ? (
          <Button variant="outline" onClick={() => void fetchNextPage()}>
            Load more
          </Button>
        ) : notifications.length > 5 ? (
          <p className="text-sm text-muted-foreground">That's everything.</p>
        ) : null}
      </div>
    </div>
  );
}
