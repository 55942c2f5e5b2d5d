import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, Crown } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { PREMIUM_BENEFITS } from '#common/premium';
import { buttonVariants } from '../components/ui/button.tsx';
import { currentUserQuery } from '../features/auth/api.ts';
import { subscriptionQuery } from '../features/subscriptions/api.ts';
import { useDocumentTitle } from '../lib/document-title.ts';

/** After checkout (Stripe's or the demo's): Premium is on; the header learns it at once. */
export function SubscriptionSuccessPage() {
  useDocumentTitle('Welcome to Premium');
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: subscriptionQuery.queryKey });
  }, [queryClient]);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-14 text-center sm:px-6">
      <CircleCheck aria-hidden="true" className="size-14 text-emerald-600" />
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Welcome to Premium</h1>
        <p className="mt-2 text-muted-foreground">Your membership is on. Here is what you can do now:</p>
      </div>
      <ul className="flex flex-col gap-2 text-left text-sm">
        {PREMIUM_BENEFITS.map((benefit) => (
          <li key={benefit} className="flex gap-2">
            <Crown aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-strong dark:text-brand" />
            {benefit}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to="/search" className={buttonVariants({ variant: 'brand' })}>
          Search with advanced filters
        </Link>
        <Link to="/subscription" className={buttonVariants({ variant: 'outline' })}>
          Membership and invoices
        </Link>
      </div>
    </div>
  );
}

/** The member left the checkout: nothing was charged. */
export function SubscriptionCancelPage() {
  useDocumentTitle('Checkout cancelled');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-14 text-center sm:px-6">
      <CircleX aria-hidden="true" className="size-14 text-muted-foreground" />
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Checkout cancelled</h1>
        <p className="mt-2 text-muted-foreground">
          Nothing was charged. You can choose a plan whenever you like.
        </p>
      </div>
      <Link to="/subscription" className={buttonVariants({ variant: 'primary' })}>
        Back to the plans
      </Link>
    </div>
  );
}
