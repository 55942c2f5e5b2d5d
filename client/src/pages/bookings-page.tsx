import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '#client/components/state-message.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { useSignedInUser } from '#client/features/auth/components/require-auth.tsx';
import {
  bookingAmounts,
  bookingLabel,
  bookingPagesQuery,
  bookingsQuery,
} from '#client/features/bookings/api.ts';
import { AvailabilityCalendar } from '#client/features/bookings/components/availability-calendar.tsx';
import { cn } from '#client/lib/cn.ts';
import { useDocumentTitle } from '#client/lib/document-title.ts';
import { BOOKING_FILTER_RULES, type BookingSide, openingBookingSide } from '#common/booking-lists';
import { personName } from '#common/people';
import { BOOKING_FILTERS, type Booking, type BookingFilter } from '#common/schemas/bookings';

const FILTER_CHIPS: { value: BookingFilter | null; label: string }[] = [
  { value: null, label: 'All' },
  ...BOOKING_FILTERS.map((value) => ({ value, label: BOOKING_FILTER_RULES[value].label })),
];

const isFilter = (value: string | null): value is BookingFilter =>
  (BOOKING_FILTERS as readonly (string | null)[]).includes(value);

function FilterChips({
  filter,
  onChange,
}: {
  filter: BookingFilter | null;
  onChange: (f: BookingFilter | null) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">Show</legend>
      {FILTER_CHIPS.map((chip) => (
        <button
          key={chip.label}
          type="button"
          aria-pressed={filter === chip.value}
          onClick={() => onChange(chip.value)}
          className={cn(
            'min-h-9 rounded-full border px-3 py-1 text-sm font-medium transition-colors',
            filter === chip.value
              ? 'border-foreground bg-foreground text-background'
              : 'border-border bg-background hover:bg-muted',
          )}
        >
          {chip.label}
        </button>
      ))}
    </fieldset>
  );
}

/** One side's list, newest first, filtered on the server and fetched a page at a time. */
function BookingList({
  as,
  filter,
  onFilter,
}: {
  as: BookingSide;
  filter: BookingFilter | null;
  onFilter: (f: BookingFilter | null) => void;
}) {
  const list = useInfiniteQuery(bookingPagesQuery(as, filter));
  const bookings = list.data?.pages.flatMap((page) => page.bookings) ?? [];
  let body: ReactNode;
  if (list.isPending) body = <Skeleton aria-busy="true" className="h-24" />;
  else if (list.isError)
    body = <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />;
  else if (bookings.length === 0 && filter === null)
    body = (
      <EmptyState title={as === 'crew' ? 'Nobody has booked you yet' : 'You have not booked anyone yet'} />
    );
  else if (bookings.length === 0) body = <p className="text-sm text-muted-foreground">None here.</p>;
  else
    body = (
      <>
        <BookingRows as={as} bookings={bookings} />
        {list.hasNextPage ? (
          <Button
            variant="outline"
            className="self-center"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {list.isFetchingNextPage ? 'Loading...' : 'Show older bookings'}
          </Button>
        ) : null}
      </>
    );
  return (
    <div className="flex flex-col gap-4">
      <FilterChips filter={filter} onChange={onFilter} />
      {body}
    </div>
  );
}

function BookingRows({ as, bookings }: { as: BookingSide; bookings: Booking[] }) {
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
                {b.startDate === b.endDate ? b.startDate : `${b.startDate} to ${b.endDate}`} ·{' '}
                {bookingAmounts(b)}
              </span>
            </span>
            <Badge>{bookingLabel(b)}</Badge>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Which side to open on: the one in the address (a reload keeps it), else the side the member used
 * last (`openingBookingSide`), read from each side's newest booking.
 */
function useOpeningSide(asked: string | null): BookingSide | null {
  const chosen = asked === 'crew' || asked === 'requester' ? asked : null;
  const crew = useQuery({ ...bookingsQuery('crew', { limit: 1 }), enabled: chosen === null });
  const requester = useQuery({ ...bookingsQuery('requester', { limit: 1 }), enabled: chosen === null });
  if (chosen) return chosen;
  if (crew.isPending || requester.isPending) return null;
  // Either failed: the list itself shows the error, on the usual side.
  if (crew.isError || requester.isError) return 'crew';
  return openingBookingSide({
    crew: crew.data.bookings[0]?.id ?? null,
    requester: requester.data.bookings[0]?.id ?? null,
  });
}

function BookingTabs() {
  const [params, setParams] = useSearchParams();
  const side = useOpeningSide(params.get('as'));
  const shown = params.get('filter');
  const filter = isFilter(shown) ? shown : null;
  const change = (patch: { as?: BookingSide; filter?: BookingFilter | null }) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('as', patch.as ?? side ?? 'crew');
        const nextFilter = patch.filter === undefined ? filter : patch.filter;
        if (nextFilter) next.set('filter', nextFilter);
        else next.delete('filter');
        return next;
      },
      { replace: true },
    );
  if (side === null) return <Skeleton aria-busy="true" className="h-40" />;
  return (
    <Tabs
      value={side}
      onValueChange={(value) => change({ as: value as BookingSide })}
      className="flex flex-col gap-6"
    >
      <TabsList>
        <TabsTrigger value="crew">As crew</TabsTrigger>
        <TabsTrigger value="requester">As production</TabsTrigger>
      </TabsList>
      <TabsContent value="crew">
        <BookingList as="crew" filter={filter} onFilter={(f) => change({ filter: f })} />
      </TabsContent>
      <TabsContent value="requester">
        <BookingList as="requester" filter={filter} onFilter={(f) => change({ filter: f })} />
      </TabsContent>
    </Tabs>
  );
}

export default function BookingsPage() {
  useDocumentTitle('Bookings');
  const me = useSignedInUser();
  return (
    <div className="mx-auto flex max-w-layout flex-col gap-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Bookings</h1>
      <BookingTabs />
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
    </div>
  );
}
