import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '#client/components/state-message.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { useSignedInUser } from '#client/features/auth/components/require-auth.tsx';
import { bookingLabel, bookingsQuery } from '#client/features/bookings/api.ts';
import { AvailabilityCalendar } from '#client/features/bookings/components/availability-calendar.tsx';
import { cn } from '#client/lib/cn.ts';
import { useDocumentTitle } from '#client/lib/document-title.ts';
import { personName } from '#common/people';
import { formatMoney } from '#common/premium';
import type { Booking } from '#common/schemas/bookings';

/** The chips above a list: each a group of states, as a production thinks of them. */
const CHIPS = {
  all: { label: 'All', statuses: null },
  waiting: { label: 'Waiting', statuses: ['requested', 'hold_first', 'hold_second'] },
  booked: { label: 'Booked', statuses: ['accepted'] },
  completed: { label: 'Completed', statuses: ['completed'] },
  closed: { label: 'Declined, cancelled or lapsed', statuses: ['declined', 'cancelled', 'expired'] },
} as const satisfies Record<string, { label: string; statuses: readonly Booking['status'][] | null }>;
type Chip = keyof typeof CHIPS;

function BookingList({ as }: { as: 'crew' | 'requester' }) {
  const list = useQuery(bookingsQuery(as));
  const [chip, setChip] = useState<Chip>('all');
  if (list.isPending) return <Skeleton aria-busy="true" className="h-24" />;
  if (list.isError) return <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />;
  if (list.data.bookings.length === 0)
    return (
      <EmptyState title={as === 'crew' ? 'Nobody has booked you yet' : 'You have not booked anyone yet'} />
    );
  const statuses: readonly Booking['status'][] | null = CHIPS[chip].statuses;
  const shown = list.data.bookings.filter((b) => statuses === null || statuses.includes(b.status));
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Show</legend>
        {(Object.keys(CHIPS) as Chip[]).map((key) => {
          const count = list.data.bookings.filter(
            (b) =>
              CHIPS[key].statuses === null || (CHIPS[key].statuses as readonly string[]).includes(b.status),
          ).length;
          return (
            <button
              key={key}
              type="button"
              aria-pressed={chip === key}
              onClick={() => setChip(key)}
              className={cn(
                'rounded-full border px-3 py-1 text-sm font-medium transition-colors',
                chip === key
                  ? 'border-foreground bg-foreground text-background'
                  : 'border-border bg-background hover:bg-muted',
              )}
            >
              {CHIPS[key].label} <span className="tabular-nums opacity-70">{count}</span>
            </button>
          );
        })}
      </fieldset>
      {shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">None here.</p>
      ) : (
        <BookingRows as={as} bookings={shown} />
      )}
    </div>
  );
}

function BookingRows({ as, bookings }: { as: 'crew' | 'requester'; bookings: Booking[] }) {
  return (
    <ul
      aria-label={as === 'crew' ? 'Bookings of me' : 'My bookings of crew'}
      className="divide-y divide-border rounded-xl border border-border"
    >
      {bookings.map((b) => (
        <li key={b.id}>
          <Link
            to={`/bookings/${b.id}`}
            className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 hover:bg-muted"
          >
            <span className="min-w-0 flex-1">
              <span className="block font-medium">
                {b.role.name} · {as === 'crew' ? `for ${personName(b.requester)}` : personName(b.crew)}
                {b.team ? ` · ${b.team.name}` : ''}
              </span>
              <span className="block text-sm text-muted-foreground">
                {b.startDate} to {b.endDate} · {b.days} {b.days === 1 ? 'day' : 'days'} ·{' '}
                {formatMoney(b.total, b.currency)}
              </span>
            </span>
            <Badge>{bookingLabel(b)}</Badge>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function BookingsPage() {
  useDocumentTitle('Bookings');
  const me = useSignedInUser();
  return (
    <div className="mx-auto flex max-w-layout flex-col gap-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Bookings</h1>
      <section
        aria-labelledby="calendar-heading"
        className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4 sm:p-6"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="calendar-heading" className="font-semibold">
            Your calendar
          </h2>
          <Link to="/account#calendar" className="text-sm font-medium underline-offset-4 hover:underline">
            Days off and calendar link
          </Link>
        </div>
        <AvailabilityCalendar userId={me.id} />
      </section>
      <Tabs defaultValue="crew" className="flex flex-col gap-6">
        <TabsList>
          <TabsTrigger value="crew">As crew</TabsTrigger>
          <TabsTrigger value="requester">As production</TabsTrigger>
        </TabsList>
        <TabsContent value="crew">
          <BookingList as="crew" />
        </TabsContent>
        <TabsContent value="requester">
          <BookingList as="requester" />
        </TabsContent>
      </Tabs>
    </div>
  );
}
