import { describe, expect, it } from 'vitest';
import { mismatchText, roleMismatch } from './invite-role.ts';

const gaffer = { role: { id: 7, name: 'Gaffer' } };

describe('inviting to a position outside someone’s roles (issue 31)', () => {
  it('asks first only when the position’s role is not among theirs', () => {
    expect(roleMismatch(gaffer, [{ id: 3 }, { id: 9 }])).toBe(true);
    expect(roleMismatch(gaffer, [])).toBe(true);
    expect(roleMismatch(gaffer, [{ id: 3 }, { id: 7 }])).toBe(false);
    // "Any position" names no role.
    expect(roleMismatch(undefined, [{ id: 3 }])).toBe(false);
    expect(mismatchText('Sam O.', gaffer)).toBe(
      'Sam O. does not list Gaffer among their roles. Invite them as Gaffer anyway?',
    );
  });
});
