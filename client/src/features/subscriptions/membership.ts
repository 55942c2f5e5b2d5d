import { formatDay } from '#client/features/payments/api.ts';
import { formatMoney, PREMIUM_PLANS } from '#common/premium';
import type { PlanListResponse, SubscriptionStatus } from '#common/schemas/subscriptions';

/**
 * Is the member Premium now? The server's own rule (isPremiumSql): active, trialing or cancelled,
 * and the paid period not over. Past due is not Premium.
 */
export function isPremiumNow(
  status: Pick<SubscriptionStatus, 'status' | 'currentPeriodEnd'>,
  now: Date = new Date(),
): boolean {
  return (
    ['active', 'trialing', 'canceled'].includes(status.status) &&
    status.currentPeriodEnd !== null &&
    new Date(status.currentPeriodEnd) > now
  );
}

export interface MembershipSummary {
  premium: boolean;
  /** One plain sentence: Free, Premium until a date, or cancelling on a date. */
  line: string;
  /** What the member can do about it here. */
  action: 'cancel' | 'resume' | null;
}

/**
 * What the membership card says. A subscription cancelled at the provider (Stripe) without
 * "at period end" still runs to the end of its paid period, but cannot be resumed from here.
 */
export function membershipSummary(s: SubscriptionStatus, now: Date = new Date()): MembershipSummary {
  const until = s.currentPeriodEnd ? formatDay(s.currentPeriodEnd) : '';
  if (isPremiumNow(s, now)) {
    if (s.cancelAtPeriodEnd) {
      return { premium: true, line: `Cancels on ${until}. Premium stays on until then.`, action: 'resume' };
    }
    if (s.status === 'canceled') {
      return { premium: true, line: `Premium until ${until}. It will not renew.`, action: null };
    }
    const plan = s.plan ? PREMIUM_PLANS[s.plan] : null;
    const renewal = plan
      ? `then renews ${s.plan} at ${formatMoney(plan.amount, plan.currency)}`
      : 'then renews';
    return { premium: true, line: `Premium until ${until}, ${renewal}.`, action: 'cancel' };
  }
  if (s.status === 'past_due') {
    return {
      premium: false,
      line: 'Your last payment did not go through, so Premium is paused until it does.',
      action: null,
    };
  }
  if (s.status === 'canceled' && until) {
    return {
      premium: false,
      line: `Your Premium ended on ${until}. Choose a plan to come back.`,
      action: null,
    };
  }
  return {
    premium: false,
    line: 'You are on the free plan. Choose a plan below to unlock Premium.',
    action: null,
  };
}

/** What a year costs less than twelve months of the monthly price; 0 when it is no cheaper. */
export function yearlySaving(plans: PlanListResponse['plans']): number {
  const monthly = plans.find((plan) => plan.interval === 'month');
  const yearly = plans.find((plan) => plan.interval === 'year');
  if (!monthly || !yearly || monthly.currency !== yearly.currency) return 0;
  return Math.max(0, monthly.amount * 12 - yearly.amount);
}
