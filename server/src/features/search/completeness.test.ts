import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '#common/schemas/search';
import {
  crewSearch,
  experiences,
  FEATURED_MIN_COMPLETENESS,
  PROFILE_COMPLETENESS_POINTS,
  portfolioItems,
  ratingSummaries,
  roles,
  userRoles,
  users,
  userTags,
} from '#server/db/schema/index.ts';
import { insertDemoCrew } from '#server/db/seed/insert-crew.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

/**
 * Issue 33: search ranks by how useful a profile is to a production. A nameless, photo-less test
 * account matching "gaffer atlanta" ranked above 4.9-star crew, because its short document got
 * the highest ts_rank; completeness (crew_search.profile_completeness) now weighs the rank, and
 * the featured lists leave nameless profiles out.
 */
describe('profile completeness in search and featured lists', () => {
  let t: TestApp;
  let gaffer: number;
  let complete: number;
  let empty: number;

  const get = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const completenessOf = async (userId: number) =>
    (
      await t.db
        .select({ value: crewSearch.profileCompleteness })
        .from(crewSearch)
        .where(eq(crewSearch.userId, userId))
    )[0]?.value;

  async function addUser(values: typeof users.$inferInsert, reviews: { count: number; sum: number }) {
    const [row] = await t.db.insert(users).values(values).returning({ id: users.id });
    if (!row) throw new Error('insert failed');
    await t.db.insert(userRoles).values({ userId: row.id, roleId: gaffer, position: 0 });
    await t.db.insert(ratingSummaries).values({
      userId: row.id,
      reviewCount: reviews.count,
      ratingSum: reviews.sum,
      count5: reviews.count,
    });
    return row.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const [role] = await t.db.select().from(roles).where(eq(roles.name, 'Gaffer'));
    if (!role) throw new Error('no Gaffer role');
    gaffer = role.id;
    await insertDemoCrew(t.db, 120, 0);
    complete = await addUser(
      {
        username: 'wendeline_oyelaran',
        email: 'wendeline@example.com',
        displayName: 'Wendeline Oyelaran',
        location: 'Atlanta, GA',
        profileImage: '/media/avatars/wendeline.webp',
        bio: 'Chief lighting technician for features and prestige series shooting in Georgia.',
      },
      // 4.9 stars over twenty reviews.
      { count: 20, sum: 98 },
    );
    await t.db.insert(userTags).values([
      { userId: complete, tag: 'Night exteriors' },
      { userId: complete, tag: 'LED rigging' },
    ]);
    await t.db
      .insert(experiences)
      .values({ userId: complete, title: 'Gaffer', projectName: 'Peachtree Nights', position: 0 });
    await t.db.insert(portfolioItems).values({
      userId: complete,
      kind: 'link',
      title: 'Lighting reel',
      url: 'https://example.com/reel',
      position: 0,
    });
    // A test account: a role and a place, no name, no photo, no bio; rated better than anyone.
    empty = await addUser(
      { username: 'qa_probe_7', email: 'qa.probe.7@example.com', location: 'Atlanta, GA' },
      { count: 60, sum: 300 },
    );
  });

  it('scores each part of a profile as PROFILE_COMPLETENESS_POINTS says, kept by the writes', async () => {
    expect(Object.values(PROFILE_COMPLETENESS_POINTS).reduce((a, b) => a + b, 0)).toBe(100);
    // The name outweighs everything but the role together: no nameless profile is featured.
    const { displayName, role, ...others } = PROFILE_COMPLETENESS_POINTS;
    expect(role + Object.values(others).reduce((a, b) => a + b, 0)).toBeLessThan(FEATURED_MIN_COMPLETENESS);
    expect(await completenessOf(complete)).toBe(100);
    const { role: r, location } = PROFILE_COMPLETENESS_POINTS;
    expect(await completenessOf(empty)).toBe(r + location);
    // Each part alone, as the database's function counts it.
    const flags = ['display_name', 'profile_image', 'bio', 'location'] as const;
    const points = [displayName, PROFILE_COMPLETENESS_POINTS.photo, others.bio, location];
    for (const [index, flag] of flags.entries()) {
      const args = flags.map((other) => (other === flag ? sql`'x'` : sql`null`));
      const { rows } = await t.db.execute<{ value: number }>(
        sql`select crew_profile_completeness(${sql.join(args, sql`, `)}, false, false, false, false) as value`,
      );
      expect(rows[0]?.value, flag).toBe(points[index]);
    }
    const blank = await t.db.execute<{ value: number }>(
      sql`select crew_profile_completeness('  ', '', ' ', '', true, true, true, true) as value`,
    );
    expect(blank.rows[0]?.value).toBe(role + others.experience + others.skills + others.portfolio);
  });

  it('ranks the complete profile above the empty one for the same words', async () => {
    for (const q of ['gaffer%20atlanta', 'gaffer%20atlanta%20', 'atlanta%20gaffer']) {
      const body = await get<SearchResponse>(`/api/search?q=${q}&limit=50`);
      const order = body.results.map((result) => result.id);
      expect(order, q).toContain(empty);
      expect(order.indexOf(complete), q).toBe(0);
      expect(order.indexOf(complete)).toBeLessThan(order.indexOf(empty));
    }
    // Narrowed to the role and the place too (facet words, ADR 014).
    const narrowed = await get<SearchResponse>(
      `/api/search?q=gaffer&role=${gaffer}&location=Atlanta&limit=50`,
    );
    const order = narrowed.results.map((result) => result.id);
    expect(order[0]).toBe(complete);
    expect(order).toContain(empty);
  });

  it('leaves the empty profile out of the featured lists, even when staff feature it', async () => {
    await t.db.update(users).set({ featuredAt: sql`now()` }).where(eq(users.id, empty));
    for (const url of [
      '/api/users/top-rated?limit=50',
      `/api/top-rated?role=${gaffer}&limit=50`,
      '/api/users/top-rated?category=production&limit=50',
    ]) {
      const { crew } = await get<{ crew: { id: number }[] }>(url);
      const ids = crew.map((person) => person.id);
      expect(ids, url).not.toContain(empty);
      if (!url.includes('category')) expect(ids, url).toContain(complete);
    }
    await t.db.update(users).set({ featuredAt: null }).where(eq(users.id, empty));
  });

  it('counts a name once it is given: the profile then ranks and is featured as any other', async () => {
    await t.db.update(users).set({ displayName: 'Quinn Abernathy-Probe' }).where(eq(users.id, empty));
    const { role, location, displayName } = PROFILE_COMPLETENESS_POINTS;
    expect(await completenessOf(empty)).toBe(displayName + role + location);
    // The top-rated answer is remembered for a minute per query: ask with another limit.
    const { crew } = await get<{ crew: { id: number }[] }>(`/api/top-rated?role=${gaffer}&limit=49`);
    expect(crew.map((person) => person.id)).toContain(empty);
  });
});
