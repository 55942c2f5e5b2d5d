import { and, eq, type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '#common/limits';
import type { SearchResponse } from '#common/schemas/search';
import { ratingSummaries, unavailableDays, userRoles, users } from '#server/db/schema/index.ts';
import { insertDemoCrew } from '#server/db/seed/insert-crew.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

/** The UTC day `offset` days from today, as YYYY-MM-DD. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * ADR 042: crew_search_roles holds crew_search once per role of each member, kept by triggers, and
 * a listing by one role reads it. Whatever is written, it holds what crew_search holds, and the
 * listing answers what crew_search answers.
 */
describe('the search index per role', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await insertDemoCrew(t.db, 60, 0);
  });

  /** Rows in one and not the other, both ways: none when the two are in step. */
  async function outOfStep() {
    const { rows } = await t.db.execute(sql`
      with expected as (
        select cs.user_id, r.role_id, cs.location, cs.rating_score, cs.busy_until
        from crew_search cs cross join unnest(cs.role_ids) as r(role_id)),
      stored as (select user_id, role_id, location, rating_score, busy_until from crew_search_roles)
      (select 'missing' as side, * from (table expected except table stored) m)
      union all
      (select 'extra' as side, * from (table stored except table expected) e)`);
    return rows;
  }

  it('holds every role of every crew member, after the seed', async () => {
    expect(await outOfStep()).toEqual([]);
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from crew_search_roles`);
    expect(rows[0]?.n).toBeGreaterThanOrEqual(60);
  });

  it('follows roles, places, ratings, busy days, suspension and deletion', async () => {
    const [member] = await t.db.select({ id: users.id }).from(users).orderBy(users.id).limit(1);
    const id = member?.id as number;
    const { rows: roleRows } = await t.db.execute<{ id: number }>(
      sql`select id from roles where id <> all(coalesce((select role_ids from crew_search where user_id = ${id}), '{}')) order by id limit 2`,
    );
    const [extra, another] = roleRows.map((row) => row.id) as [number, number];
    const writes: [string, () => Promise<unknown>][] = [
      ['a role added', () => t.db.insert(userRoles).values({ userId: id, roleId: extra, position: 5 })],
      [
        'another role added',
        () => t.db.insert(userRoles).values({ userId: id, roleId: another, position: 6 }),
      ],
      [
        'a role removed',
        () => t.db.delete(userRoles).where(and(eq(userRoles.userId, id), eq(userRoles.roleId, extra))),
      ],
      ['moved', () => t.db.update(users).set({ location: 'Lantern Bay, NS' }).where(eq(users.id, id))],
      [
        'reviewed',
        () =>
          t.db
            .insert(ratingSummaries)
            .values({ userId: id, reviewCount: 40, ratingSum: 200, count5: 40 })
            .onConflictDoUpdate({
              target: ratingSummaries.userId,
              set: { reviewCount: 40, ratingSum: 200, count5: 40 },
            }),
      ],
      ['booked ahead', () => t.db.insert(unavailableDays).values({ userId: id, day: day(60) })],
      ['suspended', () => t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, id))],
      ['restored', () => t.db.update(users).set({ suspendedAt: null }).where(eq(users.id, id))],
      ['every role removed', () => t.db.delete(userRoles).where(eq(userRoles.userId, id))],
    ];
    const counts: number[] = [];
    for (const [what, write] of writes) {
      await write();
      expect(await outOfStep(), what).toEqual([]);
      const { rows } = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from crew_search_roles where user_id = ${id}`,
      );
      counts.push(rows[0]?.n as number);
    }
    // The member's rows as the writes went: a role more, one fewer, none while suspended.
    expect(counts.at(1)).toBe((counts.at(0) as number) + 1);
    expect(counts.at(2)).toBe(counts.at(0));
    expect(counts.at(6)).toBe(0);
    expect(counts.at(7)).toBe(counts.at(5));
    expect(counts.at(8)).toBe(0);
  });

  it('lists a role, alone, in a place and free on dates, as the whole index does', async () => {
    const { rows } = await t.db.execute<{ role: number; location: string }>(sql`
      select r.role_id as role, cs.location from crew_search cs cross join unnest(cs.role_ids) r(role_id)
      group by 1, 2 order by count(*) desc, 1, 2 limit 1`);
    const { role, location } = rows[0] as { role: number; location: string };
    const [busy] = (
      await t.db.execute<{ id: number }>(sql`
        select user_id as id from crew_search where ${role} = any(role_ids) and location = ${location}
        order by rating_score desc, user_id desc limit 1`)
    ).rows;
    await t.db.insert(unavailableDays).values({ userId: busy?.id as number, day: day(3) });
    const cases: [string, SQL][] = [
      [`role=${role}`, sql`true`],
      [`role=${role}&location=${encodeURIComponent(location)}`, sql`cs.location = ${location}`],
      [
        `role=${role}&location=${encodeURIComponent(location)}&availableFrom=${day(2)}&availableTo=${day(4)}`,
        sql`cs.location = ${location} and not exists (
          select 1 from member_busy_days b where b.user_id = cs.user_id and b.day between ${day(2)} and ${day(4)})`,
      ],
    ];
    for (const [query, where] of cases) {
      const res = await t.app.inject({ method: 'GET', url: `/api/search?${query}&limit=50` });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<SearchResponse>();
      const { rows: expected } = await t.db.execute<{ id: number }>(sql`
        select cs.user_id as id from crew_search cs where ${role} = any(cs.role_ids) and ${where}
        order by cs.rating_score desc, cs.user_id desc`);
      expect(
        body.results.map((r) => r.id),
        query,
      ).toEqual(expected.slice(0, 50).map((r) => r.id));
      expect(body.total, query).toBe(expected.length);
    }
    // A listing by one role reads crew_search_roles: a member taken out of it is out of the list.
    const listed = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/search?role=${role}&limit=50` }))
        .json<SearchResponse>()
        .results.map((r) => r.id);
    const [first] = await listed();
    await t.db.execute(sql`delete from crew_search_roles where user_id = ${first} and role_id = ${role}`);
    expect(await listed()).not.toContain(first);
    await t.db.execute(sql`select crew_search_roles_add(array[${first}]::integer[])`);
    expect(await listed()).toContain(first);
    expect(await outOfStep()).toEqual([]);
    const free = await t.app.inject({
      method: 'GET',
      url: `/api/search?role=${role}&location=${encodeURIComponent(location)}&availableFrom=${day(2)}&availableTo=${day(4)}`,
    });
    expect(free.json<SearchResponse>().results.map((r) => r.id)).not.toContain(busy?.id);
  });

  it('pages through a role, past its last page and past the exact count, as the whole index does', async () => {
    const { rows } = await t.db.execute<{ role: number; location: string }>(sql`
      select r.role_id as role, cs.location from crew_search cs cross join unnest(cs.role_ids) r(role_id)
      group by 1, 2 order by count(*) desc, 1, 2 limit 1`);
    const { role, location } = rows[0] as { role: number; location: string };
    const search = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/search?role=${role}&${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<SearchResponse>();
    };
    const ranked = async (where: SQL) =>
      (
        await t.db.execute<{ id: number }>(sql`
          select cs.user_id as id from crew_search cs where ${role} = any(cs.role_ids) and ${where}
          order by cs.rating_score desc, cs.user_id desc`)
      ).rows.map((r) => r.id);
    const everywhere = await ranked(sql`true`);
    const inPlace = await ranked(sql`cs.location = ${location}`);
    expect(inPlace.length).toBeGreaterThanOrEqual(2);
    const place = `location=${encodeURIComponent(location)}`;
    // The second page, alone and in a place.
    const second = await search('limit=2&page=2');
    expect(second.results.map((r) => r.id)).toEqual(everywhere.slice(2, 4));
    expect(second.total).toBe(everywhere.length);
    expect((await search(`${place}&limit=1&page=2`)).results.map((r) => r.id)).toEqual(inPlace.slice(1, 2));
    // Past the last page: no cards, and the count (made on its own) still exact.
    for (const [query, expected] of [
      ['limit=10&page=50', everywhere],
      [`${place}&limit=10&page=50`, inPlace],
    ] as const) {
      const past = await search(query);
      expect(past.results, query).toEqual([]);
      expect(past.total, query).toBe(expected.length);
      expect(past.totalIsCapped, query).toBe(false);
    }
    // Past the exact count: 200 more crew in the role, and the total becomes an estimate.
    await insertDemoCrew(t.db, 200, 5000);
    await t.db.execute(sql`
      insert into ${userRoles} (user_id, role_id) select id, ${role} from ${users} on conflict do nothing`);
    await t.db.execute(sql`analyze crew_search`);
    const many = await ranked(sql`true`);
    expect(many.length).toBeGreaterThan(LIMITS.searchExactCountMax);
    const first = await search('limit=20');
    expect(first.results.map((r) => r.id)).toEqual(many.slice(0, 20));
    expect(first.totalIsCapped).toBe(true);
    expect(first.total).toBeGreaterThan(LIMITS.searchExactCountMax);
    const beyond = await search('limit=50&page=20');
    expect(beyond.results).toEqual([]);
    expect(beyond.totalIsCapped).toBe(true);
    expect(beyond.total).toBeGreaterThan(LIMITS.searchExactCountMax);
    expect(await outOfStep()).toEqual([]);
  });
});
