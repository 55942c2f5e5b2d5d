import { describe, expect, it } from 'vitest';
import {
  canAnswerInvite,
  canCrewTeam,
  canLeaveTeam,
  canManageTeam,
  canViewTeam,
  crewingDecision,
  inviteDecision,
  leaveDecision,
  type MembershipStatus,
  type TeamRole,
  teamRole,
} from './teams.ts';

const OWNER = 1;
const OTHER = 2;
const team = { ownerId: OWNER };

describe('teamRole (who × membership)', () => {
  it.each<[number, MembershipStatus | null, TeamRole | null]>([
    [OWNER, null, 'owner'],
    [OWNER, 'accepted', 'owner'],
    [OTHER, 'accepted', 'member'],
    [OTHER, 'invited', 'invited'],
    [OTHER, 'declined', null],
    [OTHER, null, null],
  ])('member %i with membership %s is %s', (viewer, status, role) => {
    expect(teamRole(viewer, team, status === null ? undefined : { status })).toBe(role);
  });
});

describe('what each role may do', () => {
  it.each<[TeamRole | null, { view: boolean; manage: boolean; answer: boolean }]>([
    ['owner', { view: true, manage: true, answer: false }],
    ['member', { view: true, manage: false, answer: false }],
    ['invited', { view: true, manage: false, answer: true }],
    [null, { view: false, manage: false, answer: false }],
  ])('%s', (role, may) => {
    expect({ view: canViewTeam(role), manage: canManageTeam(role), answer: canAnswerInvite(role) }).toEqual(
      may,
    );
  });
});

describe('crewing up and inviting (role × Premium × team status × invitee)', () => {
  it.each<
    [TeamRole | null, boolean, 'open' | 'closed', number, true | 'not_owner' | 'premium' | 'closed' | 'self']
  >([
    ['owner', true, 'open', OTHER, true],
    ['owner', true, 'closed', OTHER, 'closed'],
    ['owner', false, 'open', OTHER, 'premium'],
    ['owner', false, 'closed', OTHER, 'premium'],
    ['owner', true, 'open', OWNER, 'self'],
    ['member', true, 'open', OTHER, 'not_owner'],
    ['invited', true, 'open', OTHER, 'not_owner'],
    [null, true, 'open', OTHER, 'not_owner'],
  ])('%s (Premium %s) of a %s team inviting %i: %s', (role, isSubscribed, status, invitee, expected) => {
    expect(inviteDecision({ id: OWNER, isSubscribed }, { role, status }, invitee)).toEqual(
      expected === true ? { ok: true } : { ok: false, reason: expected },
    );
  });

  it.each<[TeamRole | null, 'open' | 'closed', true | 'not_owner' | 'closed']>([
    ['owner', 'open', true],
    ['owner', 'closed', 'closed'],
    ['member', 'open', 'not_owner'],
    ['invited', 'closed', 'not_owner'],
    [null, 'open', 'not_owner'],
  ])('%s of a %s team crewing up: %s', (role, status, expected) => {
    expect(crewingDecision({ role, status })).toEqual(
      expected === true ? { ok: true } : { ok: false, reason: expected },
    );
    expect(canCrewTeam({ role, status })).toBe(expected === true);
  });
});

describe('leaveDecision (role)', () => {
  it.each<[TeamRole | null, true | string]>([
    ['member', true],
    ['owner', 'owner'],
    ['invited', 'not_member'],
    [null, 'not_found'],
  ])('%s leaving: %s', (role, expected) => {
    expect(leaveDecision(role)).toEqual(expected === true ? { ok: true } : { ok: false, reason: expected });
    expect(canLeaveTeam(role)).toBe(expected === true);
  });
});
