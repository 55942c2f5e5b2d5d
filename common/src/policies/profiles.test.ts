import { describe, expect, it } from 'vitest';
import type { UserRole } from '../schemas/auth.ts';
import { canManageProfile, ownsProfile } from './profiles.ts';

const PROFILE = 5;

describe('profiles (who × profile)', () => {
  it.each<[string, { id: number; role: UserRole } | null, boolean, boolean]>([
    ['a visitor', null, false, false],
    ['the owner', { id: PROFILE, role: 'user' }, true, true],
    ['another member', { id: 6, role: 'user' }, false, false],
    ['a moderator', { id: 6, role: 'moderator' }, false, false],
    ['an admin', { id: 6, role: 'admin' }, false, false],
    ['an admin on their own profile', { id: PROFILE, role: 'admin' }, true, true],
  ])('%s: owns %s, manages %s', (_, viewer, owns, manages) => {
    expect(ownsProfile(viewer, PROFILE)).toBe(owns);
    expect(canManageProfile(viewer, PROFILE)).toBe(manages);
  });
});
