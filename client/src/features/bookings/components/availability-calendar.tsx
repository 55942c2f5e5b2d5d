import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import { formatMonthYear, formatWeekdayMonthDay } from '#client/lib/format.ts';
import type { Availability } from '#common/schemas/bookings';
import { addDays, availabilityQuery, isoDay } from '../api.ts';
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
  /** These days are to be off (`off`), or free again. */
  onRange: (days: string[], off: boolean) => void;
}

/** Every day from one to the other, whichever comes first. */
function daysBetween(a: string, b: string): string[] {
  const [from, to] = a <= b ? [a, b] : [b, a];
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * A crew member's calendar by month: each day booked, on hold, unavailable or free (never who).
 * With `daysOff`, the owner marks future days off as a range (issue 31): press the first day, then
 * the last (or shift-click it); pressing the first day again marks that day alone. A range that
 * starts on a day already off frees the days instead. Booked, held and past days stay as they are.
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
  // The first day of a range being marked, until its last day is pressed.
  const [anchor, setAnchor] = useState<string | null>(null);
  const starts = Array.from({ length: months }, (_, i) => monthStart(offset + i));
  const first = starts[0] as Date;
  const last = monthEnd(starts[starts.length - 1] as Date);
  const availability = useQuery({
    ...availabilityQuery(userId, isoDay(first), isoDay(last)),
    placeholderData: keepPreviousData,
  });
  const statusOf = new Map(availability.data?.days.map((d) => [d.date, d.status]));
  const today = isoDay(new Date());
  const press = (day: string) => {
    if (!daysOff) return;
    if (anchor === null) return setAnchor(day);
    const status = (d: string) => statusOf.get(d);
    const days = daysBetween(anchor, day).filter(
      (d) => d >= today && status(d) !== 'busy' && status(d) !== 'hold',
    );
    daysOff.onRange(days, !daysOff.selected.has(anchor));
    setAnchor(null);
  };
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
      {daysOff ? (
        <RangeHint
          anchor={anchor}
          freeing={anchor !== null && daysOff.selected.has(anchor)}
          onCancel={() => setAnchor(null)}
        />
      ) : null}
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
              editing={daysOff ? { selected: daysOff.selected, anchor, onPress: press } : undefined}
              captionShown={months > 1}
            />
          ))}
        </div>
      )}
      <AvailabilityKey />
    </div>
  );
}

/** What the owner is told while marking days off: how a range is made, and where it starts. */
function RangeHint({
  anchor,
  freeing,
  onCancel,
}: {
  anchor: string | null;
  freeing: boolean;
  onCancel: () => void;
}) {
  return (
    <p aria-live="polite" className="min-h-10 text-sm text-muted-foreground">
      {anchor === null ? (
        'Tap the first day off, then the last (or shift-click it). Start on a marked day to free a range.'
      ) : (
        <>
          <span className="font-medium text-foreground">
            {freeing ? 'Freeing' : 'Marking off'} from{' '}
            {formatWeekdayMonthDay(new Date(`${anchor}T00:00:00Z`))}
          </span>
          : tap the last day, or the same day again for that day alone.{' '}
          <button type="button" className="font-medium underline" onClick={onCancel}>
            Cancel
          </button>
        </>
      )}
    </p>
  );
}

interface DayEditing {
  selected: ReadonlySet<string>;
  anchor: string | null;
  onPress: (day: string) => void;
}

function MonthTable({
  start,
  statusOf,
  loading,
  editing,
  captionShown,
}: {
  start: Date;
  statusOf: Map<string, DayStatus>;
  loading: boolean;
  editing: DayEditing | undefined;
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
                  editing={editing}
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
  editing,
}: {
  day: string;
  past: boolean;
  server: DayStatus | undefined;
  editing: DayEditing | undefined;
}) {
  // While editing, the pressed days are what will be saved: a saved day off unpressed shows free.
  const selected = editing?.selected.has(day) ?? false;
  const status: DayStatus | undefined =
    editing && server !== 'busy' && server !== 'hold'
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
  const editable = editing && !past && status !== undefined && server !== 'busy' && server !== 'hold';
  const isAnchor = editing?.anchor === day;
  return (
    <td data-date={day} data-status={status} data-range-start={isAnchor || undefined}>
      {editable ? (
        <button
          type="button"
          aria-pressed={selected}
          aria-label={isAnchor ? `${label}, first day of the range` : label}
          onClick={() => editing.onPress(day)}
          className={cn(
            face,
            'cursor-pointer select-none ring-offset-background hover:ring-2 hover:ring-ring/60',
            isAnchor && 'ring-2 ring-offset-2 ring-foreground hover:ring-foreground',
          )}
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
