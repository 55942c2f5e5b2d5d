import { type SQL, sql } from 'drizzle-orm';
import { PREMIUM_REQUIRED, type PremiumFeature } from '#common/premium';
import { ForbiddenError, type HttpError, UnauthorizedError } from '#server/errors.ts';
import type { RequestAuth } from '#server/http/request-auth.ts';
import { SIGN_IN_REQUIRED } from '#server/http/request-auth.ts';

/**
 * Who is Premium, written once: someone with a subscription that is active or trialing, or
 * cancelled but still inside the period they paid for, whose period has not ended. Past due is
 * not Premium. Every query that answers `isSubscribed` uses this; nothing a client sends does.
 */
export function isPremiumSql(userId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from subscriptions premium
    where premium.user_id = ${userId}
      and premium.status in ('active', 'trialing', 'canceled')
      and premium.current_period_end > now())`;
}

/**
 * The one Premium gate of the server: 401 for a visitor, 403 with a message naming Premium for a
 * free member. Services call it before doing anything Premium; never a silent empty answer.
 */
export function assertPremium(auth: Pick<RequestAuth, 'user'> | null, feature: PremiumFeature): void {
  if (!auth) throw new UnauthorizedError(SIGN_IN_REQUIRED);
  if (!auth.user.isSubscribed) throw premiumRequired(feature);
}

/** The refusal itself, for a gate with exceptions of its own (the person reviewed reads all their reviews). */
export function premiumRequired(feature: PremiumFeature): HttpError {
  return new ForbiddenError(PREMIUM_REQUIRED[feature]);
}

/** isPremiumSql's rule for one subscription row already read. */
export function isPremiumRow(
  row: { status: string; currentPeriodEnd: Date } | undefined,
  now: Date = new Date(),
): boolean {
  return (
    row !== undefined && ['active', 'trialing', 'canceled'].includes(row.status) && row.currentPeriodEnd > now
  );
}
