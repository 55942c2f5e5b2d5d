import { type SQL, sql } from 'drizzle-orm';
import {
  EMAIL_CATEGORY_DEFAULTS,
  EMAIL_DIGEST_KEY,
  EMAIL_PREFERENCE_KEYS,
  type EmailCategory,
  type EmailPreferenceKey,
} from '#common/policies/email';
import { notificationPreferences, users } from '#server/db/schema/index.ts';
import type { Executor, PreferencesRow } from './queries.ts';

/** The row's field of each e-mail preference key (the column is named as the key). */
export const EMAIL_FIELD_OF_KEY = {
  [EMAIL_PREFERENCE_KEYS.bookings]: 'emailBookingNotifications',
  [EMAIL_PREFERENCE_KEYS.messages]: 'emailMessageNotifications',
  [EMAIL_PREFERENCE_KEYS.teams]: 'emailTeamNotifications',
  [EMAIL_PREFERENCE_KEYS.reviews]: 'emailReviewNotifications',
  [EMAIL_PREFERENCE_KEYS.payments]: 'emailPaymentNotifications',
  [EMAIL_PREFERENCE_KEYS.product_news]: 'emailProductNews',
  [EMAIL_PREFERENCE_KEYS.saved_searches]: 'emailSavedSearchNotifications',
  [EMAIL_PREFERENCE_KEYS.call_matches]: 'emailCallMatchNotifications',
  [EMAIL_DIGEST_KEY]: 'emailDailyDigest',
} as const satisfies Record<EmailPreferenceKey, keyof PreferencesRow>;

const columnOf = (category: EmailCategory) =>
  notificationPreferences[EMAIL_FIELD_OF_KEY[EMAIL_PREFERENCE_KEYS[category]]];

/** `true`/`false` as SQL, for a default that has no row to come from. */
const literal = (value: boolean) => (value ? sql.raw('true') : sql.raw('false'));

/**
 * The one rule of who is mailed (issue 32), as SQL over `users u left join notification_preferences
 * p`: a verified address, not suspended, and the category on (its default without a row).
 */
function wantedWhere(userId: number | SQL, category: EmailCategory): SQL {
  return sql`u.id = ${userId}
    and u.email_verified_at is not null
    and u.suspended_at is null
    and u.deleted_at is null
    and coalesce(p.${sql.identifier(columnOf(category).name)}, ${literal(EMAIL_CATEGORY_DEFAULTS[category])})`;
}

/**
 * A derived table of at most one row, `(email text, digest boolean)`: the member's address and
 * whether they chose the daily digest, when they are to be mailed about `category`; no row
 * otherwise. For an INSERT … SELECT that queues a mail in the same statement as the notification
 * (so the check and the write cannot disagree):
 *
 *   insert into mail_outbox (…) select r.email, … from ${emailRecipientSql(userId, 'bookings')} r
 *
 * `userId` may be a number or SQL naming a column of the outer query (a lateral join).
 */
export function emailRecipientSql(userId: number | SQL, category: EmailCategory): SQL {
  return sql`(select u.email as email, coalesce(p.email_daily_digest, false) as digest
    from ${users} u left join ${notificationPreferences} p on p.user_id = u.id
    where ${wantedWhere(userId, category)})`;
}

/** The same rule as a boolean SQL expression: `where ${emailWantedSql(n.user_id, 'teams')}`. */
export function emailWantedSql(userId: number | SQL, category: EmailCategory): SQL {
  return sql`exists (select 1 from ${users} u left join ${notificationPreferences} p on p.user_id = u.id
    where ${wantedWhere(userId, category)})`;
}

export async function findEmailRecipient(
  db: Pick<Executor, 'execute'>,
  userId: number,
  category: EmailCategory,
): Promise<{ email: string; digest: boolean } | null> {
  const result = await db.execute<{ email: string; digest: boolean }>(
    sql`select r.email, r.digest from ${emailRecipientSql(userId, category)} r`,
  );
  return result.rows[0] ?? null;
}

/**
 * Turns one category on or off for a member (the other preferences keep their value or default).
 * A member who no longer exists is left alone: false.
 */
export async function setEmailCategory(
  db: Pick<Executor, 'execute'>,
  userId: number,
  category: EmailCategory,
  on: boolean,
): Promise<boolean> {
  const column = sql.identifier(columnOf(category).name);
  const result = await db.execute(sql`
    insert into ${notificationPreferences} (user_id, ${column})
    select id, ${on} from ${users} where id = ${userId}
    on conflict (user_id) do update set ${column} = excluded.${column}`);
  return (result.rowCount ?? 0) > 0;
}
