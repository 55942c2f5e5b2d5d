import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { RatingStars } from '#client/components/rating-stars.tsx';
import { cn } from '#client/lib/cn.ts';
import { formatCount } from '#client/lib/format.ts';
import type { RatingSummary as Summary } from '#common/schemas/reviews';

const STARS = [5, 4, 3, 2, 1] as const;

/**
 * The aggregate: the average large, the stars, how many reviews and how many of them come from a
 * verified collaboration, and a bar per star count so one bad review among forty good ones shows as
 * what it is.
 */
export function RatingSummary({ summary, action }: { summary: Summary; action?: ReactNode }) {
  const { average, count, distribution, verifiedCount } = summary;
  return (
    <div className="grid gap-6 rounded-2xl border border-border bg-card p-5 sm:grid-cols-[minmax(0,13rem)_minmax(0,1fr)] sm:gap-8 sm:p-6">
      <div className="flex flex-col gap-2">
        <p className="flex items-baseline gap-1.5">
          <span className="text-5xl font-bold tracking-tight tabular-nums">{average.toFixed(1)}</span>
          <span className="text-sm text-muted-foreground">out of 5</span>
        </p>
        <RatingStars average={average} count={count} size="md" starsOnly />
        <p className="text-sm text-muted-foreground">
          Based on {formatCount(count)} {count === 1 ? 'review' : 'reviews'}
        </p>
        <p
          className={cn(
            'flex items-center gap-1.5 text-sm',
            verifiedCount > 0 ? 'text-emerald-800 dark:text-emerald-300' : 'text-muted-foreground',
          )}
        >
          <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
          {formatCount(verifiedCount)} verified {verifiedCount === 1 ? 'collaboration' : 'collaborations'}
        </p>
        {action ? <div className="mt-2">{action}</div> : null}
      </div>
      <ul aria-label="Ratings by stars" className="flex flex-col justify-center gap-2">
        {STARS.map((stars) => {
          const n = distribution[String(stars) as keyof typeof distribution];
          const share = count > 0 ? n / count : 0;
          return (
            <li
              key={stars}
              className="grid grid-cols-[4.25rem_minmax(0,1fr)_2.5rem] items-center gap-3 text-sm"
            >
              <span className="text-muted-foreground">
                {stars} {stars === 1 ? 'star' : 'stars'}
              </span>
              <span aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-muted">
                <span
                  className="block h-full rounded-full bg-amber-500"
                  style={{ width: `${Math.round(share * 100)}%` }}
                />
              </span>
              <span className="text-right tabular-nums">
                <span className="sr-only">: </span>
                {formatCount(n)}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
