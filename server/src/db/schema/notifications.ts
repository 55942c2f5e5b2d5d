import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
// Relative, not #common: drizzle-kit loads this file without package.json's import map.
import { EMAIL_CATEGORY_DEFAULTS } from '../../../../common/src/policies/email.ts';
import { NOTIFICATION_TYPES } from '../../../../common/src/schemas/notifications.ts';
import { users } from './users.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    // The bell's question: "unread for this user, newest first".
    index('notifications_user_unread_idx').on(t.userId, t.createdAt, t.id).where(sql`not ${t.isRead}`),
  ],
);

/** SPEC §3 preferences and issue 32's e-mail ones; a missing row means the defaults (every SPEC one on). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  browserNotifications: boolean('browser_notifications').notNull().default(true),
  messageNotifications: boolean('message_notifications').notNull().default(true),
  reviewNotifications: boolean('review_notifications').notNull().default(true),
  teamInviteNotifications: boolean('team_invite_notifications').notNull().default(true),
  systemNotifications: boolean('system_notifications').notNull().default(true),
  // Issue 32: e-mail per category (EMAIL_PREFERENCE_KEYS, EMAIL_CATEGORY_DEFAULTS), and the digest.
  emailBookingNotifications: boolean('email_booking_notifications')
    .notNull()
    .default(EMAIL_CATEGORY_DEFAULTS.bookings),
  emailMessageNotifications: boolean('email_message_notifications')
    .notNull()
    .default(EMAIL_CATEGORY_DEFAULTS.messages),
  emailTeamNotifications: boolean('email_team_notifications')
    .notNull()
    .default(EMAIL_CATEGORY_DEFAULTS.teams),
  emailReviewNotifications: boolean('email_review_notifications')
    .notNull()
    .default(EMAIL_CATEGORY_DEFAULTS.reviews),
  emailPaymentNotifications: boolean('email_payment_notifications')
    .notNull()
    .default(EMAIL_CATEGORY_DEFAULTS.payments),
  emailProductNews: boolean('email_product_news').notNull().default(EMAIL_CATEGORY_DEFAULTS.product_news),
  // Issue 35: saved-search alerts.
  emailSavedSearchNotifications: boolean('email_saved_search_notifications')
    .notNull()
    .default(EMAIL_CATEGORY_DEFAULTS.saved_searches),
  // Issue 36: the opt-in (off by default) to call_match alerts, and whether they are mailed too.
  emailCallMatchNotifications: boolean('email_call_match_notifications')
    .notNull()
    .default(EMAIL_CATEGORY_DEFAULTS.call_matches),
  callMatchNotifications: boolean('call_match_notifications').notNull().default(false),
  emailDailyDigest: boolean('email_daily_digest').notNull().default(false),
});
