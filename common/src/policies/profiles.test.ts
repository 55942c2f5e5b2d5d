import { describe, expect, it } from 'vitest';
import type { UserRole } from '../schemas/auth.ts';
import type { ContactVisibility } from '../schemas/profiles.ts';
import { canManageProfile, canSeeContact, contactNeedsConnection, ownsProfile } from './profiles.ts';

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

describe('canSeeContact (who × visibility)', () => {
  type Viewer = { id: number; role: UserRole } | null;
  // Who, connected?, then public / members / connections.
  it.each<[string, Viewer, boolean, [boolean, boolean, boolean]]>([
    ['a visitor', null, false, [true, false, false]],
    ['another member', { id: 6, role: 'user' }, false, [true, true, false]],
    ['an accepted connection', { id: 6, role: 'user' }, true, [true, true, true]],
    ['the owner', { id: PROFILE, role: 'user' }, false, [true, true, true]],
    ['a moderator', { id: 7, role: 'moderator' }, false, [true, true, true]],
    ['an admin', { id: 7, role: 'admin' }, false, [true, true, true]],
  ])('%s (connected: %s)', (_, viewer, connected, expected) => {
    const settings: ContactVisibility[] = ['public', 'members', 'connections'];
    expect(
      settings.map((visibility) => canSeeContact({ viewer, profileId: PROFILE, connected }, visibility)),
    ).toEqual(expected);
  });

  it('asks for the connection fact only for a signed-in stranger to a connections-only profile', () => {
    const member = { viewer: { id: 6, role: 'user' as const }, profileId: PROFILE };
    expect(contactNeedsConnection(member, 'connections')).toBe(true);
    expect(contactNeedsConnection(member, 'members')).toBe(false);
    expect(contactNeedsConnection({ viewer: null, profileId: PROFILE }, 'connections')).toBe(false);
    expect(
      contactNeedsConnection({ viewer: { id: PROFILE, role: 'user' }, profileId: PROFILE }, 'connections'),
    ).toBe(false);
    expect(
      contactNeedsConnection({ viewer: { id: 7, role: 'moderator' }, profileId: PROFILE }, 'connections'),
    ).toBe(false);
  });
});
