import { Button } from '#client/components/ui/button.tsx';
import { LazyDialog } from '#client/components/ui/lazy-overlays.tsx';
import { formatDayRange } from '#common/day-range';
import { personName } from '#common/people';
import { formatMoney } from '#common/premium';
import { type Booking, bookingReference } from '#common/schemas/bookings';

/**
 * Issue 31: paying is never one tap. Before POST /pay the payer sees what leaves their account: the
 * amount and its currency, who is paid, for which days and at what rate.
 */
export function PayConfirmDialog({
  booking: b,
  open,
  onOpenChange,
  pending,
  onConfirm,
}: {
  booking: Booking;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onConfirm: () => void;
}) {
  const total = formatMoney(b.total, b.currency);
  const currency = b.currency.toUpperCase();
  return (
    <LazyDialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={`Pay ${personName(b.crew)}?`}
      description={`Check the payment for booking ${bookingReference(b.id)} before you send it.`}
    >
      <dl className="grid grid-cols-[6rem_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Amount</dt>
        <dd className="text-lg font-semibold" data-testid="pay-amount">
          {total} <span className="text-sm font-normal text-muted-foreground">{currency}</span>
        </dd>
        <dt className="text-muted-foreground">Paid to</dt>
        <dd>
          {personName(b.crew)}, {b.role.name}
        </dd>
        <dt className="text-muted-foreground">Days</dt>
        <dd>
          {formatDayRange(b.startDate, b.endDate)} ({b.days} {b.days === 1 ? 'day' : 'days'})
        </dd>
        <dt className="text-muted-foreground">Rate</dt>
        <dd>
          {formatMoney(b.rate, b.currency)} a day × {b.days}
        </dd>
        {b.team ? (
          <>
            <dt className="text-muted-foreground">Production</dt>
            <dd>{b.team.name}</dd>
          </>
        ) : null}
      </dl>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
          Cancel
        </Button>
        <Button type="button" variant="brand" onClick={onConfirm} disabled={pending}>
          {pending ? 'Paying…' : `Pay ${total} ${currency}`}
        </Button>
      </div>
    </LazyDialog>
  );
}
