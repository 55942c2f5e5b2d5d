import { describe, expect, it } from 'vitest';
import { ROLE_CATALOGUE } from '#common/roles';
import { matchRoles } from './role-matches.ts';

const roles = ROLE_CATALOGUE.map((role, index) => ({ id: index + 1, name: role.name }));
const names = (text: string, limit?: number) => matchRoles(text, roles, limit).map((role) => role.name);

describe('matchRoles', () => {
  it('needs two characters', () => {
    expect(names('')).toEqual([]);
    expect(names('g')).toEqual([]);
  });

  it('puts the exact name first, then names and words starting with the text', () => {
    expect(names('gaffer')).toEqual(['Gaffer']);
    expect(names('Director')[0]).toBe('Director');
    // "direc…" may also be the start of "director of photography", a cinematographer: last.
    expect(names('direc', 5)).toEqual([
      'Director',
      'Art Director',
      'Assistant Director',
      'Casting Director',
      'Cinematographer',
    ]);
    expect(names('cinemat')).toEqual(['Cinematographer']);
  });

  it('finds roles through crew synonyms', () => {
    expect(names('DP')).toEqual(['Cinematographer']);
    expect(names('dop')).toEqual(['Cinematographer']);
    expect(names('AD')).toEqual(['Assistant Director']);
    expect(names('sound recordist')).toEqual(['Sound Mixer']);
    expect(names('colourist')).toEqual(['Colorist']);
    expect(names('mocap')).toEqual(['Motion Capture Performer']);
    expect(names('vfx')).toEqual(['VFX Artist']);
  });

  it('knows the abbreviations of the everyday crew roles (issue 31)', () => {
    expect(names('1st AC')).toEqual(['First Assistant Camera']);
    expect(names('2nd AC')).toEqual(['Second Assistant Camera']);
    // "ac" also starts "Actor": the camera assistants come after the names that start with it.
    expect(names('AC', 20).slice(-2)).toEqual(['First Assistant Camera', 'Second Assistant Camera']);
    expect(names('DIT')).toEqual(['DIT']);
    expect(names('BBE')).toEqual(['Best Boy Electric']);
    expect(names('PA')).toEqual(['Production Assistant']);
  });

  it('does not read a single letter of an abbreviation as the abbreviation', () => {
    expect(names('dx')).toEqual([]);
  });

  it('ignores case and punctuation and honours the limit', () => {
    expect(names('  STAND-IN ')).toEqual(['Stand-in']);
    expect(names('actor', 2)).toHaveLength(2);
  });
});
