import { formatDay } from '#client/features/payments/api.ts';
import { formatMoney, PREMIUM_PAST_DUE_GRACE_DAYS, PREMIUM_PLANS } from '#common/premium';
import type { PlanListResponse, SubscriptionStatus } from '#common/schemas/subscriptions';

/**
 * Is the member Premium now? The server's answer (common/src/policies/premium.ts, which needs
 * facts the page is not sent, such as when a payment fell behind), read as of `now`: a paid
 * period that ended since the answer was fetched is over.
 */
export function isPremiumNow(
  status: Pick<SubscriptionStatus, 'premium' | 'currentPeriodEnd'>,
  now: Date = new Date(),
): boolean {
  return status.premium && status.currentPeriodEnd !== null && new Date(status.currentPeriodEnd) > now;
}

export interface MembershipSummary {
  premium: boolean;
  /** One plain sentence: Free, Premium until a date, or cancelling on a date. */
  line: string;
  /** What the member can do about it here. */
  action: 'cancel' | 'resume' | null;
}

/**
 * What the membership card says. A subscription that ended (cancelled at the provider, or not
 * renewed) is over at once; one cancelled at the period's end runs to the end of the period paid.
 */
export function membershipSummary(s: SubscriptionStatus, now: Date = new Date()): MembershipSummary {
  const until = s.currentPeriodEnd ? formatDay(s.currentPeriodEnd) : '';
  if (isPremiumNow(s, now)) {
    if (s.cancelAtPeriodEnd) {
      return { premium: true, line: `Cancels on ${until}. Premium stays on until then.`, action: 'resume' };
    }
    if (s.status === 'past_due') {
      return {
        premium: true,
        line: `Your last payment did not go through. Premium stays on for up to ${PREMIUM_PAST_DUE_GRACE_DAYS} days while it is retried.`,
        action: null,
      };
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
  if (s.status === 'canceled' && s.currentPeriodEnd) {
    // Ended before its period did (cancelled at once at the provider): no date to name.
    const endedEarly = new Date(s.currentPeriodEnd) > now;
    return {
      premium: false,
      line: endedEarly
        ? 'Your Premium has ended. Choose a plan to come back.'
        : `Your Premium ended on ${until}. Choose a plan to come back.`,
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
