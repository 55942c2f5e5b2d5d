import { useQuery } from '@tanstack/react-query';
import { Check, Crown } from 'lucide-react';
import { formatMoney, PREMIUM_BENEFITS, type PremiumPlanId } from '#common/premium';
import { ErrorState } from '../../../components/state-message.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { plansQuery, useStartCheckout } from '../api.ts';

const INTERVAL_LABEL = { month: 'month', year: 'year' } as const;

/** The two prices of the one plan, what Premium unlocks, and the way to checkout. */
export function PlanCards({ disabled = false }: { disabled?: boolean }) {
  const plans = useQuery(plansQuery);
  const checkout = useStartCheckout();
  if (plans.isPending) {
    return (
      <div aria-busy="true" className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
    );
  }
  if (plans.isError) return <ErrorState message={plans.error.message} onRetry={() => void plans.refetch()} />;
  const monthly = plans.data.plans.find((plan) => plan.id === 'monthly');
  const choose = (plan: PremiumPlanId) => checkout.mutate(plan);
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-4 md:grid-cols-2">
        {plans.data.plans.map((plan) => {
          const yearly = plan.interval === 'year';
          const saving = yearly && monthly ? monthly.amount * 12 - plan.amount : 0;
          return (
            <section
              key={plan.id}
              aria-labelledby={`plan-${plan.id}`}
              className={cn(
                'relative flex flex-col gap-5 rounded-2xl border bg-card p-6',
                yearly ? 'border-brand shadow-sm ring-1 ring-brand' : 'border-border',
              )}
            >
              {saving > 0 ? (
                <span className="absolute -top-3 right-6 rounded-full bg-brand px-3 py-1 text-xs font-semibold text-ink">
                  Save {formatMoney(saving, plan.currency)}
                </span>
              ) : null}
              <div>
                <h3 id={`plan-${plan.id}`} className="flex items-center gap-2 font-semibold">
                  <Crown aria-hidden="true" className="size-4 text-brand-strong dark:text-brand" />
                  Premium, {yearly ? 'yearly' : 'monthly'}
                </h3>
                <p className="mt-3">
                  <span className="text-4xl font-bold tracking-tight tabular-nums">
                    {formatMoney(plan.amount, plan.currency)}
                  </span>
                  <span className="text-muted-foreground"> / {INTERVAL_LABEL[plan.interval]}</span>
                </p>
                <p className="mt-1 text-sm text-muted-foreground">
                  {yearly
                    ? `${formatMoney(Math.round(plan.amount / 12), plan.currency)} a month, billed once a year`
                    : 'Billed every month, cancel any time'}
                </p>
              </div>
              <ul className="flex flex-col gap-2 text-sm">
                {PREMIUM_BENEFITS.map((benefit) => (
                  <li key={benefit} className="flex gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                    {benefit}
                  </li>
                ))}
              </ul>
              <Button
                className="mt-auto"
                variant={yearly ? 'brand' : 'primary'}
                disabled={disabled || checkout.isPending}
                onClick={() => choose(plan.id)}
              >
                {checkout.isPending && checkout.variables === plan.id
                  ? 'Opening checkout...'
                  : `Choose ${yearly ? 'yearly' : 'monthly'}`}
              </Button>
            </section>
          );
        })}
      </div>
      {checkout.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {checkout.error.message}
        </p>
      ) : null}
    </div>
  );
}
