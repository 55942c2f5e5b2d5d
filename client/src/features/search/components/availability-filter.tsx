import { useId } from 'react';
import { FieldError } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { cn } from '#client/lib/cn.ts';
import { addDays, todayIso } from '#client/lib/day-range.ts';
import { dayCount } from '#common/day-range';
import { useLiveText } from '../hooks/use-live-text.ts';
import { useUnrendered } from '../hooks/use-unrendered.ts';
import { type AvailableDates, RANGE_MAX_DAYS } from '../search-state.ts';
import { FilterSection, Select } from './filter-controls.tsx';

/** `replace`: this change continues one the history already holds (typing a date), see useLiveText. */
export type ApplyDates = (dates: AvailableDates, options: { replace: boolean }) => void;

/** "At least N days" choices for a range of `total` days: every count for a short range, steps for a long one. */
export function partlyFreeSteps(total: number): number[] {
  if (total <= 1) return [];
  const steps =
    total <= 10
      ? Array.from({ length: total - 1 }, (_, i) => i + 1)
      : [1, 2, 3, 5, 7, 10, 14, 21, 30, 45, 60];
  return [...new Set([total - 1, ...steps.filter((n) => n < total)])].sort((a, b) => b - a);
}

const pick = ({ availableFrom, availableTo, minFreeDays }: AvailableDates): AvailableDates => ({
  availableFrom,
  availableTo,
  minFreeDays,
});
const datesKey = ({ availableFrom, availableTo, minFreeDays }: AvailableDates) =>
  `${availableFrom}/${availableTo}/${minFreeDays}`;

/** What the server will refuse of this range, said before it does (issue 35's 400s). */
export function datesProblem(dates: AvailableDates, today = todayIso()): string | null {
  const { availableFrom: from, availableTo: to } = dates;
  if (!from) return null;
  if (from < today) return 'Pick a first day from today on.';
  if (to && to < from) return 'The last day must not be before the first.';
  if (to && dayCount(from, to) > RANGE_MAX_DAYS) return `Pick at most ${RANGE_MAX_DAYS} days.`;
  return null;
}

/**
 * Issue 35: who is free on these days. Two native date fields (their own keyboard and phone
 * pickers, and plain form fields named as the address names them, for the form sent without the
 * app) and, for a range of more than one day, how many of its days must be free. A date applies
 * once typing pauses, as the location does: a year typed digit by digit is not four searches.
 * No end: the first day alone. A first day moved past the last drops the last.
 */
export function AvailabilityFilter({
  dates,
  onChange,
  layout = 'stack',
}: {
  dates: AvailableDates;
  onChange: ApplyDates;
  /** `row`: side by side from `sm` up, above a wide list (browse by role); `stack`: the sidebar. */
  layout?: 'stack' | 'row';
}) {
  const ids = { from: useId(), to: useId(), min: useId(), problem: useId() };
  const today = todayIso();
  // Two dates applied before the address has changed (both picked within the pause) build on each
  // other, rather than the second undoing the first.
  const unrendered = useUnrendered(pick(dates), datesKey);
  const apply = (change: Partial<AvailableDates>, replace: boolean) => {
    const next = { ...unrendered.latest(), ...change };
    if (next.availableFrom && next.availableTo && next.availableTo < next.availableFrom)
      next.availableTo = null;
    // Not made canonical here: an end picked while the start is still on its way (see layOver)
    // would be dropped for want of a start. The page does it once the two meet.
    unrendered.add(next);
    onChange(next, { replace });
  };
  const from = useLiveText(dates.availableFrom ?? '', (value, { replace }) =>
    apply({ availableFrom: value || null, ...(value ? {} : { availableTo: null }) }, replace),
  );
  const to = useLiveText(dates.availableTo ?? '', (value, { replace }) =>
    apply({ availableTo: value || null }, replace),
  );
  const problem = datesProblem(dates, today);
  const total =
    dates.availableFrom && dates.availableTo && !problem
      ? dayCount(dates.availableFrom, dates.availableTo)
      : 1;
  const steps = partlyFreeSteps(total);
  const field = (
    id: string,
    label: string,
    live: ReturnType<typeof useLiveText>,
    props: { name: string; min: string; max?: string },
  ) => (
    <>
      <label htmlFor={id} className="text-sm text-muted-foreground">
        <span className="sr-only">Available </span>
        {label}
      </label>
      <Input
        id={id}
        type="date"
        {...props}
        value={live.text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? ids.problem : undefined}
        onChange={(event) => live.onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          live.flush();
        }}
        onBlur={live.flush}
        className="h-10 min-w-0"
      />
    </>
  );
  const first = dates.availableFrom ?? today;
  return (
    <FilterSection title="Available">
      <div
        className={cn(
          'grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-2',
          layout === 'row' && 'sm:grid-cols-[auto_11rem_auto_11rem] sm:justify-start',
        )}
      >
        {field(ids.from, 'From', from, { name: 'availableFrom', min: today })}
        {field(ids.to, 'To', to, {
          name: 'availableTo',
          min: first,
          max: addDays(first, RANGE_MAX_DAYS - 1),
        })}
      </div>
      <FieldError id={ids.problem} message={problem ?? undefined} />
      {steps.length > 0 ? (
        <div className={cn('flex flex-col gap-1.5', layout === 'row' && 'sm:max-w-xs')}>
          <label htmlFor={ids.min} className="text-sm text-muted-foreground">
            Free on
          </label>
          <Select
            id={ids.min}
            name="minFreeDays"
            value={dates.minFreeDays ?? ''}
            onChange={(event) =>
              apply({ minFreeDays: event.target.value === '' ? null : Number(event.target.value) }, false)
            }
          >
            <option value="">Every day</option>
            {steps.map((n) => (
              <option key={n} value={n}>
                At least {n} of {total} days
              </option>
            ))}
          </Select>
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">
          {dates.availableFrom
            ? 'Leave “To” empty for one day.'
            : 'Crew with no booking, hold or day off then.'}
        </p>
      )}
    </FilterSection>
  );
}
