import { ROLE_CATALOGUE, type RoleCategory } from '#common/roles';
import { type DemoReview, writeReviews } from './demo-reviews.ts';
import {
  CREDENTIAL_TITLES,
  FILM_CITIES,
  FIRST_NAMES,
  GENRES,
  INSTITUTIONS,
  LAST_NAMES,
  PROJECT_WORDS,
  SKILLS,
  STRENGTHS,
} from './demo-words.ts';
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
  experiences: {
    title: string;
    projectName: string;
    startDate: string;
    endDate: string | null;
    description: string;
  }[];
  credentials: { title: string; institution: string; year: number }[];
  tags: string[];
  portfolio: { title: string; url: string; description: string }[];
  /** Reviews this member received from earlier members. */
  reviews: DemoReview[];
}

function pickSome<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0)
    chosen.push(pool.splice(Math.floor(random.next() * pool.length), 1)[0] as T);
  return chosen;
}

/** A career that reads true: recent jobs first, each a few months long, the latest possibly ongoing. */
function writeExperiences(random: Random, roles: string[], genre: string): DemoCrewMember['experiences'] {
  // Months since year 0, counting back from late 2026.
  let cursor = 2026 * 12 + random.int(0, 9);
  const day = (months: number) =>
    `${Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}-01`;
  return Array.from({ length: random.int(2, 5) }, (_, index) => {
    const end = cursor;
    const start = end - random.int(1, 6);
    cursor = start - random.int(0, 4);
    const project = random.pick(PROJECT_WORDS);
    const role = roles[index % roles.length] ?? 'Crew';
    return {
      title: role,
      projectName: project,
      startDate: day(start),
      endDate: index === 0 && random.chance(0.3) ? null : day(end),
      description: `${role} on "${project}", ${genre.replace(/s$/, '')}.`,
    };
  });
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
    const genre = random.pick(GENRES);
    yield {
      username,
      email: `${username}@example.com`,
      displayName: `${first} ${last}`,
      location,
      bio: writeBio(random, roleNames, category, location),
      roleNames,
      experiences: writeExperiences(random, roleNames, genre),
      credentials: pickSome(random, CREDENTIAL_TITLES[category] ?? [], random.int(1, 2)).map((title) => ({
        title,
        institution: random.pick(INSTITUTIONS),
        year: random.int(1998, 2025),
      })),
      tags: pickSome(random, SKILLS[category] ?? [], random.int(3, 6)),
      portfolio: random.chance(0.35)
        ? [
            {
              title: 'Website and reel',
              url: `https://${username.replace('.', '-')}.example.com`,
              description: `Stills, reel and credits of ${first} ${last}.`,
            },
          ]
        : [],
      reviews: writeReviews(random, PROJECT_WORDS),
    };
  }
}
