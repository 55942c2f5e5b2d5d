import { CalendarCheck, CalendarRange } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';
import { type FreeDays, freeDaysText } from '#client/lib/day-range.ts';

/**
 * Issue 35, on a search result or a role's crew card when the search has dates: "Free 12–14 Mar"
 * (green) when every day is free, "Free 2 of 3 days" (amber) when only some are.
 */
export function FreeDaysBadge({
  availability,
  from,
  to,
  className,
}: {
  availability: FreeDays;
  from: string;
  to: string | null;
  className?: string;
}) {
  const whole = availability.freeDays >= availability.totalDays;
  const Icon = whole ? CalendarCheck : CalendarRange;
  return (
    <p
      data-testid="free-days"
      className={cn(
        'inline-flex w-fit items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        whole
          ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200'
          : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      {freeDaysText(availability, from, to)}
    </p>
  );
}
