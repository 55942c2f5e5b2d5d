import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '#client/components/state-message.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { useSignedInUser } from '#client/features/auth/components/require-auth.tsx';
import {
  type BookingAction,
  bookingLabel,
  bookingQuery,
  useBookingAction,
} from '#client/features/bookings/api.ts';
import { PayConfirmDialog } from '#client/features/bookings/components/pay-confirm.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';
import { HOLD_LIMITS } from '#common/limits';
import { personName } from '#common/people';
import { bookingSide, canActOnBooking, type BookingAction as PolicyAction } from '#common/policies/bookings';
import { formatMoney } from '#common/premium';
import type { Booking } from '#common/schemas/bookings';

/** Whether it is paid, and how: a demo payment never reads as money (issue 30). */
function paidText(b: Pick<Booking, 'paidAt' | 'paidWith' | 'paymentPendingUntil'>) {
  if (b.paidAt)
    return b.paidWith === 'demo'
      ? `Demo payment recorded on ${b.paidAt.slice(0, 10)} (no money moved)`
      : `Yes, on ${b.paidAt.slice(0, 10)}`;
  if (b.paymentPendingUntil)
    return `Not yet: a payment is in progress (its checkout is open until ${new Date(b.paymentPendingUntil).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })})`;
  return 'Not yet';
}

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
  // Issue 31: Pay opens a confirmation with the amount, currency, payee and days first.
  const [confirmPay, setConfirmPay] = useState(false);
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
  const facts = {
    requesterId: b.requester.id,
    crewId: b.crew.id,
    status: b.status,
    paidAt: b.paidAt,
    holdAgreedAt: b.holdAgreedAt,
    // An open checkout: money may still arrive, so neither side can cancel until it ends.
    checkoutExpiresAt: b.paymentPendingUntil,
  };
  const isHold = b.status === 'hold_first' || b.status === 'hold_second';
  // A hold lapses this many days after it was made unless it is confirmed into a booking.
  const lapses = new Date(Date.parse(b.createdAt) + HOLD_LIMITS.lapseDays * 86_400_000)
    .toISOString()
    .slice(0, 10);
  // The buttons the server's bookings policy allows, asked of the same policy.
  const may = (action: PolicyAction) => canActOnBooking(me.id, action, facts);
  const counterpart = bookingSide(me.id, facts) === 'crew' ? b.requester : b.crew;
  const run = (action: BookingAction, done: string) =>
    act.mutate(action, {
      onSuccess: (result) => {
        // Stripe takes the money on its own page; the demo provider has taken it already.
        if ('url' in result) return window.location.assign(result.url);
        // Only the demo provider answers with the payment itself: no money moved, and it says so.
        toast({ title: 'paymentId' in result ? 'Demo payment recorded: no money moved' : done });
        if ('paymentId' in result) window.location.assign(`/payments/${result.paymentId}`);
      },
    });
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10 sm:px-6">
      <div className="flex items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Booking</h1>
        <Badge>{bookingLabel(b)}</Badge>
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
        <dd>{paidText(b)}</dd>
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
      {isHold ? (
        <p className="text-sm text-muted-foreground">
          {b.holdAgreedAt
            ? `${personName(b.crew)} agreed to this hold. It is not a booking until the production confirms it`
            : `A hold request: it blocks nothing until ${personName(b.crew)} accepts it, and is not a booking until the production then confirms it`}
          , and it lapses on {lapses} if it is not confirmed by then.
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
            <Button
              disabled={act.isPending}
              onClick={() => run('accept', isHold ? 'Hold accepted' : 'Booking request accepted')}
            >
              Accept
            </Button>
            <Button
              variant="outline"
              disabled={act.isPending}
              onClick={() => run('decline', isHold ? 'Hold declined' : 'Booking request declined')}
            >
              Decline
            </Button>
          </>
        ) : null}
        {may('confirm') ? (
          <Button
            variant="brand"
            disabled={act.isPending}
            onClick={() => run('confirm', 'Booking confirmed')}
          >
            Confirm booking
          </Button>
        ) : null}
        {may('pay') ? (
          <Button
            variant="brand"
            disabled={act.isPending}
            onClick={() => {
              act.reset();
              setConfirmPay(true);
            }}
          >
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
      <PayConfirmDialog
        booking={b}
        // A refused payment closes it: its reason shows on the page.
        open={confirmPay && !act.isError}
        onOpenChange={setConfirmPay}
        pending={act.isPending}
        onConfirm={() => run('pay', 'Payment sent')}
      />
    </div>
  );
}
