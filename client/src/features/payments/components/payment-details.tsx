import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '#client/components/state-message.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { ApiError } from '#client/lib/http.ts';
import { formatMoney } from '#common/premium';
import { PAYMENT_METHOD_TEXT, type Payment } from '#common/schemas/payments';
import { formatDay, paymentQuery } from '../api.ts';
import { DownloadInvoiceLink } from './payment-history.tsx';

const allPaymentsLink = (label: string, variant: 'outline' | 'ghost') => (
  <Link to="/subscription" className={buttonVariants({ variant, size: 'sm' })}>
    {label}
  </Link>
);

/**
 * One payment, as a payment_received notification's View Payment opens it. `id` is null when the
 * address holds no payment id at all. Someone else's payment is a 404, like one that never existed.
 */
export function PaymentDetails({ id }: { id: number | null }) {
  const payment = useQuery({ ...paymentQuery(id ?? 0), enabled: id !== null });
  const missing =
    id === null || (payment.error instanceof ApiError && [400, 404].includes(payment.error.status));
  if (missing) {
    return (
      <EmptyState title="Payment not found">
        It may belong to another account. Your own payments are listed with your membership.
        <div className="mt-3">{allPaymentsLink('See your payments', 'outline')}</div>
      </EmptyState>
    );
  }
  if (payment.isPending) {
    return (
      <div aria-busy="true">
        <span className="sr-only" role="status">
          Loading the payment...
        </span>
        <Skeleton className="h-80 rounded-2xl" />
      </div>
    );
  }
  if (payment.isError) {
    return <ErrorState message={payment.error.message} onRetry={() => void payment.refetch()} />;
  }
  return <PaymentCard payment={payment.data} />;
}

/** A charge that arrived after its booking could no longer be paid is given back (issue 30). */
export function refundText(p: Pick<Payment, 'refundStatus' | 'refundedAt' | 'provider'>) {
  if (p.refundStatus === 'due')
    return 'Being refunded in full: it arrived after the booking could no longer be paid';
  if (p.refundStatus === 'refunded')
    return `Refunded in full${p.refundedAt ? ` on ${formatDay(p.refundedAt)}` : ''}${p.provider === 'demo' ? ' (no money had moved)' : ''}`;
  return null;
}

function PaymentCard({ payment: p }: { payment: Payment }) {
  return (
    <div className="flex flex-col gap-6 rounded-2xl border border-border bg-card p-6 sm:p-8">
      <div className="flex items-center gap-3">
        <CircleCheck aria-hidden="true" className="size-8 shrink-0 text-emerald-600" />
        <div>
          <p className="text-3xl font-bold tracking-tight tabular-nums">
            {formatMoney(p.amount, p.currency)}
          </p>
          <p className="text-sm text-muted-foreground">
            {p.provider === 'demo' ? 'Demo payment recorded' : 'Paid'} on {formatDay(p.createdAt)}
          </p>
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[9rem_1fr] sm:gap-y-3">
        <dt className="text-muted-foreground">For</dt>
        <dd className="mb-2 font-medium sm:mb-0">{p.description}</dd>
        {p.periodStart && p.periodEnd ? (
          <>
            <dt className="text-muted-foreground">Period</dt>
            <dd className="mb-2 sm:mb-0">
              {formatDay(p.periodStart)} to {formatDay(p.periodEnd)}
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Invoice number</dt>
        <dd className="mb-2 sm:mb-0">{p.invoiceNumber}</dd>
        <dt className="text-muted-foreground">Tax (included)</dt>
        <dd className="mb-2 tabular-nums sm:mb-0">{formatMoney(p.taxAmount, p.currency)}</dd>
        <dt className="text-muted-foreground">Paid with</dt>
        <dd className="mb-2 sm:mb-0">{PAYMENT_METHOD_TEXT[p.provider]}</dd>
        {p.refundStatus ? (
          <>
            <dt className="text-muted-foreground">Refund</dt>
            <dd>{refundText(p)}</dd>
          </>
        ) : null}
      </dl>
      <div className="flex flex-wrap gap-2">
        <DownloadInvoiceLink paymentId={p.id} />
        {allPaymentsLink('All payments', 'ghost')}
      </div>
    </div>
  );
}
