import { and, desc, eq, sql } from 'drizzle-orm';
import type { SavedSearchQuery } from '#common/saved-searches';
import { isPremiumSql } from '#server/access/premium-queries.ts';
import type { Database } from '#server/db/client.ts';
import { savedSearchChanges, savedSearches, savedSearchMatches } from '#server/db/schema/index.ts';

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
export type SavedSearchRow = typeof savedSearches.$inferSelect;

const owned = (id: number, userId: number) => and(eq(savedSearches.id, id), eq(savedSearches.userId, userId));

export function listSavedSearches(db: Executor, userId: number): Promise<SavedSearchRow[]> {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.id));
}

/**
 * Serialises a member's saves, so that the count and the insert after it cannot interleave with
 * another request's: two saves at 19 make one 20th and one refusal, never 21.
 */
export async function lockMembersSavedSearches(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('saved-searches'), ${userId})`);
}

export async function countSavedSearches(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId));
  return row?.count ?? 0;
}

export async function insertSavedSearch(
  db: Executor,
  values: { userId: number; name: string; query: SavedSearchQuery },
): Promise<SavedSearchRow> {
  const [row] = await db.insert(savedSearches).values(values).returning();
  return row as SavedSearchRow;
}

/** The member's own search, changed; undefined when it is not theirs (or not there). */
export async function updateSavedSearch(
  db: Executor,
  id: number,
  userId: number,
  values: { name?: string; alerts?: boolean },
): Promise<SavedSearchRow | undefined> {
  const [row] = await db.update(savedSearches).set(values).where(owned(id, userId)).returning();
  return row;
}

/**
 * Alerts switched off forget the matches waiting: switched on again, a search reports only
 * what changes from then on.
 */
export async function dropWaitingMatches(db: Executor, savedSearchId: number): Promise<void> {
  await db
    .delete(savedSearchMatches)
    .where(
      and(eq(savedSearchMatches.savedSearchId, savedSearchId), sql`${savedSearchMatches.notifiedAt} is null`),
    );
}

export async function deleteSavedSearch(db: Executor, id: number, userId: number): Promise<boolean> {
  const rows = await db.delete(savedSearches).where(owned(id, userId)).returning({ id: savedSearches.id });
  return rows.length > 0;
}

/**
 * Takes up to `limit` changed crew members off the queue, in a statement of its own: the rows are
 * gone once it returns, and a change committed later is queued again for the next run. SKIP LOCKED:
 * two instances take different members.
 */
export async function takeChangedMembers(db: Executor, limit: number): Promise<number[]> {
  const { rows } = await db.execute<{ user_id: number }>(sql`
    delete from ${savedSearchChanges} c
    where c.user_id in (
      select user_id from ${savedSearchChanges} order by changed_at limit ${limit} for update skip locked)
    returning c.user_id`);
  return rows.map((row) => row.user_id);
}

/** Puts members back on the queue (a run that failed after taking them). */
export async function requeueChangedMembers(db: Executor, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.execute(sql`
    insert into ${savedSearchChanges} (user_id)
    select distinct unnest(${sql.param(userIds)}::integer[]) order by 1
    on conflict (user_id) do nothing`);
}

export interface AlertingSearch {
  id: number;
  userId: number;
  name: string;
  query: SavedSearchQuery;
  lastAlertOn: string | null;
  ownerIsPremium: boolean;
  /** Members found before and not yet notified (the day's notification had gone). */
  waiting: number[];
}

/**
 * Saved searches with alerts on, after `afterId`, by id: the alert job reads them page by page.
 * `waitingOnly`: only those with matches waiting.
 */
export async function alertingSearches(
  db: Executor,
  afterId: number,
  limit: number,
  waitingOnly: boolean,
): Promise<AlertingSearch[]> {
  const { rows } = await db.execute<{
    id: number;
    user_id: number;
    name: string;
    query: SavedSearchQuery;
    last_alert_on: string | null;
    owner_is_premium: boolean;
    waiting: number[];
  }>(sql`
    select s.id, s.user_id, s.name, s.query, s.last_alert_on::text as last_alert_on,
      ${isPremiumSql(sql`s.user_id`)} as owner_is_premium,
      array(select m.user_id from ${savedSearchMatches} m
        where m.saved_search_id = s.id and m.notified_at is null) as waiting
    from ${savedSearches} s
    where s.alerts and s.id > ${afterId} ${
      waitingOnly
        ? sql`and exists (select 1 from ${savedSearchMatches} w
            where w.saved_search_id = s.id and w.notified_at is null)`
        : sql``
    }
    order by s.id limit ${limit}`);
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    name: row.name,
    query: row.query,
    lastAlertOn: row.last_alert_on,
    ownerIsPremium: row.owner_is_premium,
    waiting: row.waiting,
  }));
}

/**
 * Records members found by a search, each once ever: one already reported (or already waiting)
 * is left as it is. Answers those newly recorded.
 */
export async function recordMatches(
  db: Executor,
  savedSearchId: number,
  userIds: number[],
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const { rows } = await db.execute<{ user_id: number }>(sql`
    insert into ${savedSearchMatches} (saved_search_id, user_id)
    select ${savedSearchId}::integer, u from unnest(${sql.param(userIds)}::integer[]) u order by 1
    on conflict do nothing
    returning user_id`);
  return rows.map((row) => row.user_id);
}

/** Waiting matches that no longer match (busy again, left the directory): found again later, they count again. */
export async function forgetWaiting(db: Executor, savedSearchId: number, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.execute(sql`
    delete from ${savedSearchMatches}
    where saved_search_id = ${savedSearchId} and user_id = any(${sql.param(userIds)}::integer[]) and notified_at is null`);
}

/**
 * Takes the search's day: true for the one caller that moves last_alert_on to `today` while alerts
 * are on and no notification went today. Two instances at once: one true, one false.
 */
export async function claimAlertDay(db: Executor, savedSearchId: number, today: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    update ${savedSearches} set last_alert_on = ${today}::date
    where id = ${savedSearchId} and alerts and (last_alert_on is null or last_alert_on < ${today}::date)
    returning id`);
  return rows.length > 0;
}

/** Marks the search's waiting matches notified, answering them in the order they were found. */
export async function takeWaiting(db: Executor, savedSearchId: number): Promise<number[]> {
  const { rows } = await db.execute<{ user_id: number }>(sql`
    with taken as (
      update ${savedSearchMatches} set notified_at = now()
      where saved_search_id = ${savedSearchId} and notified_at is null
      returning user_id, found_at)
    select user_id from taken order by found_at, user_id`);
  return rows.map((row) => row.user_id);
}
