import { describe, expect, it } from 'vitest';
import { ANONYMOUS_MEMBER_NAME, fallbackNameFromEmail, personName } from './people.ts';

/** E-mail → the name others see until a display name is set. */
const FALLBACK_NAME_CASES: readonly (readonly [string, string])[] = [
  ['sam.okafor@example.com', 'Sam O.'],
  ['w3free@example.com', 'W3free'],
  ['SAM_OKAFOR@Example.com', 'Sam O.'],
  ['mary-jane.watson@example.com', 'Mary J.'],
  ['jo+crew@example.com', 'Jo'],
  ['.dot.first@example.com', 'Dot F.'],
  ['sam.1990@example.com', 'Sam'],
  ['sam..okafor@example.com', 'Sam O.'],
  ['12345@example.com', ANONYMOUS_MEMBER_NAME],
  ['_.-@example.com', ANONYMOUS_MEMBER_NAME],
  ['abcdefghijklmnopqrstuvwxyzabcdef@example.com', 'Abcdefghijklmnopqrstuvwx'],
  ['twitter-123456@users.noreply.crewbase.app', ANONYMOUS_MEMBER_NAME],
  ['released-42@users.noreply.crewbase.app', ANONYMOUS_MEMBER_NAME],
];

describe('fallbackNameFromEmail', () => {
  it.each(FALLBACK_NAME_CASES)('%s → %s', (email, name) => {
    expect(fallbackNameFromEmail(email)).toBe(name);
  });

  it('never answers the address or anything after the first two tokens', () => {
    const name = fallbackNameFromEmail('sam.okafor.private@secret.example');
    expect(name).toBe('Sam O.');
    expect(name).not.toMatch(/okafor|private|secret|@/i);
  });
});

describe('personName', () => {
  it.each([
    [{ displayName: 'Sam Okafor', fallbackName: 'Sam O.' }, 'Sam Okafor'],
    [{ displayName: '  Sam Okafor  ', fallbackName: 'Sam O.' }, 'Sam Okafor'],
    [{ displayName: null, fallbackName: 'Sam O.' }, 'Sam O.'],
    [{ displayName: '   ', fallbackName: 'Sam O.' }, 'Sam O.'],
    [{ displayName: null, fallbackName: null }, ANONYMOUS_MEMBER_NAME],
  ])('%o → %s', (person, name) => {
    expect(personName(person)).toBe(name);
  });

  it('never shows the username, even when it is all there is', () => {
    const person = { username: 'w3free_mwymxy', displayName: null, fallbackName: null };
    expect(personName(person)).not.toContain('w3free');
  });
});
