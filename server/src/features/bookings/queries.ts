import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BookingStatus } from '#common/schemas/bookings';
import type { Database } from '#server/db/client.ts';
import { bookings, calendarFeeds, roles, teams, unavailableDays, users } from '#server/db/schema/index.ts';

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
export type BookingRow = typeof bookings.$inferSelect;

const requester = alias(users, 'requester');
const crew = alias(users, 'crew');

/** Bookings with both parties' names and the role's, for answers. */
function withNames(db: Executor) {
  return db
    .select({
      booking: bookings,
      requester: { id: requester.id, username: requester.username, displayName: requester.displayName },
      crew: { id: crew.id, username: crew.username, displayName: crew.displayName },
      role: { id: roles.id, name: roles.name },
      team: { id: teams.id, name: teams.name },
    })
    .from(bookings)
    .innerJoin(requester, eq(requester.id, bookings.requesterId))
    .innerJoin(crew, eq(crew.id, bookings.crewId))
    .innerJoin(roles, eq(roles.id, bookings.roleId))
    .leftJoin(teams, eq(teams.id, bookings.teamId));
}
export type NamedBooking = Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number];

export function findNamed(db: Executor, id: number) {
  return withNames(db)
    .where(eq(bookings.id, id))
    .then((rows) => rows[0]);
}

export function listNamed(db: Executor, userId: number, as: 'crew' | 'requester', status?: BookingStatus) {
  return withNames(db)
    .where(
      and(
        eq(as === 'crew' ? bookings.crewId : bookings.requesterId, userId),
        status ? eq(bookings.status, status) : undefined,
      ),
    )
    .orderBy(desc(bookings.startDate), desc(bookings.id));
}

export function lockBooking(db: Executor, id: number) {
  return db
    .select()
    .from(bookings)
    .where(eq(bookings.id, id))
    .for('update')
    .then((rows) => rows[0]);
}

/**
 * Everything a crew member's calendar is made of, one at a time: two accepts of overlapping days
 * must not both see the days free. The lock lasts until the transaction ends.
 */
export function lockCrewCalendar(db: Executor, crewId: number) {
  return db.execute(sql`select pg_advisory_xact_lock(hashtext('crew-calendar'), ${crewId})`);
}

/** The crew member's bookings in these states overlapping these days (both ends included). */
export function overlapping(
  db: Executor,
  crewId: number,
  days: { startDate: string; endDate: string },
  statuses: BookingStatus[],
  except?: number,
) {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.crewId, crewId),
        inArray(bookings.status, statuses),
        sql`${bookings.startDate} <= ${days.endDate}::date and ${bookings.endDate} >= ${days.startDate}::date`,
        except ? sql`${bookings.id} <> ${except}` : undefined,
      ),
    )
    .orderBy(bookings.createdAt, bookings.id);
}

export function insertBooking(db: Executor, values: typeof bookings.$inferInsert) {
  return db
    .insert(bookings)
    .values(values)
    .returning()
    .then((rows) => rows[0] as BookingRow);
}

export function setStatus(db: Executor, id: number, status: BookingStatus, extra: { paidAt?: Date } = {}) {
  return db
    .update(bookings)
    .set({ status, ...extra, updatedAt: sql`now()` })
    .where(eq(bookings.id, id));
}

/**
 * Accepted bookings whose last day is over are completed: the work is done (payment may still
 * follow). For one member's bookings (before they are read), or for everyone (the minute sweep).
 */
export async function completeFinished(db: Executor, userId?: number) {
  const { rowCount } = await db.execute(sql`
    update ${bookings} set status = 'completed', updated_at = now()
    where status = 'accepted' and end_date < current_date
      ${userId === undefined ? sql`` : sql`and (crew_id = ${userId} or requester_id = ${userId})`}`);
  return rowCount ?? 0;
}

/** Each day from `from` to `to` with what occupies it: an accepted booking, a hold, a marked day. */
export async function calendarDays(db: Executor, userId: number, from: string, to: string) {
  const { rows } = await db.execute<{ day: string; status: 'free' | 'busy' | 'hold' | 'unavailable' }>(sql`
    select d::date::text as day,
      case
        when exists (select 1 from ${bookings} b where b.crew_id = ${userId} and b.status in ('accepted', 'completed')
          and d::date between b.start_date and b.end_date) then 'busy'
        when exists (select 1 from ${unavailableDays} u where u.user_id = ${userId} and u.day = d::date) then 'unavailable'
        when exists (select 1 from ${bookings} b where b.crew_id = ${userId}
          and b.status in ('hold_first', 'hold_second', 'requested')
          and d::date between b.start_date and b.end_date) then 'hold'
        else 'free'
      end as status
    from generate_series(${from}::date, ${to}::date, interval '1 day') d
    order by d`);
  return rows;
}

export async function replaceUnavailableDays(db: Executor, userId: number, days: string[]) {
  await db
    .delete(unavailableDays)
    .where(and(eq(unavailableDays.userId, userId), sql`${unavailableDays.day} >= current_date`));
  if (days.length > 0)
    await db
      .insert(unavailableDays)
      .values([...new Set(days)].map((day) => ({ userId, day })))
      .onConflictDoNothing();
}

export function futureUnavailableDays(db: Executor, userId: number) {
  return db
    .select({ day: unavailableDays.day })
    .from(unavailableDays)
    .where(and(eq(unavailableDays.userId, userId), sql`${unavailableDays.day} >= current_date`))
    .orderBy(unavailableDays.day)
    .then((rows) => rows.map((row) => row.day));
}

export function findFeed(db: Executor, userId: number) {
  return db
    .select()
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .then((rows) => rows[0]);
}

/** Keeps only the hash of the member's feed secret, replacing any older one. */
export async function saveFeedTokenHash(db: Executor, userId: number, tokenHash: string): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: new Date() } });
}

export async function deleteFeed(db: Executor, userId: number): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** What a private calendar feed lists: the member's bookings and holds, as crew or as requester. */
export function feedBookings(db: Executor, userId: number) {
  return withNames(db)
    .where(
      and(
        sql`(${bookings.crewId} = ${userId} or ${bookings.requesterId} = ${userId})`,
        inArray(bookings.status, ['hold_first', 'hold_second', 'requested', 'accepted', 'completed']),
      ),
    )
    .orderBy(bookings.startDate);
}
