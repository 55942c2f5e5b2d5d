import { useQuery } from '@tanstack/react-query';
import { Check, Crown } from 'lucide-react';
import { ErrorState } from '#client/components/state-message.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { errorText } from '#client/features/auth/api.ts';
import { cn } from '#client/lib/cn.ts';
import { formatMoney, PREMIUM_BENEFITS } from '#common/premium';
import { plansQuery, useStartCheckout } from '../api.ts';
import { yearlySaving } from '../membership.ts';

/** The two prices of the one plan, what Premium unlocks, and the way to checkout. */
export function PlanCards() {
  const plans = useQuery(plansQuery);
  const checkout = useStartCheckout();
  if (plans.isPending) {
    return (
      <div aria-busy="true" className="grid gap-4 md:grid-cols-2">
        <span className="sr-only" role="status">
          Loading the plans...
        </span>
        <Skeleton className="h-56 rounded-2xl" />
        <Skeleton className="h-56 rounded-2xl" />
      </div>
    );
  }
  if (plans.isError) return <ErrorState message={plans.error.message} onRetry={() => void plans.refetch()} />;
  const saving = yearlySaving(plans.data.plans);
  // Success leaves the page; until the browser has gone, the chosen card stays busy.
  const leaving = checkout.isPending || checkout.isSuccess;
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 md:grid-cols-2">
        {plans.data.plans.map((plan) => {
          const yearly = plan.interval === 'year';
          const name = yearly ? 'yearly' : 'monthly';
          return (
            <section
              key={plan.id}
              aria-labelledby={`plan-${plan.id}`}
              className={cn(
                'relative flex flex-col gap-5 rounded-2xl border bg-card p-6',
                yearly ? 'border-brand shadow-sm ring-1 ring-brand' : 'border-border',
              )}
            >
              {yearly && saving > 0 ? (
                <span className="absolute -top-3 right-6 rounded-full bg-brand px-3 py-1 text-xs font-semibold text-ink">
                  Save {formatMoney(saving, plan.currency)}
                </span>
              ) : null}
              <div>
                <h3 id={`plan-${plan.id}`} className="flex items-center gap-2 font-semibold">
                  <Crown aria-hidden="true" className="size-4 text-brand-strong dark:text-brand" />
                  Premium, {name}
                </h3>
                <p className="mt-3">
                  <span className="text-4xl font-bold tracking-tight tabular-nums">
                    {formatMoney(plan.amount, plan.currency)}
                  </span>
                  <span className="text-muted-foreground"> / {plan.interval}</span>
                </p>
                <p className="mt-1 text-sm text-muted-foreground">
                  {yearly
                    ? `${formatMoney(Math.round(plan.amount / 12), plan.currency)} a month, billed once a year`
                    : 'Billed every month, cancel any time'}
                </p>
              </div>
              <Button
                className="mt-auto"
                variant={yearly ? 'brand' : 'primary'}
                disabled={leaving}
                onClick={() => checkout.mutate(plan.id)}
              >
                {leaving && checkout.variables === plan.id ? 'Opening checkout...' : `Choose ${name}`}
              </Button>
            </section>
          );
        })}
      </div>
      {checkout.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorText(checkout.error, 'The checkout could not be opened. Please try again.')}
        </p>
      ) : null}
      <section
        aria-labelledby="benefits-heading"
        className="rounded-2xl border border-border bg-muted/40 p-6"
      >
        <h3 id="benefits-heading" className="font-semibold">
          Both plans include
        </h3>
        <ul className="mt-4 grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
          {PREMIUM_BENEFITS.map((benefit) => (
            <li key={benefit} className="flex gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              {benefit}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
