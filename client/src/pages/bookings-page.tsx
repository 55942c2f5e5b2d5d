import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatMoney } from '#common/premium';
import type { Booking } from '#common/schemas/bookings';
import { EmptyState, ErrorState } from '../components/state-message.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.tsx';
import { useSignedInUser } from '../features/auth/components/require-auth.tsx';
import { bookingsQuery, STATUS_LABEL } from '../features/bookings/api.ts';
import { AvailabilityStrip } from '../features/bookings/components/availability-strip.tsx';
import { useDocumentTitle } from '../lib/document-title.ts';

const nameOf = (p: { displayName: string | null; username: string }) => p.displayName?.trim() || p.username;

function BookingList({ as }: { as: 'crew' | 'requester' }) {
  const list = useQuery(bookingsQuery(as));
  if (list.isPending) return <Skeleton aria-busy="true" className="h-24" />;
  if (list.isError) return <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />;
  if (list.data.bookings.length === 0)
    return (
      <EmptyState title={as === 'crew' ? 'Nobody has booked you yet' : 'You have not booked anyone yet'} />
    );
  return (
    <ul
      aria-label={as === 'crew' ? 'Bookings of me' : 'My bookings of crew'}
      className="divide-y divide-border rounded-xl border border-border"
    >
      {list.data.bookings.map((b: Booking) => (
        <li key={b.id}>
          <Link
            to={`/bookings/${b.id}`}
            className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 hover:bg-muted"
          >
            <span className="min-w-0 flex-1">
              <span className="block font-medium">
                {b.role.name} · {as === 'crew' ? `for ${nameOf(b.requester)}` : nameOf(b.crew)}
              </span>
              <span className="block text-sm text-muted-foreground">
                {b.startDate} to {b.endDate} · {b.days} {b.days === 1 ? 'day' : 'days'} ·{' '}
                {formatMoney(b.total, b.currency)}
              </span>
            </span>
            <Badge>{STATUS_LABEL[b.status]}</Badge>
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
      <section aria-labelledby="calendar-heading" className="flex max-w-md flex-col gap-3">
        <h2 id="calendar-heading" className="font-semibold">
          Your calendar
        </h2>
        <AvailabilityStrip userId={me.id} />
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
