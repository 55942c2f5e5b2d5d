import { sql } from 'drizzle-orm';
import type { NotificationType } from '#common/schemas/notifications';
import type { Database } from '#server/db/client.ts';
import { notificationPreferences, notifications } from '#server/db/schema/index.ts';
import { activeCommitWatcher } from './realtime/after-commit.ts';
import { PG_CHANNEL } from './realtime/events.ts';

export type { NotificationType };

/** A database or a transaction: notify writes in the caller's transaction, so it commits or rolls back with the event. */
export type NotifyExecutor = Pick<Database, 'execute'>;

/** The notification data SPEC §3 names; every field optional. */
export interface NotificationData {
  teamId?: number;
  conversationId?: number;
  reviewId?: number;
  requesterId?: number;
  senderId?: number;
  bookingId?: number;
  paymentId?: number;
  rating?: number;
  amount?: number;
}

export interface CreatedNotification {
  id: number;
  userId: number;
  type: NotificationType;
  title: string;
  message: string;
  isRead: boolean;
  data: NotificationData | null;
  createdAt: Date;
}

/**
 * The recipient's preference (SPEC §3) that silences each type. Types without a preference of
 * their own (connection, booking, payment, featured) are always delivered.
 */
const PREFERENCE_OF: Partial<Record<NotificationType, keyof typeof notificationPreferences.$inferSelect>> = {
  review: 'reviewNotifications',
  system: 'systemNotifications',
  message: 'messageNotifications',
  team_invite: 'teamInviteNotifications',
};

/**
 * The one way a feature tells someone something. Inserts the row in the caller's transaction,
 * unless the recipient turned that type off (no preferences row: everything on). Returns the row,
 * or null when the preference said no.
 *
 * Real-time delivery happens after commit, and never for a transaction that rolls back:
 * - PostgreSQL bus (default): the same statement calls pg_notify with the ids; PostgreSQL holds a
 *   NOTIFY sent inside a transaction until it commits and drops it on rollback.
 * - Redis bus (REDIS_URL): the statement returns the transaction's id, and the app's commit watcher
 *   publishes to Redis once PostgreSQL reports that transaction committed (realtime/after-commit.ts).
 * Every instance holding a socket of the recipient then loads the row and pushes it.
 */
export async function notify(
  executor: NotifyExecutor,
  userId: number,
  type: NotificationType,
  title: string,
  message: string,
  data?: NotificationData,
): Promise<CreatedNotification | null> {
  const preference = PREFERENCE_OF[type];
  // One statement: the preference check and the insert cannot disagree.
  const allowed = preference
    ? sql`coalesce((select ${notificationPreferences[preference]} from ${notificationPreferences}
        where ${notificationPreferences.userId} = ${userId}), true)`
    : sql`true`;
  const watcher = activeCommitWatcher();
  // pg_notify runs once per inserted row, so a silenced notification announces nothing either.
  const announce = watcher
    ? sql`pg_current_xact_id()::text`
    : sql`pg_notify(${PG_CHANNEL}, json_build_object('k', 'n', 'id', id, 'u', user_id)::text)::text`;
  const result = await executor.execute<{
    id: number;
    user_id: number;
    type: NotificationType;
    title: string;
    message: string;
    is_read: boolean;
    data: NotificationData | null;
    created_at: Date | string;
    announced: string;
  }>(sql`
    with inserted as (
      insert into ${notifications} (user_id, type, title, message, data)
      select ${userId}, ${type}, ${title}, ${message}, ${data ? JSON.stringify(data) : null}::jsonb
      where ${allowed}
      returning id, user_id, type, title, message, is_read, data, created_at)
    select id, user_id, type, title, message, is_read, data, created_at, ${announce} as announced
    from inserted`);
  const row = result.rows[0];
  if (!row) return null;
  watcher?.watch(row.announced, { k: 'n', id: row.id, u: row.user_id });
  return {
    id: row.id,
    userId: row.user_id,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: row.is_read,
    data: row.data,
    createdAt: new Date(row.created_at),
  };
}
