import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Clock, Crown, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { currentUserQuery } from '#client/features/auth/api.ts';
import { paymentsQuery } from '#client/features/payments/api.ts';
import { PREMIUM_BENEFITS } from '#common/premium';
import { subscriptionQuery } from '../api.ts';
import { isPremiumNow } from '../membership.ts';

/**
 * Coming back from Stripe can beat Stripe's webhook to our server, so the status is asked again
 * every 2 s for half a minute until it says Premium. The demo checkout is Premium already.
 */
const CONFIRM_POLL_MS = 2000;
const CONFIRM_WINDOW_MS = 30_000;

const heading = 'text-3xl font-bold tracking-tight';

/** After checkout: Premium is on, and everything that reads it (menu badge, filters) follows at once. */
export function CheckoutSuccess({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const [gaveUp, setGaveUp] = useState(false);
  const status = useQuery({
    ...subscriptionQuery,
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      gaveUp || (query.state.data && isPremiumNow(query.state.data)) ? false : CONFIRM_POLL_MS,
  });
  const premium = status.data !== undefined && isPremiumNow(status.data);
  useEffect(() => {
    if (premium) return;
    const timer = setTimeout(() => setGaveUp(true), CONFIRM_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [premium]);
  useEffect(() => {
    if (!premium) return;
    void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: paymentsQuery.queryKey });
  }, [premium, queryClient]);

  if (premium) return <Welcome userId={userId} />;
  const waiting = !gaveUp && !status.isError;
  if (waiting) {
    return (
      <>
        <LoaderCircle
          aria-hidden="true"
          className="size-14 animate-spin text-muted-foreground motion-reduce:animate-none"
        />
        <div>
          <h1 className={heading}>Confirming your payment</h1>
          <p role="status" className="mt-2 text-muted-foreground">
            Waiting for the payment provider to confirm it. This usually takes a few seconds.
          </p>
        </div>
      </>
    );
  }
  return (
    <>
      <Clock aria-hidden="true" className="size-14 text-muted-foreground" />
      <div>
        <h1 className={heading}>Payment not confirmed yet</h1>
        <p className="mt-2 text-muted-foreground">
          This is taking longer than usual. If you paid, Premium switches on as soon as the payment provider
          confirms it, and nothing is charged twice.
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => void status.refetch()} disabled={status.isFetching}>
          {status.isFetching ? 'Checking...' : 'Check again'}
        </Button>
        <Link to="/subscription" className={buttonVariants({ variant: 'outline' })}>
          Your membership
        </Link>
      </div>
    </>
  );
}

function Welcome({ userId }: { userId: number }) {
  return (
    <>
      <CircleCheck aria-hidden="true" className="size-14 text-emerald-600" />
      <div>
        <h1 className={heading}>Welcome to Premium</h1>
        <p className="mt-2 text-muted-foreground">Your membership is on. Here is what it unlocks:</p>
      </div>
      <ul className="flex flex-col gap-2 rounded-2xl border border-border bg-card p-6 text-left text-sm">
        {PREMIUM_BENEFITS.map((benefit) => (
          <li key={benefit} className="flex gap-2">
            <Crown aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-strong dark:text-brand" />
            {benefit}
          </li>
        ))}
      </ul>
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:flex-wrap sm:justify-center">
        <Link to="/search" className={buttonVariants({ variant: 'brand' })}>
          Search with advanced filters
        </Link>
        <Link to={`/profile/${userId}`} className={buttonVariants({ variant: 'outline' })}>
          Your profile
        </Link>
        <Link to="/subscription" className={buttonVariants({ variant: 'outline' })}>
          Membership and invoices
        </Link>
      </div>
    </>
  );
}
