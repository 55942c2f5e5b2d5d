import { allow, type Decision, refuse } from './decision.ts';
import { hasPremium } from './premium.ts';

/** What the viewer is to a team. Anyone else (a declined invitee too) may not know it exists. */
export type TeamRole = 'owner' | 'member' | 'invited';
export type TeamStatus = 'open' | 'closed';
export type MembershipStatus = 'invited' | 'accepted' | 'declined';

export function teamRole(
  viewerId: number,
  team: { ownerId: number },
  membership: { status: MembershipStatus } | null | undefined,
): TeamRole | null {
  if (team.ownerId === viewerId) return 'owner';
  if (membership?.status === 'accepted') return 'member';
  if (membership?.status === 'invited') return 'invited';
  return null;
}

export const canViewTeam = (role: TeamRole | null): role is TeamRole => role !== null;
/** Its details, positions and members: the owner's alone. */
export const canManageTeam = (role: TeamRole | null) => role === 'owner';
export const canAnswerInvite = (role: TeamRole | null) => role === 'invited';

/**
 * Leaving a team (issue 30): only a member on it leaves. The owner cannot (`owner`: they close the
 * team instead); someone only invited declines the invitation (`not_member`); anyone else may not
 * know the team exists (`not_found`).
 */
export function leaveDecision(role: TeamRole | null): Decision<'owner' | 'not_member' | 'not_found'> {
  if (role === 'member') return allow;
  if (role === 'owner') return refuse('owner');
  if (role === 'invited') return refuse('not_member');
  return refuse('not_found');
}

export const canLeaveTeam = (role: TeamRole | null) => leaveDecision(role).ok;

/** Crewing up (inviting, or booking someone for a position) happens on one's own open team. */
export function crewingDecision(team: {
  role: TeamRole | null;
  status: TeamStatus;
}): Decision<'not_owner' | 'closed'> {
  if (!canManageTeam(team.role)) return refuse('not_owner');
  if (team.status === 'closed') return refuse('closed');
  return allow;
}

export const canCrewTeam = (team: { role: TeamRole | null; status: TeamStatus }) => crewingDecision(team).ok;

/**
 * Inviting someone: crewing up, which needs Premium still (it may have ended since the team was
 * made), and never oneself. Whether the two may be in contact at all is canContact's question.
 */
export function inviteDecision(
  inviter: { id: number; isSubscribed: boolean },
  team: { role: TeamRole | null; status: TeamStatus },
  inviteeId: number,
): Decision<'not_owner' | 'premium' | 'closed' | 'self'> {
  if (!canManageTeam(team.role)) return refuse('not_owner');
  if (!hasPremium(inviter)) return refuse('premium');
  const crewing = crewingDecision(team);
  if (!crewing.ok) return crewing;
  if (inviteeId === inviter.id) return refuse('self');
  return allow;
}
