import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { NotificationOutcome, NotificationType } from '#common/schemas/notifications';
import type { Database } from '#server/db/client.ts';
import {
  bookings,
  connections,
  notificationPreferences,
  notifications,
  sessions,
  teamMembers,
} from '#server/db/schema/index.ts';
import { PG_CHANNEL } from './realtime/events.ts';

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** A number the data names, as an int, or null when it is none (so no cast can fail a list). */
const dataId = (key: 'bookingId' | 'teamId' | 'requesterId') =>
  sql`(case when (${notifications.data} ->> ${sql.raw(`'${key}'`)}) ~ '^[0-9]{1,9}$'
    then (${notifications.data} ->> ${sql.raw(`'${key}'`)})::int end)`;

/** The object asked about is gone (a deleted account, a withdrawn invitation or request). */
const WITHDRAWN = sql`'{"status":"withdrawn","at":null}'::jsonb`;
/** Still waiting for an answer: JSON null, which the coalesce with WITHDRAWN keeps. */
const WAITING = sql`'null'::jsonb`;

/**
 * Issue 31: how the object a notification asked about stands now, read in the notification's own
 * query (one correlated lookup by primary key or unique index per row, no second round trip).
 * SQL null for types that ask nothing; JSON null while it waits; else {status, at}.
 *  - booking_request: requested, or a hold not agreed yet, waits; an agreed hold is accepted (at
 *    hold_agreed_at, which a move from second to first hold leaves alone); accepted or completed is
 *    accepted, or confirmed when it was a hold agreed and then confirmed; declined, cancelled and
 *    expired are themselves; all at status_changed_at (completing and paying leave it alone).
 *  - team_invite: the recipient's membership row: invited waits, accepted or declined at its answer.
 *  - connection_request: the pair's row; accepted is accepted; a row the recipient now asks from
 *    the other side means they declined first; pending waits; declined is declined.
 */
const resolvedSql = sql<RawResolved | null>`(case
  when ${notifications.type} = 'booking_request' and ${dataId('bookingId')} is not null then coalesce((
    select case
      when b.status = 'requested' or (b.status in ('hold_first', 'hold_second') and b.hold_agreed_at is null)
        then ${WAITING}
      when b.status in ('hold_first', 'hold_second')
        then jsonb_build_object('status', 'accepted', 'at', b.hold_agreed_at)
      when b.status in ('accepted', 'completed')
        then jsonb_build_object('status', case when b.hold_agreed_at is null then 'accepted' else 'confirmed' end,
          'at', b.status_changed_at)
      else jsonb_build_object('status', b.status, 'at', b.status_changed_at)
    end
    from ${bookings} b where b.id = ${dataId('bookingId')}), ${WITHDRAWN})
  when ${notifications.type} = 'team_invite' and ${dataId('teamId')} is not null then coalesce((
    select case when tm.status = 'invited' then ${WAITING}
      else jsonb_build_object('status', tm.status, 'at', tm.responded_at) end
    from ${teamMembers} tm where tm.team_id = ${dataId('teamId')} and tm.user_id = ${notifications.userId}
  ), ${WITHDRAWN})
  when ${notifications.type} = 'connection_request' and ${dataId('requesterId')} is not null then coalesce((
    select case
      when c.status = 'accepted' then jsonb_build_object('status', 'accepted', 'at', c.responded_at)
      when c.requester_id = ${notifications.userId} then jsonb_build_object('status', 'declined', 'at', null)
      when c.status = 'pending' then ${WAITING}
      else jsonb_build_object('status', 'declined', 'at', c.responded_at)
    end
    from ${connections} c
    where least(c.requester_id, c.addressee_id) = least(${notifications.userId}, ${dataId('requesterId')})
      and greatest(c.requester_id, c.addressee_id) = greatest(${notifications.userId}, ${dataId('requesterId')})
  ), ${WITHDRAWN})
end)`;

/** `resolved` as PostgreSQL writes it: `at` is a timestamptz in JSON's words. */
export interface RawResolved {
  status: NotificationOutcome;
  at: string | null;
}

const columns = {
  id: notifications.id,
  userId: notifications.userId,
  type: notifications.type,
  title: notifications.title,
  message: notifications.message,
  isRead: notifications.isRead,
  data: notifications.data,
  createdAt: notifications.createdAt,
  resolved: resolvedSql,
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
  resolved: RawResolved | null;
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
    .where(askedBy(asked))
    .returning({ userId: notifications.userId });
  return [...new Set(rows.map((row) => row.userId))];
}

const askedBy = (asked: AskedNotification[]) =>
  or(
    ...asked.map((one) =>
      and(
        eq(notifications.userId, one.userId),
        eq(notifications.type, one.type),
        sql`${notifications.data} @> ${JSON.stringify(one.data)}::jsonb`,
      ),
    ),
  );

/**
 * Issue 31: the notifications that asked what was just answered, their recipients, and whether
 * each was unread; those of `readBy` (who answered it themselves) are marked read.
 */
export async function settleAsked(
  db: Executor,
  asked: AskedNotification[],
  readBy: number | null,
): Promise<{ id: number; userId: number }[]> {
  if (asked.length === 0) return [];
  const rows = await db
    .select({ id: notifications.id, userId: notifications.userId })
    .from(notifications)
    .where(askedBy(asked));
  const mine = rows.filter((row) => row.userId === readBy).map((row) => row.id);
  if (mine.length > 0)
    await db
      .update(notifications)
      .set({ isRead: true })
      .where(and(inArray(notifications.id, mine), sql`not ${notifications.isRead}`));
  return rows;
}
