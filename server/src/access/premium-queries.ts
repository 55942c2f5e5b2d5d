import { type SQL, sql } from 'drizzle-orm';
import { PREMIUM_GRACE_STATUS, PREMIUM_PAID_STATUSES } from '#common/policies/premium';
import { PREMIUM_PAST_DUE_GRACE_DAYS } from '#common/premium';

const paidStatuses = sql.raw(PREMIUM_PAID_STATUSES.map((status) => `'${status}'`).join(', '));
const graceStatus = sql.raw(`'${PREMIUM_GRACE_STATUS}'`);
const grace = sql.raw(`interval '${Number(PREMIUM_PAST_DUE_GRACE_DAYS)} days'`);

/**
 * The Premium rule of common/src/policies/premium.ts (isPremium) for one subscriptions row named
 * `row` in the query: paid (active, trialing) or past due within the grace period, the period not
 * over and the subscription not ended. The constants are written into the text, so prepared
 * statements keep one plan.
 */
export function premiumSubscriptionSql(row: string): SQL<boolean> {
  const r = sql.raw(row);
  return sql<boolean>`(${r}.current_period_end > now()
      and (${r}.ended_at is null or ${r}.ended_at > now())
      and (${r}.status in (${paidStatuses})
        or (${r}.status = ${graceStatus} and ${r}.status_since + ${grace} > now())))`;
}

/** Whether the member is Premium, for every query that answers `isSubscribed` (sign-in, profiles, search). */
export function isPremiumSql(userId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from subscriptions premium
    where premium.user_id = ${userId} and ${premiumSubscriptionSql('premium')})`;
}
