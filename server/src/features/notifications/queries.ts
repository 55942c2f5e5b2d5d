import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { NotificationType } from '#common/schemas/notifications';
import type { Database } from '#server/db/client.ts';
import { notificationPreferences, notifications, sessions } from '#server/db/schema/index.ts';
import { PG_CHANNEL } from './realtime/events.ts';

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

const columns = {
  id: notifications.id,
  userId: notifications.userId,
  type: notifications.type,
  title: notifications.title,
  message: notifications.message,
  isRead: notifications.isRead,
  data: notifications.data,
  createdAt: notifications.createdAt,
};

export type NotificationRow = {
  id: number;
  userId: number;
  type: (typeof notifications.$inferSelect)['type'];
  title: string;
  message: string;
  isRead: boolean;
  data: Record<string, unknown> | null;
  createdAt: Date;
};

/**
 * The recipient's preference (SPEC §3) that silences each type. Types without a preference of
 * their own (connection, booking, payment, featured) are always delivered.
 */
const PREFERENCE_OF: Partial<Record<NotificationType, keyof PreferencesRow>> = {
  review: 'reviewNotifications',
  system: 'systemNotifications',
  message: 'messageNotifications',
  team_invite: 'teamInviteNotifications',
};

/**
 * How a written notification is announced: a NOTIFY that PostgreSQL holds until commit, or the
 * transaction's id returned for the commit watcher (realtime/after-commit.ts).
 */
type Announcement = 'pg_notify' | 'transaction id';

/**
 * Inserts a notification unless the recipient turned its type off, and announces it, in one
 * statement: the preference check and the insert cannot disagree. `announced` holds the
 * transaction's id when that is the announcement asked for.
 */
export async function insertWantedNotification<Data extends object>(
  executor: Pick<Database, 'execute'>,
  values: { userId: number; type: NotificationType; title: string; message: string; data: Data | undefined },
  announcement: Announcement,
) {
  const { userId, type, title, message, data } = values;
  const preference = PREFERENCE_OF[type];
  const allowed = preference
    ? sql`coalesce((select ${notificationPreferences[preference]} from ${notificationPreferences}
        where ${notificationPreferences.userId} = ${userId}), true)`
    : sql`true`;
  // pg_notify runs once per inserted row, so a silenced notification announces nothing either.
  const announce =
    announcement === 'transaction id'
      ? sql`pg_current_xact_id()::text`
      : sql`pg_notify(${PG_CHANNEL}, json_build_object('k', 'n', 'id', id, 'u', user_id)::text)::text`;
  const result = await executor.execute<{
    id: number;
    user_id: number;
    type: NotificationType;
    title: string;
    message: string;
    is_read: boolean;
    data: Data | null;
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
  return result.rows[0];
}

/** Position of a row in "newest first": microseconds since the epoch of createdAt, and the id. */
export interface Position {
  micros: string;
  id: number;
}

/**
 * One page of a user's notifications, newest first, after `after` if given; `limit + 1` rows are
 * read so the caller knows whether another page follows. Served by notifications_user_created_idx,
 * or notifications_user_unread_idx for unread only, read backwards.
 */
export function listPage(
  db: Executor,
  userId: number,
  options: { unreadOnly: boolean; limit: number; after: Position | null },
) {
  const { unreadOnly, limit, after } = options;
  return db
    .select({
      ...columns,
      // numeric in PostgreSQL 14+, so exact to the microsecond.
      micros: sql<string>`(extract(epoch from ${notifications.createdAt}) * 1000000)::bigint::text`,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        unreadOnly ? sql`not ${notifications.isRead}` : undefined,
        after
          ? sql`(${notifications.createdAt}, ${notifications.id}) <
              (timestamptz 'epoch' + (${after.micros} || ' microseconds')::interval, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1);
}

export async function unreadCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`not ${notifications.isRead}`));
  return row?.n ?? 0;
}

/** Unread counts of many users in one statement; a user without unread notifications is absent. */
export async function unreadCounts(db: Executor, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: notifications.userId, n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), sql`not ${notifications.isRead}`))
    .groupBy(notifications.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}

/** The rows a hub pushes: by id, whoever they belong to (the hub checks the recipient). */
export function byIds(db: Executor, ids: number[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select(columns).from(notifications).where(inArray(notifications.id, ids));
}

/**
 * The users' notifications written since `since`, oldest first, at most `limit`: what a hub re-sends
 * after its bus subscription was broken (the client drops any it already holds, by id).
 */
export function createdSince(db: Executor, userIds: number[], since: Date, limit: number) {
  if (userIds.length === 0) return Promise.resolve([] as NotificationRow[]);
  return db
    .select(columns)
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), sql`${notifications.createdAt} >= ${since}`))
    .orderBy(notifications.createdAt, notifications.id)
    .limit(limit);
}

/**
 * Marks one of the user's notifications read. found: it exists and is theirs; changed: it was
 * unread. One statement, so "not yours" and "not there" are the same answer and change nothing.
 */
export async function markRead(db: Executor, userId: number, id: number) {
  const result = await db.execute<{ found: number; changed: number }>(sql`
    with target as (
      select id, is_read from ${notifications} where id = ${id} and user_id = ${userId}
    ), changed as (
      update ${notifications} n set is_read = true from target
      where n.id = target.id and not target.is_read
      returning n.id
    )
    select (select count(*) from target)::int as found, (select count(*) from changed)::int as changed`);
  const row = result.rows[0];
  return { found: (row?.found ?? 0) > 0, changed: (row?.changed ?? 0) > 0 };
}

export async function markAllRead(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), sql`not ${notifications.isRead}`))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Deletes one of the user's notifications; false when there is none of that id that is theirs. */
export async function deleteOne(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function deleteAll(db: Executor, userId: number): Promise<number> {
  const result = await db.execute(sql`delete from ${notifications} where user_id = ${userId}`);
  return result.rowCount ?? 0;
}

export type PreferencesRow = typeof notificationPreferences.$inferSelect;

export async function findPreferences(db: Executor, userId: number): Promise<PreferencesRow | null> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ?? null;
}

/** Writes the given preferences (the others keep their value, or the default: on). */
export async function upsertPreferences(
  db: Executor,
  userId: number,
  changes: Partial<Omit<PreferencesRow, 'userId'>>,
): Promise<PreferencesRow> {
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: changes })
    .returning();
  if (!row) throw new Error('preferences upsert returned no row');
  return row;
}

/** Of these sessions, the ones that still exist and have not expired. */
export async function liveSessions(db: Executor, sessionIds: number[]): Promise<Set<number>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, sessionIds), sql`${sessions.expiresAt} > now()`));
  return new Set(rows.map((r) => r.id));
}

/** A notification that asked something of its recipient, by its type and what its data names. */
export interface AskedNotification {
  userId: number;
  type: NotificationType;
  data: Record<string, number>;
}

/**
 * Deletes the notifications that asked what was since withdrawn (a request, hold or invitation
 * ended by a block): the recipient can no longer answer them. Answers the recipients touched.
 */
export async function deleteAsked(db: Executor, asked: AskedNotification[]): Promise<number[]> {
  if (asked.length === 0) return [];
  const rows = await db
    .delete(notifications)
    .where(
      or(
        ...asked.map((one) =>
          and(
            eq(notifications.userId, one.userId),
            eq(notifications.type, one.type),
            sql`${notifications.data} @> ${JSON.stringify(one.data)}::jsonb`,
          ),
        ),
      ),
    )
    .returning({ userId: notifications.userId });
  return [...new Set(rows.map((row) => row.userId))];
}
