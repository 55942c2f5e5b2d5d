import { PREMIUM_PAST_DUE_GRACE_DAYS } from '../premium.ts';
/** Statuses of a paid-up subscription. */
export const PREMIUM_PAID_STATUSES = ['active', 'trialing'] as const;
/** A failed renewal: Premium for PREMIUM_PAST_DUE_GRACE_DAYS from when it became past due. */
export const PREMIUM_GRACE_STATUS = 'past_due';
export const PREMIUM_GRACE_MS = PREMIUM_PAST_DUE_GRACE_DAYS * 24 * 60 * 60_000;

/** What the rule reads of a subscription row. */
export interface PremiumFacts {
  status: string;
  currentPeriodEnd: Date;
  /** When the subscription ended (Stripe's `ended_at`); null while it runs. */
  endedAt: Date | null;
  /** When `status` took its current value. */
  statusSince: Date;
}

/**
 * Who is Premium, written once: someone with a subscription that was paid for. Its status is
 * active or trialing, or past due for less than PREMIUM_PAST_DUE_GRACE_DAYS; its period has not
 * ended; and it has not ended (ended_at unset or still ahead). A member who cancelled at the
 * period's end keeps status active (with cancelAtPeriodEnd) and so stays Premium to the end of
 * the period paid for. `canceled` means ended, and `incomplete` (a first payment that never
 * went through), `unpaid` and `paused` are never Premium. The server's SQL (isPremiumSql) says
 * exactly this; nothing a client sends decides it.
 */
export function isPremium(subscription: PremiumFacts | undefined, now: Date = new Date()): boolean {
  if (subscription === undefined) return false;
  if (subscription.currentPeriodEnd <= now) return false;
  if (subscription.endedAt !== null && subscription.endedAt <= now) return false;
  if ((PREMIUM_PAID_STATUSES as readonly string[]).includes(subscription.status)) return true;
  return (
    subscription.status === PREMIUM_GRACE_STATUS &&
    now.getTime() < subscription.statusSince.getTime() + PREMIUM_GRACE_MS
  );
}

/** A signed-in member whose `isSubscribed` (read from isPremium's rule, never from the client) is set. */
export const hasPremium = (member: { isSubscribed: boolean } | null) => member?.isSubscribed === true;
