import { Link2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { ApiError } from '#client/lib/http.ts';
import type { Review } from '#common/schemas/reviews';
import { useReview } from '../api.ts';
import { ScrollTarget } from './scroll-target.tsx';

/**
 * A `?review=` link (from a notification) to a review that is not on the page shown: it is fetched
 * on its own and pinned above the list, highlighted. A review held back for Premium, or gone, says so.
 */
export function LinkedReview({
  reviewId,
  renderCard,
}: {
  reviewId: number;
  renderCard: (review: Review) => ReactNode;
}) {
  const review = useReview(reviewId);
  if (review.isPending) return null;
  if (review.isError) {
    const status = review.error instanceof ApiError ? review.error.status : 0;
    return (
      <p
        role="status"
        className="rounded-xl border border-border bg-muted/60 px-4 py-3 text-sm text-muted-foreground"
      >
        {status === 403
          ? 'The review you followed is one of those for Premium members.'
          : status === 404 || status === 400
            ? 'The review you followed is no longer available.'
            : 'The review you followed could not be loaded.'}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
        <Link2 aria-hidden="true" className="size-4" />
        The review you followed
      </p>
      <ScrollTarget active>{renderCard(review.data)}</ScrollTarget>
    </div>
  );
}
