import { Crown, Lock } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { ComparePlansLink } from '#client/components/compare-plans-link.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import { refine, type SearchState } from '../search-state.ts';
import { CheckboxRow, FilterSection, Select } from './filter-controls.tsx';

const RATING_STEPS = [3, 3.5, 4, 4.5];
const REVIEW_STEPS = [1, 5, 10, 25, 50];
const YEAR_STEPS = [1, 3, 5, 10, 20];

const numberOrNull = (value: string) => (value === '' ? null : Number(value));

/**
 * DESIGN §4's advanced filters. Everyone sees them; only Premium members can use them. For others
 * they are shown disabled under an upgrade prompt, so the value of Premium is visible where it
 * would help, and the server's 403 is never the first they hear of it.
 */
export function PremiumFilters({
  state,
  onChange,
  isSubscribed,
}: {
  state: SearchState;
  onChange: (next: SearchState) => void;
  isSubscribed: boolean;
}) {
  const ids = { rating: useId(), reviews: useId(), years: useId(), heading: useId() };
  const locked = !isSubscribed;
  return (
    <section
      aria-labelledby={ids.heading}
      className={cn(
        'flex flex-col gap-4 rounded-xl border p-4',
        locked
          ? 'border-amber-200 bg-amber-50/60 dark:border-amber-900/60 dark:bg-amber-950/20'
          : 'border-border',
      )}
    >
      <h3 id={ids.heading} className="flex items-center gap-2 text-sm font-semibold">
        <Crown aria-hidden="true" className="size-4 text-brand-strong dark:text-brand" />
        Advanced filters
        {locked ? <Lock aria-hidden="true" className="ml-auto size-3.5 text-muted-foreground" /> : null}
      </h3>
      {locked ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted-foreground">
            Filter by rating, reviews, years of experience, portfolio and verified collaborations with
            Premium.
          </p>
          <Link to="/subscription" className={buttonVariants({ variant: 'brand', size: 'sm' })}>
            <Crown aria-hidden="true" />
            Upgrade to Premium
          </Link>
          <ComparePlansLink className="text-center text-sm" />
        </div>
      ) : null}
      <fieldset disabled={locked} className="flex flex-col gap-4 disabled:opacity-70">
        <legend className="sr-only">{locked ? 'Advanced filters (Premium only)' : 'Advanced filters'}</legend>
        <FilterSection title="Minimum rating" htmlFor={ids.rating}>
          <Select
            id={ids.rating}
            name="minRating"
            value={state.minRating ?? ''}
            onChange={(event) => onChange(refine(state, { minRating: numberOrNull(event.target.value) }))}
          >
            <option value="">Any rating</option>
            {RATING_STEPS.map((step) => (
              <option key={step} value={step}>
                {step}+ stars
              </option>
            ))}
          </Select>
        </FilterSection>
        <FilterSection title="Minimum reviews" htmlFor={ids.reviews}>
          <Select
            id={ids.reviews}
            name="minReviews"
            value={state.minReviews ?? ''}
            onChange={(event) => onChange(refine(state, { minReviews: numberOrNull(event.target.value) }))}
          >
            <option value="">Any number</option>
            {REVIEW_STEPS.map((step) => (
              <option key={step} value={step}>
                {step}+ {step === 1 ? 'review' : 'reviews'}
              </option>
            ))}
          </Select>
        </FilterSection>
        <FilterSection title="Years of experience" htmlFor={ids.years}>
          <Select
            id={ids.years}
            name="minYears"
            value={state.minYears ?? ''}
            onChange={(event) => onChange(refine(state, { minYears: numberOrNull(event.target.value) }))}
          >
            <option value="">Any experience</option>
            {YEAR_STEPS.map((step) => (
              <option key={step} value={step}>
                {step}+ {step === 1 ? 'year' : 'years'}
              </option>
            ))}
          </Select>
        </FilterSection>
        <CheckboxRow
          label="Has a portfolio"
          name="hasPortfolio"
          value="true"
          checked={state.hasPortfolio}
          disabled={locked}
          onCheckedChange={(on) => onChange(refine(state, { hasPortfolio: on }))}
        />
        <CheckboxRow
          label="Verified collaborations only"
          name="verifiedOnly"
          value="true"
          checked={state.verifiedOnly}
          disabled={locked}
          onCheckedChange={(on) => onChange(refine(state, { verifiedOnly: on }))}
        />
      </fieldset>
    </section>
  );
}
