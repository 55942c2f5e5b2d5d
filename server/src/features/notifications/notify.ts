import { emailCategoryOf } from '#common/policies/email';
import type { NotificationType } from '#common/schemas/notifications';
import type { Database } from '#server/db/client.ts';
import { enqueueNotificationMail } from './notification-mail-queries.ts';
import { insertWantedNotification } from './queries.ts';
import { activeCommitWatcher } from './realtime/after-commit.ts';

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
  /** saved_search_match (issue 35). */
  savedSearchId?: number;
  count?: number;
  people?: { id: number; name: string }[];
  query?: Record<string, string | string[]>;
  /** call_application, application_update, call_match (issue 36). */
  callId?: number;
  applicationId?: number;
  calls?: { id: number; title: string }[];
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
 * The one way a feature tells someone something. Inserts the row in the caller's transaction,
 * unless the recipient turned that type off (no preferences row: everything on), and its mail
 * when the recipient wants that kind mailed at once (issue 32). Returns the row, or null when the
 * preference said no (and then nothing is mailed either).
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
  const watcher = activeCommitWatcher();
  const row = await insertWantedNotification(
    executor,
    { userId, type, title, message, data },
    watcher ? 'transaction id' : 'pg_notify',
  );
  if (!row) return null;
  // Issue 32: its mail is queued in the same transaction, rendered when the worker sends it.
  // Messages are mailed in batches per conversation, never one by one.
  const category = emailCategoryOf(type, data);
  if (category && category !== 'messages')
    await enqueueNotificationMail(executor, { id: row.id, userId }, category);
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
