import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '#client/components/state-message.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { useSignedInUser } from '#client/features/auth/components/require-auth.tsx';
import {
  type BookingAction,
  bookingQuery,
  STATUS_LABEL,
  useBookingAction,
} from '#client/features/bookings/api.ts';
import { useDocumentTitle } from '#client/lib/document-title.ts';
import { personName } from '#common/people';
import { bookingSide, canActOnBooking, type BookingAction as PolicyAction } from '#common/policies/bookings';
import { formatMoney } from '#common/premium';

/** SPEC's /bookings/{id}: the booking, and what each party may do with it now. */
export default function BookingPage() {
  useDocumentTitle('Booking');
  const me = useSignedInUser();
  const id = Number(useParams().id);
  // Back from Stripe Checkout: paid there, but ours only once its webhook says so.
  const [params] = useSearchParams();
  const confirming = params.get('paid') === '1';
  const booking = useQuery({
    ...bookingQuery(id),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (query) => (confirming && !query.state.data?.paidAt ? 2000 : false),
  });
  const act = useBookingAction(id);
  if (booking.isError || !(Number.isInteger(id) && id > 0)) {
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <EmptyState title={booking.error?.message ?? 'Booking not found'}>
          <Link to="/bookings" className="underline">
            All bookings
          </Link>
        </EmptyState>
      </div>
    );
  }
  if (booking.isPending) return <Skeleton aria-busy="true" className="mx-auto mt-10 h-64 max-w-xl" />;
  const b = booking.data;
  const facts = { requesterId: b.requester.id, crewId: b.crew.id, status: b.status, paidAt: b.paidAt };
  // The buttons the server's bookings policy allows, asked of the same policy.
  const may = (action: PolicyAction) => canActOnBooking(me.id, action, facts);
  const counterpart = bookingSide(me.id, facts) === 'crew' ? b.requester : b.crew;
  const run = (action: BookingAction, done: string) =>
    act.mutate(action, {
      onSuccess: (result) => {
        // Stripe takes the money on its own page; the demo provider has taken it already.
        if ('url' in result) return window.location.assign(result.url);
        toast({ title: done });
        if ('paymentId' in result) window.location.assign(`/payments/${result.paymentId}`);
      },
    });
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10 sm:px-6">
      <div className="flex items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Booking</h1>
        <Badge>{STATUS_LABEL[b.status]}</Badge>
      </div>
      <dl className="grid gap-x-6 gap-y-3 rounded-2xl border border-border bg-card p-6 text-sm sm:grid-cols-[9rem_1fr]">
        <dt className="text-muted-foreground">Crew</dt>
        <dd>
          <Link to={`/profile/${b.crew.id}`} className="font-medium hover:underline">
            {personName(b.crew)}
          </Link>{' '}
          as {b.role.name}
        </dd>
        <dt className="text-muted-foreground">Production</dt>
        <dd>
          <Link to={`/profile/${b.requester.id}`} className="font-medium hover:underline">
            {personName(b.requester)}
          </Link>
          {b.team ? (
            <>
              {' · '}
              <Link to={`/team/${b.team.id}`} className="font-medium hover:underline">
                {b.team.name}
              </Link>
            </>
          ) : null}
        </dd>
        <dt className="text-muted-foreground">Days</dt>
        <dd>
          {b.startDate} to {b.endDate} ({b.days} {b.days === 1 ? 'day' : 'days'})
        </dd>
        <dt className="text-muted-foreground">Rate</dt>
        <dd>
          {formatMoney(b.rate, b.currency)} a day · {formatMoney(b.total, b.currency)} in all
        </dd>
        {b.message ? (
          <>
            <dt className="text-muted-foreground">Message</dt>
            <dd className="whitespace-pre-wrap">{b.message}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Paid</dt>
        <dd>{b.paidAt ? `Yes, on ${b.paidAt.slice(0, 10)}` : 'Not yet'}</dd>
      </dl>
      {confirming && !b.paidAt ? (
        <p role="status" className="rounded-xl border border-border bg-muted p-4 text-sm">
          Thank you. Stripe is confirming the payment; this page updates as soon as it does.
        </p>
      ) : null}
      {b.status === 'completed' ? (
        <p className="text-sm text-muted-foreground">
          The days are over.{' '}
          <Link to={`/profile/${counterpart.id}?tab=reviews`} className="underline">
            Review {personName(counterpart)}
          </Link>
          : reviews between people who worked together are marked as verified.
        </p>
      ) : null}
      {act.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {act.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {may('answer') ? (
          <>
            <Button disabled={act.isPending} onClick={() => run('accept', 'Booking request accepted')}>
              Accept
            </Button>
            <Button
              variant="outline"
              disabled={act.isPending}
              onClick={() => run('decline', 'Booking request declined')}
            >
              Decline
            </Button>
          </>
        ) : null}
        {may('pay') ? (
          <Button variant="brand" disabled={act.isPending} onClick={() => run('pay', 'Payment sent')}>
            Pay {formatMoney(b.total, b.currency)}
          </Button>
        ) : null}
        {may('release') ? (
          <Button variant="outline" disabled={act.isPending} onClick={() => run('release', 'Hold released')}>
            Release hold
          </Button>
        ) : null}
        {may('cancel') ? (
          <Button variant="ghost" disabled={act.isPending} onClick={() => run('cancel', 'Booking cancelled')}>
            Cancel booking
          </Button>
        ) : null}
        <Link to="/bookings" className={buttonVariants({ variant: 'ghost' })}>
          All bookings
        </Link>
      </div>
    </div>
  );
}
