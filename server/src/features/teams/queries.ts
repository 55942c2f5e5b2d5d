import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { roles, teamMembers, teamPositions, teams, users } from '#server/db/schema/index.ts';

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
export type TeamRow = typeof teams.$inferSelect;

const person = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  fallbackName: users.fallbackName,
  profileImage: users.profileImage,
};

export function findTeam(db: Executor, id: number, lock = false) {
  const query = db.select().from(teams).where(eq(teams.id, id));
  return (lock ? query.for('update') : query).then((rows) => rows[0]);
}

/** The team, and the membership of `userId` in it if they have one: what the teams policy reads. */
export function findTeamAs(db: Executor, teamId: number, userId: number) {
  return db
    .select({ team: teams, membership: { status: teamMembers.status } })
    .from(teams)
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId)))
    .where(eq(teams.id, teamId))
    .then((rows) => rows[0]);
}

export function findMembership(db: Executor, teamId: number, userId: number) {
  return db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .then((rows) => rows[0]);
}

export function insertTeam(db: Executor, values: typeof teams.$inferInsert) {
  return db
    .insert(teams)
    .values(values)
    .returning()
    .then((rows) => rows[0] as TeamRow);
}

export function updateTeam(db: Executor, id: number, values: Partial<typeof teams.$inferInsert>) {
  return db.update(teams).set(values).where(eq(teams.id, id));
}

export function insertPosition(db: Executor, teamId: number, roleId: number, count: number) {
  return db.insert(teamPositions).values({ teamId, roleId, count }).returning({ id: teamPositions.id });
}

export function findPosition(db: Executor, teamId: number, positionId: number) {
  return db
    .select()
    .from(teamPositions)
    .where(and(eq(teamPositions.teamId, teamId), eq(teamPositions.id, positionId)))
    .then((rows) => rows[0]);
}

/** An invitation (again, after a decline: the owner asked once more). */
export function upsertInvite(db: Executor, teamId: number, userId: number, positionId: number | null) {
  return db
    .insert(teamMembers)
    .values({ teamId, userId, positionId, status: 'invited' })
    .onConflictDoUpdate({
      target: [teamMembers.teamId, teamMembers.userId],
      set: { positionId, status: 'invited', invitedAt: sql`now()`, respondedAt: null },
      setWhere: sql`${teamMembers.status} = 'declined'`,
    });
}

/** On the team in this position, whatever came before (an accepted booking says so). */
/**
 * A booking puts the member on the team as accepted. The booking is recorded as what made the
 * membership only when it did: someone already on the team stays on it whatever the booking does.
 */
export function upsertAcceptedMember(
  db: Executor,
  teamId: number,
  userId: number,
  positionId: number | null,
  bookingId: number,
) {
  return db
    .insert(teamMembers)
    .values({ teamId, userId, positionId, status: 'accepted', respondedAt: sql`now()`, bookingId })
    .onConflictDoUpdate({
      target: [teamMembers.teamId, teamMembers.userId],
      set: {
        positionId: sql`coalesce(excluded.position_id, ${teamMembers.positionId})`,
        status: 'accepted',
        respondedAt: sql`now()`,
        bookingId: sql`case when ${teamMembers.status} = 'accepted' then ${teamMembers.bookingId} else excluded.booking_id end`,
      },
    });
}

/**
 * A cancelled booking takes off the membership it made: handed to `next` (another booking of the
 * member for the team that still stands) when there is one, removed otherwise. A membership the
 * booking did not make is left alone.
 */
export async function releaseBookingMember(
  db: Executor,
  teamId: number,
  userId: number,
  bookingId: number,
  next: number | null,
) {
  const made = and(
    eq(teamMembers.teamId, teamId),
    eq(teamMembers.userId, userId),
    eq(teamMembers.bookingId, bookingId),
  );
  if (next !== null) await db.update(teamMembers).set({ bookingId: next }).where(made);
  else await db.delete(teamMembers).where(made);
}

export function answerInvite(db: Executor, teamId: number, userId: number, status: 'accepted' | 'declined') {
  return db
    .update(teamMembers)
    .set({ status, respondedAt: sql`now()` })
    .where(
      and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId), eq(teamMembers.status, 'invited')),
    )
    .returning({ userId: teamMembers.userId });
}

export function removeMember(db: Executor, teamId: number, userId: number) {
  return db
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .returning({ userId: teamMembers.userId });
}

/** The crew sheet: positions with their roles, and everyone invited with their answer. */
export async function crewSheet(db: Executor, teamId: number) {
  const [owner, positions, members] = await Promise.all([
    db
      .select(person)
      .from(teams)
      .innerJoin(users, eq(users.id, teams.ownerId))
      .where(eq(teams.id, teamId))
      .then((rows) => rows[0]),
    db
      .select({ id: teamPositions.id, count: teamPositions.count, role: { id: roles.id, name: roles.name } })
      .from(teamPositions)
      .innerJoin(roles, eq(roles.id, teamPositions.roleId))
      .where(eq(teamPositions.teamId, teamId))
      .orderBy(teamPositions.id),
    db
      .select({ person, positionId: teamMembers.positionId, status: teamMembers.status })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(eq(teamMembers.teamId, teamId))
      .orderBy(teamMembers.invitedAt),
  ]);
  return { owner, positions, members };
}

/** Teams I own, and teams I am on or invited to. */
export function listMine(db: Executor, userId: number) {
  return db
    .select({ team: teams, status: teamMembers.status })
    .from(teams)
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId)))
    .where(or(eq(teams.ownerId, userId), inArray(teamMembers.status, ['invited', 'accepted'])))
    .orderBy(desc(teams.createdAt));
}

/**
 * Invitations still unanswered between `a` and `b`, either way (one owns the team, the other is
 * invited): withdrawn, as if never sent. Answers the invitations removed.
 */
export function deleteInvitesBetween(db: Executor, a: number, b: number) {
  return db
    .delete(teamMembers)
    .where(
      and(
        eq(teamMembers.status, 'invited'),
        sql`((${teamMembers.userId} = ${b} and ${teamMembers.teamId} in (select id from ${teams} where ${teams.ownerId} = ${a}))
          or (${teamMembers.userId} = ${a} and ${teamMembers.teamId} in (select id from ${teams} where ${teams.ownerId} = ${b})))`,
      ),
    )
    .returning({ teamId: teamMembers.teamId, userId: teamMembers.userId });
}

/** The member leaves: their accepted place on the team goes, and the position is free again. */
export function leaveTeam(db: Executor, teamId: number, userId: number) {
  return db
    .delete(teamMembers)
    .where(
      and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId), eq(teamMembers.status, 'accepted')),
    )
    .returning({ userId: teamMembers.userId });
}
