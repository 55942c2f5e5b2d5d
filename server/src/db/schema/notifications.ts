import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
// Relative, not #common: drizzle-kit loads this file without package.json's import map.
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

/** SPEC §3 preferences; a missing row means every preference is on. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  browserNotifications: boolean('browser_notifications').notNull().default(true),
  messageNotifications: boolean('message_notifications').notNull().default(true),
  reviewNotifications: boolean('review_notifications').notNull().default(true),
  teamInviteNotifications: boolean('team_invite_notifications').notNull().default(true),
  systemNotifications: boolean('system_notifications').notNull().default(true),
});
