import { ROLE_CATALOGUE, type RoleCategory } from '#common/roles';
import { FILM_CITIES, FIRST_NAMES, GENRES, LAST_NAMES, PROJECT_WORDS, STRENGTHS } from './demo-words.ts';
import { createRandom, type Random } from './random.ts';

export const DEMO_SEED = 20_261_121;
export const DEMO_CREW_COUNT = 500;

export interface DemoCrewMember {
  username: string;
  email: string;
  displayName: string;
  location: string;
  bio: string;
  /** Role names from the catalogue, the primary role first. */
  roleNames: string[];
}

const cityTotal = FILM_CITIES.reduce((sum, [, weight]) => sum + weight, 0);

function pickCity(random: Random): string {
  let ticket = random.next() * cityTotal;
  for (const [city, weight] of FILM_CITIES) {
    ticket -= weight;
    if (ticket < 0) return city;
  }
  return FILM_CITIES[0]?.[0] ?? 'Los Angeles, CA';
}

/** Crew roles cluster: a gaffer is often also a grip, an editor often also a colorist. */
function pickRoles(random: Random): string[] {
  const primary = random.pick(ROLE_CATALOGUE);
  const sameCategory = ROLE_CATALOGUE.filter(
    (r) => r.category === primary.category && r.name !== primary.name,
  );
  const extra = random.pick([0, 0, 1, 1, 2] as const);
  const names = new Set([primary.name]);
  while (names.size < 1 + extra) names.add(random.pick(sameCategory).name);
  return [...names];
}

function writeBio(random: Random, roles: string[], category: RoleCategory, city: string): string {
  const [primary, ...others] = roles;
  const years = random.int(3, 28);
  const genre = random.pick(GENRES);
  const otherGenre = random.pick(GENRES.filter((g) => g !== genre));
  const strength = random.pick(STRENGTHS[category] ?? []);
  const credit = random.pick(PROJECT_WORDS);
  const also = others.length > 0 ? ` Also works as ${others.join(' and ').toLowerCase()}.` : '';
  const base = city.split(',')[0];
  return `${primary} with ${years} years on ${genre} and ${otherGenre}, based in ${base}. Recent credits include "${credit}". ${capitalise(strength)}.${also}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '');
}

/**
 * The demo crew, generated from a fixed seed so every fresh database holds the same people.
 * `offset` continues the sequence: `npm run seed` adds members after those already present, and
 * the index in the username keeps them unique.
 */
export function* generateDemoCrew(count: number, offset = 0, seed = DEMO_SEED): Generator<DemoCrewMember> {
  const random = createRandom(seed + offset);
  for (let i = 0; i < count; i++) {
    const index = offset + i + 1;
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const location = pickCity(random);
    const roleNames = pickRoles(random);
    const category = ROLE_CATALOGUE.find((r) => r.name === roleNames[0])?.category ?? 'production';
    const username = `${slug(first)}.${slug(last)}${index}`;
    yield {
      username,
      email: `${username}@example.com`,
      displayName: `${first} ${last}`,
      location,
      bio: writeBio(random, roleNames, category, location),
      roleNames,
    };
  }
}
