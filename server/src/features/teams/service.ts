import { personName } from '#common/people';
import {
  canManageTeam,
  canViewTeam,
  crewingDecision,
  inviteDecision,
  leaveDecision,
  teamRole,
} from '#common/policies/teams';
import { TEAM_MESSAGES, type Team } from '#common/schemas/teams';
import { assertReachable } from '#server/access/contact.ts';
import { assertPremium, premiumRequired } from '#server/access/premium.ts';
import type { Database } from '#server/db/client.ts';
import { BadRequestError, ConflictError, NotFoundError } from '#server/errors.ts';
import { markRead, notify, type RealtimeEvent, resolveAsked } from '#server/features/notifications/index.ts';
import { getRolesById } from '#server/features/roles/index.ts';
import type { RequestAuth } from '#server/http/request-auth.ts';
import * as q from './queries.ts';

type Viewer = Pick<RequestAuth, 'user'>;
type Publish = (event: RealtimeEvent) => void;

/** The team and what the viewer is to it; anyone the policy does not let see it is told it does not exist. */
async function teamFor(db: q.Executor, teamId: number, viewer: Viewer) {
  const found = await q.findTeamAs(db, teamId, viewer.user.id);
  const myRole = found ? teamRole(viewer.user.id, found.team, found.membership) : null;
  if (!found || !canViewTeam(myRole)) throw new NotFoundError(TEAM_MESSAGES.notFound);
  return { team: found.team, myRole };
}

async function ownedTeam(db: q.Executor, teamId: number, viewer: Viewer) {
  const { team, myRole } = await teamFor(db, teamId, viewer);
  if (!canManageTeam(myRole)) throw new NotFoundError(TEAM_MESSAGES.notFound);
  return team;
}

export async function getTeam(db: Database, teamId: number, viewer: Viewer): Promise<Team> {
  const { team, myRole } = await teamFor(db, teamId, viewer);
  const sheet = await q.crewSheet(db, teamId);
  if (!sheet.owner) throw new NotFoundError(TEAM_MESSAGES.notFound);
  return {
    id: team.id,
    owner: sheet.owner,
    name: team.name,
    description: team.description,
    location: team.location,
    startDate: team.startDate,
    endDate: team.endDate,
    status: team.status,
    positions: sheet.positions.map((p) => ({
      ...p,
      filled: sheet.members.filter((m) => m.positionId === p.id && m.status === 'accepted').length,
    })),
    members: sheet.members,
    myRole,
  };
}

export async function listTeams(db: Database, viewer: Viewer) {
  const rows = await q.listMine(db, viewer.user.id);
  return rows.flatMap(({ team, status }) => {
    const myRole = teamRole(viewer.user.id, team, status ? { status } : null);
    if (!canViewTeam(myRole)) return [];
    const { id, name, location, startDate, endDate } = team;
    return [{ id, name, location, startDate, endDate, status: team.status, myRole }];
  });
}

export async function createTeam(
  db: Database,
  viewer: Viewer,
  input: {
    name: string;
    description: string;
    location: string | null;
    startDate: string | null;
    endDate: string | null;
  },
): Promise<Team> {
  assertPremium(viewer, 'teams');
  const team = await q.insertTeam(db, { ownerId: viewer.user.id, ...input });
  return getTeam(db, team.id, viewer);
}

export async function updateTeam(
  db: Database,
  viewer: Viewer,
  teamId: number,
  input: Partial<{
    name: string;
    description: string;
    location: string | null;
    startDate: string | null;
    endDate: string | null;
    status: 'open' | 'closed';
  }>,
): Promise<Team> {
  await ownedTeam(db, teamId, viewer);
  await q.updateTeam(db, teamId, input);
  return getTeam(db, teamId, viewer);
}

export async function addPosition(
  db: Database,
  viewer: Viewer,
  teamId: number,
  roleId: number,
  count: number,
) {
  await ownedTeam(db, teamId, viewer);
  if (!(await getRolesById(db)).has(roleId)) throw new NotFoundError('Role not found');
  await q.insertPosition(db, teamId, roleId, count);
  return getTeam(db, teamId, viewer);
}

/**
 * The owner (Premium) invites someone to a position; they hear of it as a team_invite. Someone
 * who blocked the owner, or is suspended, cannot be invited (they are "not found").
 */
export async function invite(
  db: Database,
  viewer: Viewer,
  teamId: number,
  userId: number,
  positionId?: number,
) {
  await db.transaction(async (tx) => {
    const { team, myRole } = await teamFor(tx, teamId, viewer);
    const decision = inviteDecision(viewer.user, { role: myRole, status: team.status }, userId);
    if (!decision.ok) throw inviteRefusal(decision.reason);
    const position = positionId === undefined ? null : await q.findPosition(tx, teamId, positionId);
    if (positionId !== undefined && !position) throw new NotFoundError(TEAM_MESSAGES.positionNotFound);
    // Who is invited must exist (the foreign key would say so only as an error) and be reachable.
    await assertReachable(tx, viewer.user.id, userId, {
      notFound: TEAM_MESSAGES.memberNotFound,
      unblockFirst: TEAM_MESSAGES.unblockFirst,
    });
    const before = await q.findMembership(tx, teamId, userId);
    if (before?.status === 'accepted' || before?.status === 'invited') return;
    await q.upsertInvite(tx, teamId, userId, position?.id ?? null);
    await notify(
      tx,
      userId,
      'team_invite',
      'Team invitation',
      `${personName(viewer.user)} invited you to join ${team.name}.`,
      {
        teamId,
        requesterId: viewer.user.id,
      },
    );
  });
  return getTeam(db, teamId, viewer);
}

/** An invitation refused as it always was: someone else's team does not exist for them. */
function inviteRefusal(reason: 'not_owner' | 'premium' | 'closed' | 'self') {
  if (reason === 'not_owner') return new NotFoundError(TEAM_MESSAGES.notFound);
  // The owner's Premium may have ended since the team was made: inviting needs it still.
  if (reason === 'premium') return premiumRequired('teams');
  if (reason === 'closed') return new ConflictError(TEAM_MESSAGES.closed);
  return new BadRequestError(TEAM_MESSAGES.self);
}

/** SPEC §7: the invited member accepts or declines (free). The owner hears back. */
export async function answerInvite(
  db: Database,
  publish: Publish,
  viewer: Viewer,
  teamId: number,
  accept: boolean,
  notificationId?: number,
) {
  await db.transaction(async (tx) => {
    const team = await q.findTeam(tx, teamId);
    const answered = team
      ? await q.answerInvite(tx, teamId, viewer.user.id, accept ? 'accepted' : 'declined')
      : [];
    if (!team || answered.length === 0) throw new NotFoundError(TEAM_MESSAGES.noInvite);
    // Issue 31: answered from the team's page too, the invitation's notification shows it, read.
    await resolveAsked(tx, [{ userId: viewer.user.id, type: 'team_invite', data: { teamId } }], {
      answeredBy: viewer.user.id,
    });
    await notify(
      tx,
      team.ownerId,
      'system',
      accept ? 'Invitation accepted' : 'Invitation declined',
      `${personName(viewer.user)} ${accept ? 'joined' : 'declined to join'} ${team.name}.`,
      { teamId },
    );
  });
  if (notificationId !== undefined) {
    await markRead(db, publish, viewer.user.id, notificationId).catch((error: unknown) => {
      if (!(error instanceof NotFoundError)) throw error;
    });
  }
  return { status: accept ? ('accepted' as const) : ('declined' as const) };
}

/**
 * For a booking made from a team: the team must be the requester's own and open, and the position
 * one of its own, for the role booked. Anyone else's team is "not found".
 */
export async function assertOwnPosition(
  tx: q.Executor,
  ownerId: number,
  booking: { teamId: number; positionId?: number | undefined; roleId: number },
  messages: { teamNotFound: string; teamClosed: string; positionNotFound: string; positionRole: string },
) {
  const team = await q.findTeam(tx, booking.teamId);
  if (!team) throw new NotFoundError(messages.teamNotFound);
  // Only ownership matters here, so the requester's membership of the team is not read.
  const crewing = crewingDecision({ role: teamRole(ownerId, team, null), status: team.status });
  if (!crewing.ok) {
    throw crewing.reason === 'closed'
      ? new ConflictError(messages.teamClosed)
      : new NotFoundError(messages.teamNotFound);
  }
  if (booking.positionId === undefined) return;
  const position = await q.findPosition(tx, team.id, booking.positionId);
  if (!position) throw new NotFoundError(messages.positionNotFound);
  if (position.roleId !== booking.roleId)
    throw new BadRequestError(messages.positionRole, { roleId: messages.positionRole });
}

/** An accepted booking for a team puts its crew member on the crew sheet, in that position. */
export async function joinFromBooking(
  tx: q.Executor,
  booking: { id: number; teamId: number; crewId: number; positionId: number | null },
) {
  await q.upsertAcceptedMember(tx, booking.teamId, booking.crewId, booking.positionId, booking.id);
}

/**
 * A booking for a team is cancelled: the membership it made goes (or passes to `next`, another
 * booking of the member for the team that still stands). One it did not make stays.
 */
export async function leaveFromBooking(
  tx: q.Executor,
  booking: { id: number; teamId: number; crewId: number },
  next: number | null,
) {
  await q.releaseBookingMember(tx, booking.teamId, booking.crewId, booking.id, next);
}

export async function removeMember(db: Database, viewer: Viewer, teamId: number, userId: number) {
  await ownedTeam(db, teamId, viewer);
  const removed = await q.removeMember(db, teamId, userId);
  if (removed.length === 0) throw new NotFoundError(TEAM_MESSAGES.memberNotFound);
}

/**
 * A member leaves a team (issue 30): their place on the crew sheet goes, so the position is free
 * again, and the owner hears of it. The owner closes a team instead; someone only invited declines.
 */
export async function leaveTeam(db: Database, viewer: Viewer, teamId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await q.findTeamAs(tx, teamId, viewer.user.id);
    const decision = leaveDecision(found ? teamRole(viewer.user.id, found.team, found.membership) : null);
    if (!decision.ok || !found) {
      if (decision.ok === false && decision.reason === 'owner')
        throw new ConflictError(TEAM_MESSAGES.ownerCannotLeave);
      if (decision.ok === false && decision.reason === 'not_member')
        throw new ConflictError(TEAM_MESSAGES.notAMember);
      throw new NotFoundError(TEAM_MESSAGES.notFound);
    }
    // A leave raced by the owner's removal: nothing left to leave.
    if ((await q.leaveTeam(tx, teamId, viewer.user.id)).length === 0)
      throw new NotFoundError(TEAM_MESSAGES.notFound);
    await notify(
      tx,
      found.team.ownerId,
      'system',
      'Member left',
      `${personName(viewer.user)} left ${found.team.name}.`,
      { teamId },
    );
  });
}
