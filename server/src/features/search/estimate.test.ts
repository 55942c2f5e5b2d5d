import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '#common/limits';
import type { SearchResponse } from '#common/schemas/search';
import { insertDemoCrew } from '#server/db/seed/insert-crew.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { extrapolateFromTiers, type TextStatistics } from './estimate.ts';

/** A million crew in four tiers of 5 %, 10 %, 25 % and 60 %. */
const stats: TextStatistics = {
  crew: 1_000_000,
  frequencies: new Map(),
  minFrequency: 0,
  tierShares: [0.05, 0.1, 0.25, 0.6],
};

describe('extrapolateFromTiers', () => {
  it('scales the matches of the tiers read whole to everyone', () => {
    // 90 in the best 5 %, 180 in the next 10 %: 270 in 150,000 crew, so 1,800 in a million.
    expect(extrapolateFromTiers([90, 180, null, null], stats)).toBe(1_800);
  });

  it('counts a tier cut at the limit as read, which makes the figure a lower bound', () => {
    expect(extrapolateFromTiers([201, null, null, null], stats)).toBe(4_020);
    expect(extrapolateFromTiers([50, 201, null, null], stats)).toBe(1_673);
  });

  it('leaves out the tiers that were not read, and counts a tier read empty', () => {
    expect(extrapolateFromTiers([120, 120, null, null], stats)).toBe(1_600);
    // 120 and 81 in the best 40 %: 201 in 400,000.
    expect(extrapolateFromTiers([120, 0, 81, null], stats)).toBe(503);
  });

  it('says nothing when nothing was found or the tiers are unknown', () => {
    expect(extrapolateFromTiers([0, 0, 0, 0], stats)).toBeUndefined();
    expect(extrapolateFromTiers([201, null, null, null], { ...stats, tierShares: [] })).toBeUndefined();
  });
});

describe('the total of a filtered search past the bound', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await insertDemoCrew(t.db, 2000, 0);
    await t.db.execute(sql`analyze crew_search`);
  });

  it('comes from the tiers the search read, not from its words taken as independent', async () => {
    // "actor" is in every cast role's name and nowhere else: it always goes with the cast
    // filter. Taken as independent, as the planner takes them, their shares multiply to a third
    // of the truth.
    const { rows } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from crew_search cs
      where cs.document @@ to_tsquery('english', 'actor')
        and cs.role_ids && (select array_agg(id) from roles where category = 'cast')`);
    const truth = rows[0]?.n ?? 0;
    expect(truth).toBeGreaterThan(LIMITS.searchExactCountMax);
    const res = await t.app.inject({ method: 'GET', url: '/api/search?q=actor%20&category=cast' });
    expect(res.statusCode).toBe(200);
    const body: SearchResponse = res.json();
    expect(body.totalIsCapped).toBe(true);
    expect(Math.abs(body.total - truth)).toBeLessThan(truth * 0.25);
  });
});
