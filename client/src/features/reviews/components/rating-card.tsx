import { ArrowRight, ShieldCheck, Star } from 'lucide-react';
import { Link } from 'react-router';
import { RatingStars } from '#client/components/rating-stars.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { cn } from '#client/lib/cn.ts';
import { formatCount } from '#client/lib/format.ts';
import { useReviewList } from '../api.ts';

/**
 * The dashboard's rating card: the member's own average, review count and verified collaborations,
 * with the way to their reviews (`/profile?tab=reviews`, the address SPEC §9 gives review notifications).
 */
export function RatingCard({ userId }: { userId: number }) {
  const list = useReviewList(userId, { sort: 'newest', page: 1 });
  return (
    <section
      aria-labelledby="rating-heading"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-6"
    >
      <h2 id="rating-heading" className="flex items-center gap-2 font-semibold">
        <Star aria-hidden="true" className="size-4 text-muted-foreground" />
        Your rating
      </h2>
      {list.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-2">
          <span role="status" className="sr-only">
            Loading your rating...
          </span>
          <Skeleton className="h-10 w-24" />
          <Skeleton className="h-4 w-40" />
        </div>
      ) : list.isError ? (
        <p className="text-sm text-muted-foreground">Your rating could not be loaded just now.</p>
      ) : list.data.summary.count === 0 ? (
        <p className="text-sm text-muted-foreground">
          No reviews yet. When people you have worked with review you, your rating shows here.
        </p>
      ) : (
        <div className="flex flex-col gap-2">
          <p className="flex items-baseline gap-2">
            <span aria-hidden="true" className="text-3xl font-bold tabular-nums tracking-tight">
              {list.data.summary.average.toFixed(1)}
            </span>
            <RatingStars
              average={list.data.summary.average}
              count={list.data.summary.count}
              size="md"
              starsOnly
            />
          </p>
          <p className="text-sm text-muted-foreground">
            From {formatCount(list.data.summary.count)} {list.data.summary.count === 1 ? 'review' : 'reviews'}
          </p>
          <p
            className={cn(
              'flex items-center gap-1.5 text-sm',
              list.data.summary.verifiedCount > 0
                ? 'text-emerald-800 dark:text-emerald-300'
                : 'text-muted-foreground',
            )}
          >
            <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
            {formatCount(list.data.summary.verifiedCount)} verified{' '}
            {list.data.summary.verifiedCount === 1 ? 'collaboration' : 'collaborations'}
          </p>
        </div>
      )}
      <Link
        to="/profile?tab=reviews"
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-strong underline-offset-4 hover:underline dark:text-brand"
      >
        See your reviews
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </section>
  );
}
