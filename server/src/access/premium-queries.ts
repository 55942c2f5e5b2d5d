import { type SQL, sql } from 'drizzle-orm';
import { PREMIUM_STATUSES } from '#common/policies/premium';

const premiumStatuses = sql.raw(PREMIUM_STATUSES.map((status) => `'${status}'`).join(', '));

/**
 * The Premium rule of common/src/policies/premium.ts as SQL, for every query that answers
 * `isSubscribed` (sign-in, profiles, search). The statuses are written into the text (they are
 * constants), so prepared statements keep one plan.
 */
export function isPremiumSql(userId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from subscriptions premium
    where premium.user_id = ${userId}
      and premium.status in (${premiumStatuses})
      and premium.current_period_end > now())`;
}
