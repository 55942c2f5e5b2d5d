import { describe, expect, it } from 'vitest';
import type { UserRole } from '../schemas/auth.ts';
import {
  accountActionDecision,
  hasStaffRole,
  REAUTH_WINDOW_MS,
  reauthProof,
  recentlyReauthenticated,
  revokeSessionDecision,
  staffDecision,
} from './staff.ts';

describe('staffDecision (role × second factor on the account × in this session × level)', () => {
  type Expected = true | 'not_staff' | 'second_factor' | 'session_second_factor';
  it.each<[UserRole | null, boolean, boolean, 'moderator' | 'admin', Expected]>([
    [null, false, false, 'moderator', 'not_staff'],
    ['user', true, true, 'moderator', 'not_staff'],
    ['moderator', true, true, 'moderator', true],
    ['moderator', true, false, 'moderator', 'session_second_factor'],
    ['moderator', false, false, 'moderator', 'second_factor'],
    ['moderator', true, true, 'admin', 'not_staff'],
    ['admin', true, true, 'moderator', true],
    ['admin', true, true, 'admin', true],
    ['admin', true, false, 'admin', 'session_second_factor'],
    ['admin', false, false, 'admin', 'second_factor'],
    ['user', false, false, 'admin', 'not_staff'],
  ])(
    '%s with two-factor %s, shown in this session %s, at %s level: %s',
    (role, twoFactorEnabled, sessionSecondFactor, level, expected) => {
      const viewer = role === null ? null : { role, twoFactorEnabled, sessionSecondFactor };
      expect(staffDecision(viewer, level)).toEqual(
        expected === true ? { ok: true } : { ok: false, reason: expected },
      );
      expect(hasStaffRole(role ?? undefined, level)).toBe(expected !== 'not_staff');
    },
  );

  it.each([
    [true, 'code'],
    [false, 'password'],
  ] as const)('re-authenticating an account with two-factor %s takes a %s', (twoFactorEnabled, proof) => {
    expect(reauthProof({ twoFactorEnabled })).toBe(proof);
  });
});

describe('re-authentication window', () => {
  const now = Date.parse('2026-06-15T12:00:00Z');
  const at = (msAgo: number) => new Date(now - msAgo);

  it.each([
    [0, true],
    [REAUTH_WINDOW_MS - 1, true],
    [REAUTH_WINDOW_MS, false],
    [REAUTH_WINDOW_MS * 3, false],
  ])('proved %i ms ago: %s', (ago, expected) => {
    expect(recentlyReauthenticated({ reauthenticatedAt: at(ago) }, now)).toBe(expected);
  });

  it.each([
    ['their own session, long ago', 7, REAUTH_WINDOW_MS * 2, true],
    ["someone else's, just now", 8, 1000, true],
    ["someone else's, long ago", 8, REAUTH_WINDOW_MS * 2, false],
  ])('revoking %s', (_, owner, ago, expected) => {
    const decision = revokeSessionDecision({ id: 7, reauthenticatedAt: at(ago) }, { userId: owner }, now);
    expect(decision).toEqual(expected ? { ok: true } : { ok: false, reason: 'reauth' });
  });
});

describe('acting on an account (actor × target)', () => {
  it.each<[UserRole, UserRole, boolean, true | 'self' | 'staff_target']>([
    ['moderator', 'user', false, true],
    ['admin', 'user', false, true],
    ['moderator', 'moderator', false, 'staff_target'],
    ['moderator', 'admin', false, 'staff_target'],
    ['admin', 'moderator', false, true],
    ['admin', 'admin', false, true],
    ['admin', 'admin', true, 'self'],
    ['moderator', 'moderator', true, 'self'],
  ])('a %s acting on a %s (themselves: %s): %s', (actorRole, targetRole, self, expected) => {
    const decision = accountActionDecision(
      { id: 1, role: actorRole },
      { id: self ? 1 : 2, role: targetRole },
    );
    expect(decision).toEqual(expected === true ? { ok: true } : { ok: false, reason: expected });
  });
});
