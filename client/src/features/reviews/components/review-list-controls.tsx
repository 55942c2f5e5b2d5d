import { ChevronLeft, ChevronRight, Crown } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { ComparePlansLink } from '#client/components/compare-plans-link.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { formatCount } from '#client/lib/format.ts';
import { LIMITS } from '#common/limits';
import { REVIEW_SORTS, type ReviewSort } from '#common/reviews';

const SORT_LABELS: Record<ReviewSort, string> = {
  newest: 'Newest first',
  highest: 'Highest rated',
  lowest: 'Lowest rated',
};

export function SortSelect({ value, onChange }: { value: ReviewSort; onChange: (sort: ReviewSort) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted-foreground">
        Sort by
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as ReviewSort)}
        className="h-9 rounded-lg border border-border bg-background px-2.5 text-sm text-foreground shadow-sm focus:border-ring"
      >
        {REVIEW_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Previous and next as buttons: paging stays on the profile and keeps the tab in view. */
export function ReviewPager({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Review pages" className="flex items-center justify-between gap-4">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" /> Previous
      </Button>
      <p className="text-sm text-muted-foreground">
        Page {page} of {pageCount}
      </p>
      <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}

/** Where reviews are held back (DESIGN §4: anyone sees the newest 3), say how many and how to read them. */
export function UpgradePrompt({ hiddenCount, name }: { hiddenCount: number; name: string }) {
  return (
    <aside
      aria-labelledby="reviews-upgrade-heading"
      className="flex flex-col gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <div className="flex items-start gap-3">
        <Crown aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-strong dark:text-brand" />
        <div>
          <h3 id="reviews-upgrade-heading" className="font-semibold">
            Premium unlocks all reviews
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">
            {formatCount(hiddenCount)} more {hiddenCount === 1 ? 'review' : 'reviews'} of {name}{' '}
            {hiddenCount === 1 ? 'is' : 'are'} for Premium members. Everyone sees the newest{' '}
            {LIMITS.reviewsFreeVisible}.
          </p>
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-4">
        <ComparePlansLink className="text-sm" />
        <Link to="/subscription" className={buttonVariants({ variant: 'brand', className: 'shrink-0' })}>
          Upgrade to Premium
        </Link>
      </div>
    </aside>
  );
}
