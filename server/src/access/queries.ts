import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { blocks, bookings, teamMembers, teams, users } from '#server/db/schema/index.ts';

/** The database or a transaction: facts are read in the caller's transaction when it has one. */
export type Executor = Pick<Database, 'select' | 'execute'>;

export function findMember(db: Executor, id: number) {
  return db
    .select({ id: users.id, username: users.username, displayName: users.displayName })
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
      suspended: sql<boolean>`${users.suspendedAt} is not null`,
      blocked: sql<number[]>`array(select ${blocks.blockedId} from ${blocks}
        where ${blocks.blockerId} = ${users.id} and ${blocks.blockedId} in (${a}, ${b}))`,
    })
    .from(users)
    .where(inArray(users.id, [a, b]));
}

/**
 * Whether the two worked together, either way round: a booking between them that was accepted
 * and whose last day is past, and whether they were on one team (both accepted members, or the
 * owner and an accepted member).
 */
export async function findCollaboration(db: Executor, a: number, b: number) {
  const { rows } = await db.execute<{ booked: boolean; team: boolean }>(sql`
    select
      exists (select 1 from ${bookings}
        where ((requester_id = ${a} and crew_id = ${b}) or (requester_id = ${b} and crew_id = ${a}))
          and status in ('accepted', 'completed') and end_date < current_date) as booked,
      exists (select 1 from ${teams} t
        where (t.owner_id = ${a} or exists (select 1 from ${teamMembers} m where m.team_id = t.id and m.user_id = ${a} and m.status = 'accepted'))
          and (t.owner_id = ${b} or exists (select 1 from ${teamMembers} m where m.team_id = t.id and m.user_id = ${b} and m.status = 'accepted'))
      ) as team`);
  return { bookedTogether: rows[0]?.booked === true, sameTeam: rows[0]?.team === true };
}
