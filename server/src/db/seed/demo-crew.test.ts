import { describe, expect, it } from 'vitest';
import { ROLE_CATALOGUE } from '#common/roles';
import { DEMO_CREW_COUNT, generateDemoCrew } from './demo-crew.ts';
import { FILM_CITIES } from './demo-words.ts';

describe('demo crew', () => {
  const crew = [...generateDemoCrew(DEMO_CREW_COUNT)];

  it('is the same every time, so pages and tests are stable', () => {
    expect([...generateDemoCrew(DEMO_CREW_COUNT)]).toEqual(crew);
  });

  it('has unique usernames and emails', () => {
    expect(new Set(crew.map((c) => c.username.toLowerCase())).size).toBe(DEMO_CREW_COUNT);
    expect(new Set(crew.map((c) => c.email.toLowerCase())).size).toBe(DEMO_CREW_COUNT);
  });

  it('gives everyone one to three catalogue roles, a film city and a short bio', () => {
    const roleNames = new Set(ROLE_CATALOGUE.map((r) => r.name));
    const cities = new Set(FILM_CITIES.map(([city]) => city));
    for (const person of crew) {
      expect(person.roleNames.length).toBeGreaterThanOrEqual(1);
      expect(person.roleNames.length).toBeLessThanOrEqual(3);
      expect(new Set(person.roleNames).size).toBe(person.roleNames.length);
      for (const role of person.roleNames) expect(roleNames.has(role)).toBe(true);
      expect(cities.has(person.location)).toBe(true);
      expect(person.bio.length).toBeGreaterThan(40);
      expect(person.bio.length).toBeLessThanOrEqual(500);
    }
  });

  it('continues with new usernames when more crew are added later', () => {
    const more = [...generateDemoCrew(100, DEMO_CREW_COUNT)];
    const taken = new Set(crew.map((c) => c.username));
    expect(more.every((c) => !taken.has(c.username))).toBe(true);
  });
});
