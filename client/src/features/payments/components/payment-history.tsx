import { useQuery } from '@tanstack/react-query';
import { Download, Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '#client/components/state-message.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { formatMoney } from '#common/premium';
import { formatDay, invoiceFileName, invoiceUrl, paymentsQuery } from '../api.ts';

/** SPEC §7: a plain link, so the browser itself downloads invoice-{id}.pdf. */
export function DownloadInvoiceLink({ paymentId, className }: { paymentId: number; className?: string }) {
  return (
    <a
      href={invoiceUrl(paymentId)}
      download={invoiceFileName(paymentId)}
      className={buttonVariants({ variant: 'outline', size: 'sm', className })}
    >
      <Download aria-hidden="true" />
      Download Invoice
    </a>
  );
}

/** Every charge, newest first, each with its invoice. */
export function PaymentHistory() {
  const payments = useQuery(paymentsQuery);
  if (payments.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only" role="status">
          Loading payments...
        </span>
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  }
  if (payments.isError)
    return <ErrorState message={payments.error.message} onRetry={() => void payments.refetch()} />;
  if (payments.data.payments.length === 0) {
    return (
      <EmptyState title="No payments yet">
        Your Premium payments and their invoices will be listed here.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Payments" className="divide-y divide-border rounded-xl border border-border">
      {payments.data.payments.map((payment) => (
        <li key={payment.id} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
          <div className="flex min-w-0 flex-1 items-start gap-3">
            <Receipt aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
            <div className="min-w-0">
              <Link to={`/payments/${payment.id}`} className="font-medium hover:underline">
                {payment.description}
              </Link>
              <p className="text-sm text-muted-foreground">
                {formatDay(payment.createdAt)} · Invoice {payment.invoiceNumber}
                {payment.provider === 'demo' ? ' · Demo payment (no money moved)' : ''}
                {payment.refundStatus === 'due' ? ' · Being refunded' : ''}
                {payment.refundStatus === 'refunded' ? ' · Refunded' : ''}
              </p>
            </div>
          </div>
          <div className="flex items-center justify-between gap-4 pl-8 sm:pl-0">
            <p className="font-semibold tabular-nums">{formatMoney(payment.amount, payment.currency)}</p>
            <DownloadInvoiceLink paymentId={payment.id} />
          </div>
        </li>
      ))}
    </ul>
  );
}
