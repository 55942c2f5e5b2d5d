import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { formatMoney } from '#common/premium';
import { EmptyState } from '../components/state-message.tsx';
import { buttonVariants } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { formatDay, paymentQuery } from '../features/payments/api.ts';
import { DownloadInvoiceLink } from '../features/payments/components/payment-history.tsx';
import { useDocumentTitle } from '../lib/document-title.ts';

/** SPEC §2's View Payment: what a payment_received notification opens. */
export default function PaymentPage() {
  useDocumentTitle('Payment');
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const payment = useQuery({ ...paymentQuery(id), enabled: valid });
  let body: React.ReactNode;
  if (!valid || payment.isError) {
    body = (
      <EmptyState title={payment.error?.message ?? 'Payment not found'}>
        <Link
          to="/subscription"
          className={buttonVariants({ variant: 'outline', size: 'sm', className: 'mt-3' })}
        >
          See all payments
        </Link>
      </EmptyState>
    );
  } else if (payment.isPending) {
    body = <Skeleton aria-busy="true" className="h-64" />;
  } else {
    const p = payment.data;
    body = (
      <div className="flex flex-col gap-6 rounded-2xl border border-border bg-card p-6 sm:p-8">
        <div className="flex items-center gap-3">
          <CircleCheck aria-hidden="true" className="size-8 text-emerald-600" />
          <div>
            <p className="text-3xl font-bold tabular-nums">{formatMoney(p.amount, p.currency)}</p>
            <p className="text-sm text-muted-foreground">Paid on {formatDay(p.createdAt)}</p>
          </div>
        </div>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-muted-foreground">For</dt>
          <dd className="font-medium">{p.description}</dd>
          {p.periodStart && p.periodEnd ? (
            <>
              <dt className="text-muted-foreground">Period</dt>
              <dd>
                {formatDay(p.periodStart)} to {formatDay(p.periodEnd)}
              </dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">Invoice number</dt>
          <dd>{p.invoiceNumber}</dd>
          <dt className="text-muted-foreground">Tax</dt>
          <dd>{formatMoney(p.taxAmount, p.currency)}</dd>
          <dt className="text-muted-foreground">Paid with</dt>
          <dd>{p.provider === 'demo' ? 'Demo checkout (no money moved)' : 'Card, through Stripe'}</dd>
        </dl>
        <div className="flex flex-wrap gap-2">
          <DownloadInvoiceLink paymentId={p.id} />
          <Link to="/subscription" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
            All payments
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Payment</h1>
      {body}
    </div>
  );
}
