import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { callMatchDays, callMatches, callMatchQueue } from '#server/db/schema/index.ts';

export type Executor = Pick<Database, 'execute'>;

/**
 * A call crew may still hear of: open, not hidden, its closing day not passed, its owner live
 * (the public list's rule, queries.ts `listable`), over `crew_calls c`.
 */
const alertable = (today: string) => sql`c.status = 'open' and c.hidden_at is null
  and c.apply_by >= ${today}::date
  and exists (select 1 from users o where o.id = c.owner_id and o.suspended_at is null and o.deleted_at is null)`;

/**
 * Who a call is for, over `crew_calls c` and `users u`: the member opted in to call_match, has
 * the call's role, lives in its place (the town before any comma, in any case: "Atlanta" and
 * "atlanta, GA" are one place), is not its poster, is live, and neither blocked the other.
 */
const matching = sql`exists (select 1 from user_roles ur where ur.user_id = u.id and ur.role_id = c.role_id)
  and exists (select 1 from notification_preferences p where p.user_id = u.id and p.call_match_notifications)
  and u.id <> c.owner_id and u.suspended_at is null and u.deleted_at is null
  and lower(btrim(split_part(u.location, ',', 1))) = lower(btrim(split_part(c.location, ',', 1)))
  and btrim(split_part(c.location, ',', 1)) <> ''
  and not exists (select 1 from blocks b where (b.blocker_id = u.id and b.blocked_id = c.owner_id)
    or (b.blocker_id = c.owner_id and b.blocked_id = u.id))`;

/** Takes up to `limit` new calls off the queue (another instance's are skipped, not waited for). */
export async function takeNewCalls(db: Executor, limit: number): Promise<number[]> {
  const { rows } = await db.execute<{ call_id: number }>(sql`
    delete from ${callMatchQueue} q
    where q.call_id in (
      select call_id from ${callMatchQueue} order by queued_at, call_id limit ${limit} for update skip locked)
    returning q.call_id`);
  return rows.map((row) => row.call_id);
}

/** Puts calls back on the queue (a run that failed after taking them). */
export async function requeueCalls(db: Executor, callIds: number[]): Promise<void> {
  if (callIds.length === 0) return;
  await db.execute(sql`
    insert into ${callMatchQueue} (call_id)
    select c.id from crew_calls c where c.id = any(${sql.param(callIds)}::integer[])
    on conflict (call_id) do nothing`);
}

/**
 * Records who each of these calls is for; the opted-in members are few, so the search starts from
 * them (the preference is off by default). Answers how many matches were new.
 */
export async function recordMatches(db: Executor, callIds: number[], today: string): Promise<number> {
  if (callIds.length === 0) return 0;
  const { rows } = await db.execute<{ user_id: number }>(sql`
    insert into ${callMatches} (user_id, call_id)
    select u.id, c.id
    from crew_calls c
    join notification_preferences p on p.call_match_notifications
    join users u on u.id = p.user_id
    where c.id = any(${sql.param(callIds)}::integer[]) and ${alertable(today)} and ${matching}
    on conflict (user_id, call_id) do nothing
    returning user_id`);
  return rows.length;
}

/** Members with matches waiting whose day is free (no call_match yet today), after `afterId`. */
export async function membersWaiting(db: Executor, today: string, afterId: number, limit: number) {
  const { rows } = await db.execute<{ user_id: number }>(sql`
    select distinct m.user_id from ${callMatches} m
    where m.notified_at is null and m.user_id > ${afterId}
      and not exists (select 1 from ${callMatchDays} d where d.user_id = m.user_id and d.alerted_on >= ${today}::date)
    order by m.user_id limit ${limit}`);
  return rows.map((row) => row.user_id);
}

/** Takes the member's day for a call_match: false when one went out today already. */
export async function claimDay(tx: Executor, userId: number, today: string): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    insert into ${callMatchDays} (user_id, alerted_on) values (${userId}, ${today}::date)
    on conflict (user_id) do update set alerted_on = excluded.alerted_on
      where ${callMatchDays}.alerted_on < excluded.alerted_on
    returning user_id`);
  return rows.length > 0;
}

export interface MatchedCall extends Record<string, unknown> {
  id: number;
  title: string;
  location: string;
  start_date: string;
}

/**
 * Marks the member's waiting matches told, answering those still worth telling, oldest first: a
 * call closed, hidden or expired since, or one the member no longer matches (opted out, blocked,
 * moved, changed roles), is dropped without a word.
 */
export async function takeWaiting(tx: Executor, userId: number, today: string): Promise<MatchedCall[]> {
  const { rows } = await tx.execute<MatchedCall & { found_at: Date }>(sql`
    with taken as (
      update ${callMatches} set notified_at = now()
      where user_id = ${userId} and notified_at is null
      returning call_id, found_at)
    select c.id, c.title, c.location, c.start_date::text as start_date, t.found_at
    from taken t
    join crew_calls c on c.id = t.call_id
    join users u on u.id = ${userId}
    where ${alertable(today)} and ${matching}
    order by t.found_at, c.id`);
  return rows;
}
