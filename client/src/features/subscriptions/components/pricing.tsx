import { ArrowRight, Check, Crown, Minus } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { useViewerFact } from '#client/features/auth/api.ts';
import { authPathFor } from '#client/features/auth/redirect.ts';
import { cn } from '#client/lib/cn.ts';
import { PREMIUM_BENEFITS, PREMIUM_PLANS } from '#common/premium';
import type { AuthUser } from '#common/schemas/auth';
import {
  COMPARISON,
  dollars,
  FREE_HIGHLIGHTS,
  type PlanCell,
  PRICING_FAQ,
  YEARLY_PER_MONTH,
  YEARLY_SAVING_TEXT,
} from '../pricing-content.ts';

type Viewer = 'visitor' | 'free' | 'premium';
const viewerKind = (user: AuthUser | null): Viewer =>
  user === null ? 'visitor' : user.isSubscribed ? 'premium' : 'free';

/** Where the Premium button goes: a visitor signs up first, then chooses a plan on /subscription. */
const PREMIUM_FOR_VISITORS = `/auth?${new URLSearchParams({ tab: 'register', next: '/subscription' })}`;

/**
 * Free against Premium, the way to each, and both Premium prices. Rendered on the server as a
 * visitor sees it; the buttons follow the member once the session check answers.
 */
export function PricingPlans() {
  const viewer = useViewerFact(viewerKind);
  const { monthly, yearly } = PREMIUM_PLANS;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section
        aria-labelledby="plan-free"
        className="flex flex-col gap-6 rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8"
      >
        <div>
          <h3 id="plan-free" className="text-lg font-semibold">
            Free
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">
            For crew who want to be found, and anyone looking.
          </p>
          <p className="mt-5 flex items-baseline gap-2">
            <span className="text-5xl font-bold tracking-tight tabular-nums">$0</span>
            <span className="text-muted-foreground">forever</span>
          </p>
          <p className="mt-2 text-sm text-muted-foreground">No card needed.</p>
        </div>
        <PlanList items={FREE_HIGHLIGHTS} />
        <div className="mt-auto">
          {viewer === 'visitor' ? (
            <Link
              to="/auth?tab=register"
              className={buttonVariants({ variant: 'outline', size: 'lg', className: 'w-full' })}
            >
              Create a free profile
            </Link>
          ) : (
            <Link
              to="/dashboard"
              className={buttonVariants({ variant: 'outline', size: 'lg', className: 'w-full' })}
            >
              Go to your dashboard
            </Link>
          )}
        </div>
      </section>

      <section
        aria-labelledby="plan-premium"
        className="relative flex flex-col gap-6 rounded-2xl border border-brand bg-card p-6 shadow-md ring-1 ring-brand sm:p-8"
      >
        <span className="absolute -top-3 right-6 rounded-full bg-brand px-3 py-1 text-xs font-semibold text-ink">
          For productions and hiring crew
        </span>
        <div>
          <h3 id="plan-premium" className="flex items-center gap-2 text-lg font-semibold">
            <Crown aria-hidden="true" className="size-5 text-brand-strong dark:text-brand" />
            Premium
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">
            Reach out first: message, connect, book and build teams.
          </p>
          <div className="mt-5 grid gap-3 sm:grid-cols-2">
            <p className="flex flex-col rounded-xl border border-border p-3">
              <span className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                Monthly
              </span>
              <span className="mt-1">
                <span className="text-4xl font-bold tracking-tight tabular-nums">
                  {dollars(monthly.amount)}
                </span>
                <span className="text-muted-foreground"> / month</span>
              </span>
              <span className="mt-1 text-xs text-muted-foreground">Billed every month, cancel any time</span>
            </p>
            <p className="flex flex-col rounded-xl border border-brand/60 bg-brand/5 p-3">
              <span className="flex items-center justify-between gap-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                Yearly
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-[11px] normal-case tracking-normal text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
                  {YEARLY_SAVING_TEXT}
                </span>
              </span>
              <span className="mt-1">
                <span className="text-4xl font-bold tracking-tight tabular-nums">
                  {dollars(yearly.amount)}
                </span>
                <span className="text-muted-foreground"> / year</span>
              </span>
              <span className="mt-1 text-xs text-muted-foreground">
                {YEARLY_PER_MONTH} a month, billed once a year
              </span>
            </p>
          </div>
        </div>
        <PlanList items={PREMIUM_BENEFITS} />
        <div className="mt-auto flex flex-col gap-2">
          <PremiumButton viewer={viewer} />
          {viewer === 'visitor' ? (
            <p className="text-center text-sm text-muted-foreground">
              Have an account?{' '}
              <Link to={authPathFor('/subscription')} className="font-medium text-foreground underline">
                Log in
              </Link>{' '}
              to choose your plan.
            </p>
          ) : null}
        </div>
      </section>
    </div>
  );
}

function PremiumButton({ viewer, className }: { viewer: Viewer; className?: string }) {
  const style = buttonVariants({ variant: 'brand', size: 'lg', className: cn('w-full', className) });
  if (viewer === 'premium')
    return (
      <Link to="/subscription" className={style}>
        Manage your Premium
      </Link>
    );
  return (
    <Link to={viewer === 'visitor' ? PREMIUM_FOR_VISITORS : '/subscription'} className={style}>
      {viewer === 'visitor' ? 'Sign up for Premium' : 'Choose your plan'}
      <ArrowRight aria-hidden="true" />
    </Link>
  );
}

function PlanList({ items }: { items: readonly string[] }) {
  return (
    <ul className="flex flex-col gap-3 text-sm">
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <Included />
          {item}
        </li>
      ))}
    </ul>
  );
}

function Included({ label }: { label?: string }) {
  return (
    <span className="inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300">
      <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

function Cell({ value }: { value: PlanCell }) {
  if (value === true) return <Included label="Included" />;
  if (value === false)
    return (
      <>
        <Minus aria-hidden="true" className="mx-auto size-4 text-muted-foreground/60" />
        <span className="sr-only">Not included</span>
      </>
    );
  return <span className="text-xs font-medium sm:text-sm">{value}</span>;
}

/** Every feature, Free against Premium, in a real table (a screen reader reads it by row). */
export function PlanComparison() {
  return (
    <div className="overflow-hidden rounded-2xl border border-border bg-card">
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">Free and Premium, feature by feature</caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="py-3 pr-2 pl-4 text-sm font-semibold sm:px-6 sm:py-4">
              Feature
            </th>
            <th scope="col" className="w-16 px-1 py-3 text-center text-sm font-semibold sm:w-36 sm:p-4">
              Free
            </th>
            <th
              scope="col"
              className="w-20 bg-brand/10 px-1 py-3 text-center text-sm font-semibold sm:w-36 sm:p-4"
            >
              <span className="inline-flex items-center gap-1.5">
                <Crown
                  aria-hidden="true"
                  className="hidden size-4 text-brand-strong sm:block dark:text-brand"
                />
                Premium
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {COMPARISON.map((group) => (
            <Fragment key={group.title}>
              <tr className="border-b border-border bg-muted/50">
                <th
                  scope="colgroup"
                  colSpan={3}
                  className="px-4 py-2 text-xs font-semibold uppercase tracking-wider text-muted-foreground sm:px-6"
                >
                  {group.title}
                </th>
              </tr>
              {group.rows.map((row) => (
                <tr key={row.feature} className="border-b border-border last:border-0">
                  <th scope="row" className="py-3 pr-2 pl-4 align-middle text-sm font-medium sm:px-6 sm:py-4">
                    {row.feature}
                    {row.detail ? (
                      <span className="mt-0.5 block text-xs font-normal text-muted-foreground">
                        {row.detail}
                      </span>
                    ) : null}
                  </th>
                  <td className="px-1 py-3 text-center align-middle sm:p-4">
                    <span className="inline-flex justify-center">
                      <Cell value={row.free} />
                    </span>
                  </td>
                  <td className="bg-brand/10 px-1 py-3 text-center align-middle sm:p-4">
                    <span className="inline-flex justify-center">
                      <Cell value={row.premium} />
                    </span>
                  </td>
                </tr>
              ))}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The questions asked before paying, open by default in no particular one (native details). */
export function PricingFaq() {
  return (
    <div className="flex flex-col gap-3">
      {PRICING_FAQ.map((entry) => (
        <details key={entry.question} className="group rounded-xl border border-border bg-card px-5 py-4">
          <summary className="cursor-pointer list-none font-medium marker:hidden [&::-webkit-details-marker]:hidden">
            <span className="flex items-center justify-between gap-4">
              {entry.question}
              <span
                aria-hidden="true"
                className="text-lg text-muted-foreground transition group-open:rotate-45"
              >
                +
              </span>
            </span>
          </summary>
          <p className="mt-3 leading-relaxed text-muted-foreground">{entry.answer}</p>
        </details>
      ))}
    </div>
  );
}

/** The closing call: the same way to Premium as the plan card. */
export function PricingCallToAction() {
  const viewer = useViewerFact(viewerKind);
  return (
    <div className="w-full sm:w-auto">
      <PremiumButton viewer={viewer} className="sm:w-auto" />
    </div>
  );
}
