import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { blocks, bookings, teamMembers, teams, users } from '#server/db/schema/index.ts';

/** The database or a transaction: facts are read in the caller's transaction when it has one. */
export type Executor = Pick<Database, 'select' | 'execute'>;

export function findMember(db: Executor, id: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      fallbackName: users.fallbackName,
    })
    .from(users)
    .where(eq(users.id, id))
    .then((rows) => rows[0]);
}

/**
 * The two members (one row when a member is asked about themselves), each with their suspension
 * and whom of the two they have blocked: everything canContact decides on, in one round trip.
 */
export function findContactParties(db: Executor, a: number, b: number) {
  return db
    .select({
      id: users.id,
      // A member who deleted their account is out of reach as a suspended one is (ADR 026).
      suspended: sql<boolean>`${users.suspendedAt} is not null or ${users.deletedAt} is not null`,
      blocked: sql<number[]>`array(select ${blocks.blockedId} from ${blocks}
        where ${blocks.blockerId} = ${users.id} and ${blocks.blockedId} in (${a}, ${b}))`,
    })
    .from(users)
    .where(inArray(users.id, [a, b]));
}

/**
 * Serialises, for one pair of members, a block with whatever it would withdraw (an invitation, a
 * booking or hold being made): held until the transaction ends, so a request made at the moment of
 * a block is either withdrawn by it or refused after it. Outside a transaction it holds nothing.
 */
export async function lockContactPair(db: Executor, a: number, b: number): Promise<void> {
  const key = `contact:${Math.min(a, b)}:${Math.max(a, b)}`;
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/**
 * Whether the two worked together, either way round, once the work is done (issue 30): a booking
 * between them that was accepted and whose last day is past, and a team whose end date is past
 * with both on it (both accepted members, or the owner and an accepted member). A team without an
 * end date never counts: nothing says its work is over.
 */
export async function findCollaboration(db: Executor, a: number, b: number) {
  const { rows } = await db.execute<{ booked: boolean; team: boolean }>(sql`
    select
      exists (select 1 from ${bookings}
        where ((requester_id = ${a} and crew_id = ${b}) or (requester_id = ${b} and crew_id = ${a}))
          and status in ('accepted', 'completed') and end_date < current_date) as booked,
      exists (select 1 from ${teams} t
        where t.end_date < current_date
          and (t.owner_id = ${a} or exists (select 1 from ${teamMembers} m where m.team_id = t.id and m.user_id = ${a} and m.status = 'accepted'))
          and (t.owner_id = ${b} or exists (select 1 from ${teamMembers} m where m.team_id = t.id and m.user_id = ${b} and m.status = 'accepted'))
      ) as team`);
  return { bookedTogether: rows[0]?.booked === true, sameTeam: rows[0]?.team === true };
}
