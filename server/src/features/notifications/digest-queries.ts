import { eq, sql } from 'drizzle-orm';
import type { NotificationType } from '#common/schemas/notifications';
import {
  notificationDigests,
  notificationPreferences,
  notifications,
  users,
} from '#server/db/schema/index.ts';
import type { Executor } from './queries.ts';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Members whose digest may be written at `now`, by id from `after`: the digest chosen, a verified
 * address, not suspended, none written in the last 24 hours, and some notification created since
 * the last look (no listing yet: the last 24 hours). One index probe on notifications per member
 * who chose the digest; a look that finds nothing moves `listed_through`, so it is not read again.
 */
export async function dueDigestMembers(
  db: Executor,
  now: Date,
  after: number,
  limit: number,
): Promise<number[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const { rows } = await db.execute<{ id: number }>(sql`
    select u.id from ${users} u
      join ${notificationPreferences} p on p.user_id = u.id and p.email_daily_digest
      left join ${notificationDigests} d on d.user_id = u.id
    where u.id > ${after} and u.email_verified_at is not null and u.suspended_at is null and u.deleted_at is null
      and (d.last_digest_at is null or d.last_digest_at <= ${at} - make_interval(secs => ${DAY_SECONDS}))
      and exists (select 1 from ${notifications} n where n.user_id = u.id
        and n.created_at > coalesce(d.listed_through, ${at} - make_interval(secs => ${DAY_SECONDS}))
        and n.created_at <= ${at})
    order by u.id
    limit ${limit}`);
  return rows.map((row) => row.id);
}

/**
 * Holds the member's digest for the caller's transaction (another instance's sweep answers false
 * and moves on), and answers from when its notifications are to be listed, or null when a digest
 * went in the last 24 hours after all (another instance wrote it just now).
 */
export async function takeDigest(db: Executor, userId: number, now: Date): Promise<Date | null> {
  const lock = await db.execute<{ taken: boolean }>(
    sql`select pg_try_advisory_xact_lock(hashtext('notification_digest'), ${userId}) as taken`,
  );
  if (!lock.rows[0]?.taken) return null;
  // A statement of its own, after the lock: it sees what a sweep that held the lock committed.
  const [row] = await db
    .select({
      lastDigestAt: notificationDigests.lastDigestAt,
      listedThrough: notificationDigests.listedThrough,
    })
    .from(notificationDigests)
    .where(eq(notificationDigests.userId, userId));
  const dayAgo = now.getTime() - DAY_SECONDS * 1000;
  if (row?.lastDigestAt && row.lastDigestAt.getTime() > dayAgo) return null;
  return row?.listedThrough ?? new Date(dayAgo);
}

export interface DigestNotification {
  id: number;
  type: NotificationType;
  title: string;
  message: string;
  data: Record<string, unknown> | null;
  createdAt: Date;
}

/**
 * The member's notifications created in (`since`, `now`], oldest first, that they have not seen:
 * not marked read, and for a message, its conversation not read since it came.
 */
export async function unseenNotifications(
  db: Executor,
  userId: number,
  since: Date,
  now: Date,
  limit: number,
): Promise<DigestNotification[]> {
  const { rows } = await db.execute<{
    id: number;
    type: NotificationType;
    title: string;
    message: string;
    data: Record<string, unknown> | null;
    created_at: string | Date;
  }>(sql`
    select n.id, n.type, n.title, n.message, n.data, n.created_at from ${notifications} n
    where n.user_id = ${userId} and not n.is_read
      and n.created_at > ${since.toISOString()}::timestamptz and n.created_at <= ${now.toISOString()}::timestamptz
      and (n.type <> 'message' or not exists (select 1 from conversation_members cm
        where cm.user_id = n.user_id and cm.conversation_id = (n.data->>'conversationId')::int
          and cm.read_at >= n.created_at))
    order by n.created_at, n.id
    limit ${limit}`);
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    data: row.data,
    createdAt: new Date(row.created_at),
  }));
}

/** The look is done up to `now`; `mailed`: a digest went. */
export async function markDigest(db: Executor, userId: number, now: Date, mailed: boolean): Promise<void> {
  const at = now.toISOString();
  await db.execute(sql`
    insert into ${notificationDigests} (user_id, listed_through, last_digest_at)
    values (${userId}, ${at}::timestamptz, ${mailed ? at : null}::timestamptz)
    on conflict (user_id) do update set listed_through = excluded.listed_through,
      last_digest_at = coalesce(excluded.last_digest_at, ${notificationDigests.lastDigestAt})`);
}
