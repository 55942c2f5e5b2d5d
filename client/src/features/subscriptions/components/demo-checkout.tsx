import { useQuery } from '@tanstack/react-query';
import { CreditCard, ShieldCheck } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { EmptyState, ErrorState } from '#client/components/state-message.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { errorText } from '#client/features/auth/api.ts';
import { ApiError } from '#client/lib/http.ts';
import { formatMoney } from '#common/premium';
import { type DemoCheckout, demoCheckoutQuery, useCompleteDemoCheckout } from '../api.ts';

/**
 * The answers that end this checkout for good: unknown or not yours (404), already used or already
 * Premium (409), expired (410), or Stripe takes payments here (400). Anything else may pass on a retry.
 */
const isFinal = (error: unknown): error is ApiError =>
  error instanceof ApiError && [400, 404, 409, 410].includes(error.status);

function CheckoutEnded({
  title,
  children,
  linkLabel = 'Back to the plans',
}: {
  title: string;
  children: React.ReactNode;
  linkLabel?: string;
}) {
  return (
    <EmptyState title={title}>
      {children}
      <div>
        <Link
          to="/subscription"
          className={buttonVariants({ variant: 'outline', size: 'sm', className: 'mt-3' })}
        >
          {linkLabel}
        </Link>
      </div>
    </EmptyState>
  );
}

/** Our stand-in for Stripe's checkout when no keys are set: it says so, and takes no card. */
export function DemoCheckoutView({ session }: { session: string }) {
  const checkout = useQuery({ ...demoCheckoutQuery(session), enabled: session !== '' });
  if (session === '') {
    return (
      <CheckoutEnded title="This checkout link is incomplete">Start again from the plans.</CheckoutEnded>
    );
  }
  if (checkout.isPending) {
    return (
      <div aria-busy="true">
        <span className="sr-only" role="status">
          Loading the checkout...
        </span>
        <Skeleton className="h-80 rounded-2xl" />
      </div>
    );
  }
  if (checkout.isError) {
    return isFinal(checkout.error) ? (
      <CheckoutEnded title={checkout.error.plainMessage}>Start again from the plans.</CheckoutEnded>
    ) : (
      <ErrorState message={checkout.error.message} onRetry={() => void checkout.refetch()} />
    );
  }
  if (checkout.data.completed) {
    return (
      <CheckoutEnded title="This checkout has already been completed" linkLabel="See your membership">
        Your membership and its invoice are on the subscription page.
      </CheckoutEnded>
    );
  }
  return <DemoCheckoutForm checkout={checkout.data} />;
}

function DemoCheckoutForm({ checkout: { session, plan } }: { checkout: DemoCheckout }) {
  const complete = useCompleteDemoCheckout();
  const navigate = useNavigate();
  if (isFinal(complete.error)) {
    return (
      <CheckoutEnded
        title={complete.error.plainMessage}
        linkLabel={complete.error.status === 409 ? 'See your membership' : 'Back to the plans'}
      >
        {complete.error.status === 409
          ? 'Nothing more was charged. Your membership and its invoices are on the subscription page.'
          : 'Nothing was charged. Start again from the plans.'}
      </CheckoutEnded>
    );
  }
  const name = plan.interval === 'year' ? 'yearly' : 'monthly';
  return (
    <div className="flex flex-col gap-6 rounded-2xl border border-border bg-card p-6 sm:p-8">
      <p
        role="note"
        className="flex items-start gap-2 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100"
      >
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <strong className="font-semibold">Demo checkout: no money moves and no card is needed.</strong> This
          server has no payment provider set up, so completing it makes you Premium at once and records a demo
          payment with its invoice.
        </span>
      </p>
      <dl className="flex flex-col gap-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Plan</dt>
          <dd className="text-right font-medium">CrewBase Premium, {name}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Billed</dt>
          <dd className="text-right font-medium">Every {plan.interval}</dd>
        </div>
        <div className="mt-2 flex items-baseline justify-between gap-4 border-t border-border pt-3">
          <dt className="font-semibold">Total today</dt>
          <dd className="text-lg font-bold tabular-nums">{formatMoney(plan.amount, plan.currency)}</dd>
        </div>
      </dl>
      {complete.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorText(complete.error, 'The payment did not go through. Please try again.')}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to="/subscription/cancel" className={buttonVariants({ variant: 'outline' })}>
          Cancel
        </Link>
        <Button
          variant="brand"
          disabled={complete.isPending || complete.isSuccess}
          onClick={() =>
            complete.mutate(session, { onSuccess: () => void navigate('/subscription/success') })
          }
        >
          <CreditCard aria-hidden="true" />
          {complete.isPending || complete.isSuccess ? 'Completing...' : 'Complete demo payment'}
        </Button>
      </div>
    </div>
  );
}
