import { DEFAULT_EMAIL_PREFERENCES, type EmailPreferenceKey } from '#common/policies/email';
import type { AllPreferences, UpdateAllPreferencesRequest } from '#common/schemas/email-preferences';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_MESSAGES,
  type Notification,
  type NotificationListResponse,
} from '#common/schemas/notifications';
import type { Database } from '#server/db/client.ts';
import { NotFoundError } from '#server/errors.ts';
import { EMAIL_FIELD_OF_KEY } from './email-preferences-queries.ts';
import { type CreatedNotification, type NotificationData, type NotificationType, notify } from './notify.ts';
import * as q from './queries.ts';
import type { RealtimeEvent } from './realtime/events.ts';

/** Tells every instance (after commit) that something changed; never throws. */
export type Publish = (event: RealtimeEvent) => void;

export function toNotification(row: q.NotificationRow | CreatedNotification): Notification {
  return {
    id: row.id,
    userId: row.userId,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    data: (row.data as Notification['data']) ?? null,
    // A notification just written asks what still waits: nothing is resolved yet.
    resolved: 'resolved' in row ? toResolved(row.resolved) : null,
  };
}

/** Issue 31: the outcome as the API gives it, its time in ISO 8601 like every other. */
function toResolved(raw: q.RawResolved | null): Notification['resolved'] {
  if (!raw) return null;
  return { status: raw.status, at: raw.at ? new Date(raw.at).toISOString() : null };
}

function parseCursor(cursor: string | undefined): q.Position | null {
  if (!cursor) return null;
  const [micros = '', id = ''] = cursor.split('.');
  return { micros, id: Number(id) };
}

export async function listNotifications(
  db: Database,
  userId: number,
  query: { unread: boolean; limit: number; cursor?: string | undefined },
): Promise<NotificationListResponse> {
  const [rows, unreadCount] = await Promise.all([
    q.listPage(db, userId, {
      unreadOnly: query.unread,
      limit: query.limit,
      after: parseCursor(query.cursor),
    }),
    q.unreadCount(db, userId),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    notifications: page.map(toNotification),
    unreadCount,
    nextCursor: rows.length > query.limit && last ? `${last.micros}.${last.id}` : null,
  };
}

export async function getUnreadCount(db: Database, userId: number) {
  return { unreadCount: await q.unreadCount(db, userId) };
}

/**
 * The four writes that change what a user's other tabs show. Each answers the unread count after
 * the change, read in the same transaction, and, once committed, announces the change so every tab
 * of that user (on any instance) receives unread_count_update.
 */
async function changeThen(
  db: Database,
  publish: Publish,
  userId: number,
  change: (tx: q.Executor) => Promise<void>,
) {
  const unreadCount = await db.transaction(async (tx) => {
    await change(tx);
    return q.unreadCount(tx, userId);
  });
  publish({ k: 'c', u: userId });
  return { unreadCount };
}

export function markRead(db: Database, publish: Publish, userId: number, id: number) {
  return changeThen(db, publish, userId, async (tx) => {
    const { found } = await q.markRead(tx, userId, id);
    if (!found) throw new NotFoundError(NOTIFICATION_MESSAGES.notFound);
  });
}

export function markAllRead(db: Database, publish: Publish, userId: number) {
  return changeThen(db, publish, userId, async (tx) => void (await q.markAllRead(tx, userId)));
}

export function deleteNotification(db: Database, publish: Publish, userId: number, id: number) {
  return changeThen(db, publish, userId, async (tx) => {
    if (!(await q.deleteOne(tx, userId, id))) throw new NotFoundError(NOTIFICATION_MESSAGES.notFound);
  });
}

export function clearAll(db: Database, publish: Publish, userId: number) {
  return changeThen(db, publish, userId, async (tx) => void (await q.deleteAll(tx, userId)));
}

const EMAIL_KEYS = Object.keys(EMAIL_FIELD_OF_KEY) as EmailPreferenceKey[];

/** SPEC §3's five keys, and beside them the seven e-mail keys of issue 32. */
function toPreferences(row: q.PreferencesRow | null): AllPreferences {
  if (!row)
    return {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      ...DEFAULT_EMAIL_PREFERENCES,
      call_match_notifications: false,
    };
  const email = { ...DEFAULT_EMAIL_PREFERENCES };
  for (const key of EMAIL_KEYS) email[key] = row[EMAIL_FIELD_OF_KEY[key]];
  return {
    browser_notifications: row.browserNotifications,
    message_notifications: row.messageNotifications,
    review_notifications: row.reviewNotifications,
    team_invite_notifications: row.teamInviteNotifications,
    system_notifications: row.systemNotifications,
    ...email,
    call_match_notifications: row.callMatchNotifications,
  };
}

export async function getPreferences(db: Database, userId: number) {
  return toPreferences(await q.findPreferences(db, userId));
}

export async function updatePreferences(
  db: Database,
  userId: number,
  changes: UpdateAllPreferencesRequest,
): Promise<AllPreferences> {
  const set: Partial<Omit<q.PreferencesRow, 'userId'>> = {};
  if (changes.browser_notifications !== undefined) set.browserNotifications = changes.browser_notifications;
  if (changes.message_notifications !== undefined) set.messageNotifications = changes.message_notifications;
  if (changes.review_notifications !== undefined) set.reviewNotifications = changes.review_notifications;
  if (changes.team_invite_notifications !== undefined) {
    set.teamInviteNotifications = changes.team_invite_notifications;
  }
  if (changes.system_notifications !== undefined) set.systemNotifications = changes.system_notifications;
  if (changes.call_match_notifications !== undefined)
    set.callMatchNotifications = changes.call_match_notifications;
  for (const key of EMAIL_KEYS) {
    const value = changes[key];
    if (value !== undefined) set[EMAIL_FIELD_OF_KEY[key]] = value;
  }
  if (Object.keys(set).length === 0) return getPreferences(db, userId);
  return toPreferences(await q.upsertPreferences(db, userId, set));
}

/** POST /api/notifications/test: the user notifies themself through notify(), like any feature. */
export async function sendTestNotification(
  db: Database,
  userId: number,
  input: { type: NotificationType; title: string; message: string; data?: NotificationData | undefined },
) {
  const created = await notify(db, userId, input.type, input.title, input.message, input.data);
  return { notification: created ? toNotification(created) : null };
}
