import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import { formatMonthYear, formatWeekdayMonthDay } from '#client/lib/format.ts';
import type { Availability } from '#common/schemas/bookings';
import { availabilityQuery, isoDay } from '../api.ts';
import { AVAILABILITY_LOOK } from './availability-look.ts';
import { AvailabilityKey } from './availability-strip.tsx';

type DayStatus = Availability['days'][number]['status'];

const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;
/** How far ahead one may page: the server answers at most a year at a time. */
const MONTHS_AHEAD = 11;

/** The first day of the month `offset` months from this one, in UTC like the server's days. */
function monthStart(offset: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
}
const monthEnd = (start: Date) => new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0));

/** The month's days in weeks from Monday, with blanks before the 1st and after the last. */
function weeksOf(start: Date): (string | null)[][] {
  const lead = (start.getUTCDay() + 6) % 7;
  const length = monthEnd(start).getUTCDate();
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= length; day++)
    cells.push(isoDay(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), day))));
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

export interface DaysOffEditing {
  selected: ReadonlySet<string>;
  onToggle: (day: string) => void;
}

/**
 * A crew member's calendar by month: each day booked, on hold, unavailable or free (never who).
 * With `daysOff`, the owner marks future days off by pressing them; booked days stay booked.
 */
export function AvailabilityCalendar({
  userId,
  months = 2,
  daysOff,
}: {
  userId: number;
  months?: 1 | 2;
  daysOff?: DaysOffEditing;
}) {
  const [offset, setOffset] = useState(0);
  const starts = Array.from({ length: months }, (_, i) => monthStart(offset + i));
  const first = starts[0] as Date;
  const last = monthEnd(starts[starts.length - 1] as Date);
  const availability = useQuery({
    ...availabilityQuery(userId, isoDay(first), isoDay(last)),
    placeholderData: keepPreviousData,
  });
  const statusOf = new Map(availability.data?.days.map((d) => [d.date, d.status]));
  const shown =
    months === 1
      ? formatMonthYear(first, 'long')
      : `${formatMonthYear(first, 'long')} to ${formatMonthYear(last, 'long')}`;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Earlier months"
          disabled={offset === 0}
          onClick={() => setOffset((o) => Math.max(0, o - months))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <p aria-live="polite" className="text-sm font-medium">
          {shown}
        </p>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Later months"
          disabled={offset + months > MONTHS_AHEAD}
          onClick={() => setOffset((o) => o + months)}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      {availability.isError ? (
        <p role="alert" className="text-sm text-muted-foreground">
          Availability could not be loaded.{' '}
          <button type="button" className="font-medium underline" onClick={() => void availability.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <div className={cn('grid gap-6', months === 2 && 'md:grid-cols-2')}>
          {starts.map((start) => (
            <MonthTable
              key={start.toISOString()}
              start={start}
              statusOf={statusOf}
              loading={availability.isPending || availability.isPlaceholderData}
              daysOff={daysOff}
              captionShown={months > 1}
            />
          ))}
        </div>
      )}
      <AvailabilityKey />
    </div>
  );
}

function MonthTable({
  start,
  statusOf,
  loading,
  daysOff,
  captionShown,
}: {
  start: Date;
  statusOf: Map<string, DayStatus>;
  loading: boolean;
  daysOff: DaysOffEditing | undefined;
  /** One month alone is named by the navigation above it already. */
  captionShown: boolean;
}) {
  const today = isoDay(new Date());
  return (
    <table aria-busy={loading} className="w-full table-fixed border-separate border-spacing-1">
      <caption className={captionShown ? 'pb-1 text-left text-sm font-semibold' : 'sr-only'}>
        {formatMonthYear(start, 'long')}
      </caption>
      <thead>
        <tr>
          {WEEKDAYS.map(([short, long]) => (
            <th key={short} scope="col" abbr={long} className="text-xs font-medium text-muted-foreground">
              {short}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeksOf(start).map((week) => (
          <tr key={week.find(Boolean)}>
            {week.map((day, i) =>
              day ? (
                <DayCell
                  key={day}
                  day={day}
                  past={day < today}
                  server={loading ? undefined : statusOf.get(day)}
                  daysOff={daysOff}
                />
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: blanks before the 1st have no other identity
                <td key={`blank-${i}`} />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DayCell({
  day,
  past,
  server,
  daysOff,
}: {
  day: string;
  past: boolean;
  server: DayStatus | undefined;
  daysOff: DaysOffEditing | undefined;
}) {
  // While editing, the pressed days are what will be saved: a saved day off unpressed shows free.
  const selected = daysOff?.selected.has(day) ?? false;
  const status: DayStatus | undefined =
    daysOff && server !== 'busy' && server !== 'hold'
      ? selected
        ? 'unavailable'
        : server === undefined
          ? undefined
          : 'free'
      : server;
  const look = status ? AVAILABILITY_LOOK[status] : null;
  const date = formatWeekdayMonthDay(new Date(`${day}T00:00:00Z`));
  // Days gone by are history, not availability: shown plain, and read as past.
  const label = past ? `${date}: past` : `${date}: ${look?.label ?? 'loading'}`;
  const face = cn(
    'flex h-9 w-full items-center justify-center rounded text-xs font-semibold tabular-nums',
    past ? 'font-normal text-muted-foreground' : (look?.cell ?? 'animate-pulse bg-muted text-foreground'),
  );
  const number = <span aria-hidden="true">{Number(day.slice(8))}</span>;
  const editable = daysOff && !past && status !== undefined && server !== 'busy' && server !== 'hold';
  return (
    <td data-date={day} data-status={status}>
      {editable ? (
        <button
          type="button"
          aria-pressed={selected}
          aria-label={label}
          onClick={() => daysOff.onToggle(day)}
          className={cn(face, 'cursor-pointer ring-offset-background hover:ring-2 hover:ring-ring/60')}
        >
          {number}
        </button>
      ) : (
        <span className={face} title={label}>
          {number}
          <span className="sr-only">{label}</span>
        </span>
      )}
    </td>
  );
}
