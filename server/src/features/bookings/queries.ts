import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { BOOKING_FILTER_RULES } from '#common/booking-lists';
import { HOLD_LIMITS } from '#common/limits';
import type { BookingFilter, BookingStatus } from '#common/schemas/bookings';
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
      requester: {
        id: requester.id,
        username: requester.username,
        displayName: requester.displayName,
        fallbackName: requester.fallbackName,
      },
      crew: {
        id: crew.id,
        username: crew.username,
        displayName: crew.displayName,
        fallbackName: crew.fallbackName,
      },
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

/** The SQL of a list filter: the same rule as `matchesBookingFilter`. */
function filterCondition(filter: BookingFilter) {
  return or(
    ...BOOKING_FILTER_RULES[filter].clauses.map((clause) =>
      and(
        inArray(bookings.status, [...clause.statuses]),
        clause.holdAgreed === undefined
          ? undefined
          : clause.holdAgreed
            ? isNotNull(bookings.holdAgreedAt)
            : isNull(bookings.holdAgreedAt),
      ),
    ),
  );
}

/**
 * One page of a member's bookings on one side, newest first. Ids only grow, so "newest" is the
 * larger id and the cursor is the last id shown; one row more than the page says whether another
 * page follows.
 */
export function listNamed(
  db: Executor,
  userId: number,
  query: {
    as: 'crew' | 'requester';
    status?: BookingStatus | undefined;
    filter?: BookingFilter | undefined;
    cursor?: number | undefined;
    limit: number;
  },
) {
  return withNames(db)
    .where(
      and(
        eq(query.as === 'crew' ? bookings.crewId : bookings.requesterId, userId),
        query.status ? eq(bookings.status, query.status) : undefined,
        query.filter ? filterCondition(query.filter) : undefined,
        query.cursor ? lt(bookings.id, query.cursor) : undefined,
      ),
    )
    .orderBy(desc(bookings.id))
    .limit(query.limit + 1);
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
 * Whose calendar the booking is on, read without a lock: a booking's crew member never changes,
 * so its calendar can be locked before the booking row (the one lock order, issue 30).
 */
export function findCrewId(db: Executor, id: number) {
  return db
    .select({ crewId: bookings.crewId })
    .from(bookings)
    .where(eq(bookings.id, id))
    .then((rows) => rows[0]?.crewId);
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

/**
 * The crew member's holds in these ranks that they agreed to, overlapping these days: a hold only
 * asked for blocks nothing (issue 30). Oldest first.
 */
export function overlappingAgreedHolds(
  db: Executor,
  crewId: number,
  days: { startDate: string; endDate: string },
  statuses: ('hold_first' | 'hold_second')[],
  except?: number,
) {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.crewId, crewId),
        inArray(bookings.status, statuses),
        isNotNull(bookings.holdAgreedAt),
        sql`${bookings.startDate} <= ${days.endDate}::date and ${bookings.endDate} >= ${days.startDate}::date`,
        except ? sql`${bookings.id} <> ${except}` : undefined,
      ),
    )
    .orderBy(bookings.createdAt, bookings.id);
}

/** The crew member agreed to this hold, at this rank. */
export function agreeHold(db: Executor, id: number, status: 'hold_first' | 'hold_second') {
  return db
    .update(bookings)
    .set({ status, holdAgreedAt: sql`now()`, statusChangedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(bookings.id, id));
}

/** Another booking still standing that puts this crew member on this team, if any. */
export function otherTeamBooking(db: Executor, teamId: number, crewId: number, except: number) {
  return db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.teamId, teamId),
        eq(bookings.crewId, crewId),
        inArray(bookings.status, ['accepted', 'completed']),
        sql`${bookings.id} <> ${except}`,
      ),
    )
    .orderBy(bookings.id)
    .limit(1)
    .then((rows) => rows[0]);
}

const lapseInterval = sql`make_interval(days => ${HOLD_LIMITS.lapseDays})`;
const remindInterval = sql`make_interval(days => ${HOLD_LIMITS.lapseDays - HOLD_LIMITS.remindDaysBefore})`;
const forMember = (userId?: number) =>
  userId === undefined ? sql`` : sql`and (crew_id = ${userId} or requester_id = ${userId})`;

/** Holds made more than HOLD_LIMITS.lapseDays ago and never confirmed (for everyone, or one member). */
export async function lapsedHolds(db: Executor, userId?: number) {
  const { rows } = await db.execute<{ id: number; crew_id: number }>(sql`
    select id, crew_id from ${bookings}
    where status in ('hold_first', 'hold_second') and created_at <= now() - ${lapseInterval}
      ${forMember(userId)}
    order by id`);
  return rows.map((row) => ({ id: Number(row.id), crewId: Number(row.crew_id) }));
}

/**
 * Holds that lapse within HOLD_LIMITS.remindDaysBefore days and were not reminded yet are marked
 * reminded, once, and answered so both sides can be told. Rows another transaction holds are
 * skipped (the next sweep takes them): the sweep never waits on a calendar's work.
 */
export async function markHoldsReminded(db: Executor, userId?: number) {
  const { rows } = await db.execute<{
    id: number;
    requester_id: number;
    crew_id: number;
    start_date: string;
    end_date: string;
    created_at: string | Date;
    hold_agreed_at: string | Date | null;
  }>(sql`
    update ${bookings} set hold_reminded_at = now()
    where id in (
      select id from ${bookings}
      where status in ('hold_first', 'hold_second') and hold_reminded_at is null
        and created_at <= now() - ${remindInterval} and created_at > now() - ${lapseInterval}
        ${forMember(userId)}
      for update skip locked)
    returning id, requester_id, crew_id, start_date::text, end_date::text, created_at, hold_agreed_at`);
  return rows.map((row) => ({
    id: Number(row.id),
    requesterId: Number(row.requester_id),
    crewId: Number(row.crew_id),
    startDate: row.start_date,
    endDate: row.end_date,
    createdAt: new Date(row.created_at),
    agreed: row.hold_agreed_at !== null,
  }));
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
    .set({
      status,
      ...extra,
      // Issue 31: only a change of status moves it (paying, say, sets the status it already has).
      statusChangedAt: sql`case when ${bookings.status} = ${status} then ${bookings.statusChangedAt} else now() end`,
      updatedAt: sql`now()`,
    })
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

/**
 * Each day from `from` to `to` with what occupies it: an accepted (or completed) booking, a
 * marked day, a hold the crew member agreed to. Requests and holds only asked for show nothing.
 */
export async function calendarDays(db: Executor, userId: number, from: string, to: string) {
  const { rows } = await db.execute<{ day: string; status: 'free' | 'busy' | 'hold' | 'unavailable' }>(sql`
    select d::date::text as day,
      case
        when exists (select 1 from ${bookings} b where b.crew_id = ${userId} and b.status in ('accepted', 'completed')
          and d::date between b.start_date and b.end_date) then 'busy'
        when exists (select 1 from ${unavailableDays} u where u.user_id = ${userId} and u.day = d::date) then 'unavailable'
        when exists (select 1 from ${bookings} b where b.crew_id = ${userId}
          and b.status in ('hold_first', 'hold_second') and b.hold_agreed_at is not null
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

/** Bookings and holds still waiting for the crew member's answer (issue 30: a block withdraws them). */
const WAITING_FOR_ANSWER: BookingStatus[] = ['requested', 'hold_first', 'hold_second'];

/**
 * A block between `a` and `b` withdraws every request and hold still waiting between them, either
 * way, as cancelled; accepted and paid bookings stand. Rows are locked in id order first, so two
 * blocks of one pair at once cannot deadlock. Answers the bookings withdrawn.
 */
export async function withdrawWaitingBetween(db: Executor, a: number, b: number): Promise<BookingRow[]> {
  const waiting = and(
    sql`((${bookings.requesterId} = ${a} and ${bookings.crewId} = ${b}) or (${bookings.requesterId} = ${b} and ${bookings.crewId} = ${a}))`,
    inArray(bookings.status, WAITING_FOR_ANSWER),
  );
  const locked = await db.select().from(bookings).where(waiting).orderBy(bookings.id).for('update');
  if (locked.length === 0) return [];
  await db
    .update(bookings)
    .set({ status: 'cancelled', statusChangedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      inArray(
        bookings.id,
        locked.map((row) => row.id),
      ),
    );
  // As they were before: the caller promotes second holds under a withdrawn agreed first hold.
  return locked;
}

/** The crew members whose calendars hold requests and holds of `memberId` still waiting, either side. */
export function waitingCrewIdsOf(db: Executor, memberId: number): Promise<number[]> {
  return db
    .select({ crewId: bookings.crewId })
    .from(bookings)
    .where(
      and(
        sql`(${bookings.requesterId} = ${memberId} or ${bookings.crewId} = ${memberId})`,
        inArray(bookings.status, WAITING_FOR_ANSWER),
      ),
    )
    .groupBy(bookings.crewId)
    .orderBy(bookings.crewId)
    .then((rows) => rows.map((row) => row.crewId));
}

/**
 * A member deleting their account (issue 33) withdraws every request and hold of theirs still
 * waiting for an answer, either side, as cancelled; accepted and paid bookings stand. The caller
 * holds the calendars' locks. Answers the bookings withdrawn, as they were before.
 */
export async function withdrawWaitingOf(db: Executor, memberId: number): Promise<BookingRow[]> {
  const locked = await db
    .select()
    .from(bookings)
    .where(
      and(
        sql`(${bookings.requesterId} = ${memberId} or ${bookings.crewId} = ${memberId})`,
        inArray(bookings.status, WAITING_FOR_ANSWER),
      ),
    )
    .orderBy(bookings.id)
    .for('update');
  if (locked.length === 0) return [];
  await db
    .update(bookings)
    .set({ status: 'cancelled', statusChangedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      inArray(
        bookings.id,
        locked.map((row) => row.id),
      ),
    );
  return locked;
}

/**
 * Keeps the provider's checkout as the booking's one open checkout (issue 30), unless the booking
 * stopped being payable meanwhile or another checkout, open until after `replaceBefore`, got there
 * first. Undefined when it was not kept: that checkout must not be paid.
 */
export function saveCheckout(
  db: Executor,
  id: number,
  checkout: { id: string; url: string; expiresAt: Date },
  replaceBefore: Date,
) {
  return db
    .update(bookings)
    .set({
      checkoutId: checkout.id,
      checkoutUrl: checkout.url,
      checkoutExpiresAt: checkout.expiresAt,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(bookings.id, id),
        inArray(bookings.status, ['accepted', 'completed']),
        sql`${bookings.paidAt} is null`,
        sql`(${bookings.checkoutExpiresAt} is null or ${bookings.checkoutExpiresAt} <= ${replaceBefore.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: bookings.id })
    .then((rows) => rows[0]);
}

/** Paid, by this provider: its checkout is over. */
export function markPaid(db: Executor, id: number, provider: 'demo' | 'stripe') {
  return db
    .update(bookings)
    .set({
      paidAt: sql`now()`,
      paidWith: provider,
      checkoutId: null,
      checkoutUrl: null,
      checkoutExpiresAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(bookings.id, id));
}
