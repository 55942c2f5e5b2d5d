import { Star } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';
import { formatCount } from '#client/lib/format.ts';

interface RatingStarsProps {
  /** Average from 0 to 5; 0 with no reviews shows "No reviews yet". */
  average: number;
  count: number;
  size?: 'sm' | 'md';
  /** Hide the "(12)" count, e.g. where the count is printed elsewhere. */
  hideCount?: boolean;
  /** Stars alone, where the average and count are printed large beside them (or it is one review). */
  starsOnly?: boolean;
  className?: string;
}

/** An average as every rating shows it: to the tenth, "4.8". */
export function formatAverage(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

/**
 * Five stars filled to the average (to the tenth), read out as one phrase by screen readers.
 * Everywhere a person appears, their rating looks the same.
 */
export function RatingStars({
  average,
  count,
  size = 'sm',
  hideCount = false,
  starsOnly = false,
  className,
}: RatingStarsProps) {
  const starSize = size === 'sm' ? 'size-3.5' : 'size-5';
  if (count === 0) {
    return <span className={cn('text-xs text-muted-foreground', className)}>No reviews yet</span>;
  }
  const shown = formatAverage(average);
  const label = `Rated ${shown} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`;
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)} role="img" aria-label={label}>
      <span className="relative inline-flex" aria-hidden="true">
        <span className="flex text-muted-foreground/35">
          {[0, 1, 2, 3, 4].map((i) => (
            <Star key={i} className={cn(starSize, 'fill-current')} strokeWidth={0} />
          ))}
        </span>
        <span
          className="absolute inset-y-0 left-0 flex overflow-hidden text-amber-500"
          style={{ width: `${(Number(shown) / 5) * 100}%` }}
        >
          {[0, 1, 2, 3, 4].map((i) => (
            <Star key={i} className={cn(starSize, 'shrink-0 fill-current')} strokeWidth={0} />
          ))}
        </span>
      </span>
      {!starsOnly && (
        <span
          aria-hidden="true"
          className={cn('font-medium tabular-nums', size === 'sm' ? 'text-xs' : 'text-sm')}
        >
          {shown}
        </span>
      )}
      {/* A space the flex layout drops, so the text reads "4.8 (12)" rather than "4.8(12)" where the
          words count (a button's name must contain its visible text). */}
      {!hideCount && !starsOnly && ' '}
      {!hideCount && !starsOnly && (
        <span
          aria-hidden="true"
          className={cn('text-muted-foreground tabular-nums', size === 'sm' ? 'text-xs' : 'text-sm')}
        >
          ({formatCount(count)})
        </span>
      )}
    </span>
  );
}
