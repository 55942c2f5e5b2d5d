import { useQuery } from '@tanstack/react-query';
import { Check, Copy, Link2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { calendarLinkQuery, daysOffQuery, useCalendarLink, useSaveDaysOff } from '../api.ts';
import { AvailabilityCalendar } from './availability-calendar.tsx';

const sameDays = (a: ReadonlySet<string>, b: readonly string[]) =>
  a.size === b.length && b.every((day) => a.has(day));

/**
 * Mark days off as ranges (the first day, then the last); productions then see them as
 * unavailable. Saved in one go.
 */
export function DaysOffEditor({ userId }: { userId: number }) {
  const saved = useQuery(daysOffQuery);
  const [edited, setEdited] = useState<Set<string> | null>(null);
  const save = useSaveDaysOff();
  if (saved.isPending) return <Skeleton aria-busy="true" className="h-72" />;
  if (saved.isError)
    return (
      <p role="alert" className="text-sm text-muted-foreground">
        {saved.error.message}
      </p>
    );
  const selected = edited ?? new Set(saved.data.days);
  const changed = edited !== null && !sameDays(edited, saved.data.days);
  const mark = (days: string[], off: boolean) => {
    const next = new Set(selected);
    for (const day of days) {
      if (off) next.add(day);
      else next.delete(day);
    }
    setEdited(next);
  };
  return (
    <div className="flex flex-col gap-4">
      <AvailabilityCalendar userId={userId} months={1} daysOff={{ selected, onRange: mark }} />
      {save.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {save.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          disabled={!changed || save.isPending}
          onClick={() =>
            save.mutate([...selected].sort(), {
              onSuccess: () => {
                setEdited(null);
                toast({ title: 'Days off saved' });
              },
            })
          }
        >
          {save.isPending ? 'Saving...' : 'Save days off'}
        </Button>
        {changed ? (
          <Button variant="ghost" onClick={() => setEdited(null)}>
            Undo changes
          </Button>
        ) : (
          <span className="text-sm text-muted-foreground">
            {selected.size === 0
              ? 'No days off marked.'
              : `${selected.size} ${selected.size === 1 ? 'day' : 'days'} off marked.`}
          </span>
        )}
      </div>
    </div>
  );
}

/**
 * The private iCal link: bookings and holds in any calendar app. Only its hash is kept, so a link
 * is shown once, when made; making a new one ends the old.
 */
export function CalendarLinkSettings() {
  const status = useQuery(calendarLinkQuery);
  const { make, revoke } = useCalendarLink();
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  if (status.isPending) return <Skeleton aria-busy="true" className="h-20" />;
  const error = status.error ?? make.error ?? revoke.error;
  const create = () =>
    make.mutate(undefined, {
      onSuccess: (made) => {
        setUrl(made.url);
        setCopied(false);
      },
    });
  return (
    <div className="flex flex-col gap-3">
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error.message}
        </p>
      ) : null}
      {url ? (
        <div className="flex flex-col gap-2">
          <label htmlFor="calendar-link" className="text-sm font-medium">
            Your calendar link
          </label>
          <div className="flex gap-2">
            <input
              id="calendar-link"
              readOnly
              value={url}
              onFocus={(e) => e.currentTarget.select()}
              className="h-10 min-w-0 flex-1 rounded-lg border border-border bg-muted px-3 font-mono text-xs"
            />
            <Button
              variant="outline"
              onClick={() =>
                void navigator.clipboard.writeText(url).then(
                  () => setCopied(true),
                  () => toast({ title: 'Copy failed', description: 'Select the link and copy it by hand.' }),
                )
              }
            >
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">
            In Google Calendar, Apple Calendar or Outlook, add a calendar "from URL" and paste it. Keep it
            private: anyone with the link sees your bookings. It is shown only now.
          </p>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          {status.data?.active
            ? `Your calendar link is on (made ${new Date(status.data.createdAt ?? '').toLocaleDateString()}). A new link ends the old one.`
            : 'Your bookings and holds, in your phone’s calendar: a private link that only you have.'}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant={status.data?.active ? 'outline' : 'primary'}
          disabled={make.isPending}
          onClick={create}
        >
          <Link2 aria-hidden="true" />
          {status.data?.active ? 'Make a new link' : 'Make my calendar link'}
        </Button>
        {status.data?.active ? (
          <Button
            variant="ghost"
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutate(undefined, {
                onSuccess: () => {
                  setUrl(null);
                  toast({ title: 'Calendar link turned off' });
                },
              })
            }
          >
            Turn off
          </Button>
        ) : null}
      </div>
    </div>
  );
}
