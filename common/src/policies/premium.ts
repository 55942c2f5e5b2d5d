/**
 * Who is Premium, written once: someone with a subscription that is active or trialing, or
 * cancelled but still inside the period they paid for, whose period has not ended. Past due is
 * not Premium. The server's SQL (isPremiumSql) is built from the same statuses; nothing a client
 * sends decides it.
 */
export const PREMIUM_STATUSES = ['active', 'trialing', 'canceled'] as const;

export function isPremium(
  subscription: { status: string; currentPeriodEnd: Date } | undefined,
  now: Date = new Date(),
): boolean {
  return (
    subscription !== undefined &&
    (PREMIUM_STATUSES as readonly string[]).includes(subscription.status) &&
    subscription.currentPeriodEnd > now
  );
}

/** A signed-in member whose `isSubscribed` (read from isPremium's rule, never from the client) is set. */
export const hasPremium = (member: { isSubscribed: boolean } | null) => member?.isSubscribed === true;
