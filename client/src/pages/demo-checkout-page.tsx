import { useQuery } from '@tanstack/react-query';
import { CreditCard, ShieldCheck } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatMoney } from '#common/premium';
import { EmptyState } from '../components/state-message.tsx';
import { Button, buttonVariants } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { demoCheckoutQuery, useCompleteDemoCheckout } from '../features/subscriptions/api.ts';
import { useDocumentTitle } from '../lib/document-title.ts';

/** Our stand-in for Stripe's checkout when no keys are set: it says so, and takes no card. */
export default function DemoCheckoutPage() {
  useDocumentTitle('Demo checkout');
  const [params] = useSearchParams();
  const session = params.get('session') ?? '';
  const checkout = useQuery({ ...demoCheckoutQuery(session), enabled: session !== '' });
  const complete = useCompleteDemoCheckout();
  const navigate = useNavigate();
  const back = (
    <Link
      to="/subscription"
      className={buttonVariants({ variant: 'outline', size: 'sm', className: 'mt-3' })}
    >
      Back to the plans
    </Link>
  );
  let body: React.ReactNode;
  if (session === '' || checkout.isError) {
    body = (
      <EmptyState title={checkout.error?.message ?? 'This checkout link is incomplete'}>
        Start again from the plans.
        <div>{back}</div>
      </EmptyState>
    );
  } else if (checkout.isPending) {
    body = <Skeleton aria-busy="true" className="h-64" />;
  } else if (checkout.data.completed) {
    body = (
      <EmptyState title="This checkout has already been completed">
        Your Premium membership is on the subscription page.
        <div>{back}</div>
      </EmptyState>
    );
  } else {
    const { plan } = checkout.data;
    body = (
      <div className="flex flex-col gap-6 rounded-2xl border border-border bg-card p-6 sm:p-8">
        <p
          role="note"
          className="flex items-start gap-2 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100"
        >
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Demo checkout: no money moves and no card is needed. This server has no payment provider set up, so
          completing it makes you Premium at once and records a demo payment with its invoice.
        </p>
        <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-sm">
          <dt className="text-muted-foreground">Plan</dt>
          <dd className="font-medium">CrewBase Premium, {plan.interval === 'year' ? 'yearly' : 'monthly'}</dd>
          <dt className="text-muted-foreground">Billed</dt>
          <dd className="font-medium">Every {plan.interval}</dd>
          <dt className="border-t border-border pt-2 font-semibold">Total today</dt>
          <dd className="border-t border-border pt-2 text-lg font-bold tabular-nums">
            {formatMoney(plan.amount, plan.currency)}
          </dd>
        </dl>
        {complete.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {complete.error.message}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to="/subscription/cancel" className={buttonVariants({ variant: 'outline' })}>
            Cancel
          </Link>
          <Button
            variant="brand"
            disabled={complete.isPending}
            onClick={() =>
              complete.mutate(session, { onSuccess: () => void navigate('/subscription/success') })
            }
          >
            <CreditCard aria-hidden="true" />
            {complete.isPending ? 'Completing...' : 'Complete demo payment'}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Checkout</h1>
      {body}
    </div>
  );
}
