import type { Random } from './random.ts';

/** What a colleague writes, by the stars they give: specific, the way crew talk about crew. */
const OPENINGS: Record<number, readonly string[]> = {
  5: [
    'One of the best I have worked with.',
    'Would hire again in a heartbeat.',
    'An absolute professional from prep to wrap.',
    'First call for my next feature.',
  ],
  4: [
    'Solid, reliable and easy to work with.',
    'Really good work under pressure.',
    'Would happily work together again.',
  ],
  3: ['Did the job, with a few bumps along the way.', 'Capable, though communication could be better.'],
  2: [
    'Talented, but timekeeping was a real problem on our shoot.',
    'The work was uneven and needed fixes in post.',
  ],
  1: ['Left the production two days before wrap without notice.', 'Did not deliver what was agreed.'],
};

const DETAILS = [
  'Always on set early and prepared.',
  'Kept the department calm during a brutal night shoot.',
  'Solved a lighting problem in minutes that would have cost us the day.',
  'Great with the cast and the rest of the crew.',
  'Clear about rates and schedule from the first call.',
  'Brought ideas that made the film better.',
  'Worked fast without cutting corners.',
  'Handled a last-minute location change without fuss.',
];

export interface DemoReview {
  /** The reviewer is the demo member this many places earlier in the sequence. */
  reviewerDistance: number;
  rating: number;
  text: string;
  projectName: string;
}

/** Ratings cluster around a person's own level, as real reviews do: most good, a few poor. */
export function writeReviews(random: Random, projects: readonly string[]): DemoReview[] {
  const count = random.pick([0, 0, 1, 2, 3, 4, 6, 9] as const);
  const level = 3.2 + random.next() * 1.8;
  const distances = new Set<number>();
  while (distances.size < count) distances.add(random.int(1, 40));
  return [...distances].map((reviewerDistance) => {
    const rating = Math.max(1, Math.min(5, Math.round(level + (random.next() - 0.5) * 1.6)));
    const opening = random.pick(OPENINGS[rating] ?? OPENINGS[4] ?? []);
    const detail = rating >= 4 ? ` ${random.pick(DETAILS)}` : '';
    return { reviewerDistance, rating, text: `${opening}${detail}`, projectName: random.pick(projects) };
  });
}
