import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { ComparePlansLink } from '#client/components/compare-plans-link.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';

/**
 * What a free member meets instead of the call form: what posting gives and the way to Premium,
 * in the look of the other Premium prompts (reviews', search's), so the server's 403 is never the
 * first they hear of it. Applying stays free.
 */
export function PostCallUpsell() {
  return (
    <aside
      aria-labelledby="post-call-upsell-heading"
      className="flex flex-col gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 sm:p-6 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <div className="flex items-start gap-3">
        <Crown aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-strong dark:text-brand" />
        <div>
          <h2 id="post-call-upsell-heading" className="font-semibold">
            Posting a crew call needs Premium
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Post the job once and let crew come to you: the right people apply, you shortlist them and book
            the one you want in a single step. Applying to calls stays free for everyone.
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-4 sm:justify-end">
        <ComparePlansLink className="text-sm" />
        <Link to="/subscription" className={buttonVariants({ variant: 'brand' })}>
          <Crown aria-hidden="true" />
          Upgrade to Premium
        </Link>
      </div>
    </aside>
  );
}
