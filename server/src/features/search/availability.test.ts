import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AVAILABILITY_MESSAGES } from '#common/schemas/availability';
import type { BrowseCrewResponse } from '#common/schemas/crew';
import type { SearchResponse } from '#common/schemas/search';
import {
  bookings,
  ratingSummaries,
  roles,
  unavailableDays,
  userRoles,
  users,
} from '#server/db/schema/index.ts';
import { insertDemoCrew } from '#server/db/seed/insert-crew.ts';
import { createTestApp, crossTransactions, type TestApp } from '../../../test/helpers.ts';

/** The UTC day `offset` days from today, as YYYY-MM-DD. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Issue 35: search and browse by dates. Busy = an accepted booking, a hold the crew member agreed
 * to, or an unavailable day (member_busy_days, kept by triggers, ADR 033); the answer says how many
 * days are free, never who or why.
 */
describe('search and browse by available dates', () => {
  let t: TestApp;
  let gaffer: number;
  let grip: number;
  const crew: Record<string, number> = {};
  // The range asked about: three days, ten days from now.
  const from = day(10);
  const to = day(12);
  const place = 'Quillhaven, GA';
  const dates = `availableFrom=${from}&availableTo=${to}`;

  const get = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const search = (query: string) => get<SearchResponse>(`/api/search?location=quillhaven&${query}`);
  const names = (body: SearchResponse) => body.results.map((r) => r.username).sort();

  async function addCrew(name: string, roleId: number, reviews: number) {
    const [row] = await t.db
      .insert(users)
      .values({
        username: name,
        email: `${name}@example.com`,
        displayName: `Zorblat ${name.replace('avail_', '')}`,
        location: place,
      })
      .returning({ id: users.id });
    if (!row) throw new Error('insert failed');
    await t.db.insert(userRoles).values({ userId: row.id, roleId, position: 0 });
    await t.db
      .insert(ratingSummaries)
      .values({ userId: row.id, reviewCount: reviews, ratingSum: reviews * 4, count4: reviews });
    crew[name] = row.id;
    return row.id;
  }

  let producer: number;
  async function book(
    crewId: number,
    startDate: string,
    endDate: string,
    status: typeof bookings.$inferInsert.status,
    agreed = false,
  ) {
    const [row] = await t.db
      .insert(bookings)
      .values({
        requesterId: producer,
        crewId,
        roleId: gaffer,
        startDate,
        endDate,
        rate: 50_000,
        currency: 'USD',
        message: 'Secret Production Nightjar',
        status,
        holdAgreedAt: agreed ? new Date() : null,
      })
      .returning({ id: bookings.id });
    return row?.id as number;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const all = await t.db.select().from(roles);
    gaffer = all.find((r) => r.name === 'Gaffer')?.id as number;
    grip = all.find((r) => r.name === 'Key Grip')?.id as number;
    expect(gaffer && grip).toBeTruthy();
    const [p] = await t.db
      .insert(users)
      .values({
        username: 'producer_pemberly',
        email: 'pemberly@example.com',
        displayName: 'Ottoline Pemberly',
      })
      .returning({ id: users.id });
    producer = p?.id as number;

    // Free on every day, each with a different number of reviews (the "reviews" sort).
    await addCrew('avail_free', gaffer, 30);
    await addCrew('avail_asked_hold', gaffer, 20);
    await addCrew('avail_requested', gaffer, 10);
    await addCrew('avail_grip', grip, 40);
    // Busy on some or all of the days.
    await addCrew('avail_booked', gaffer, 50);
    await addCrew('avail_day_off', gaffer, 5);
    await addCrew('avail_agreed_hold', gaffer, 15);
    await addCrew('avail_booked_before', gaffer, 1);

    await book(crew.avail_booked as number, day(9), day(13), 'accepted');
    await t.db.insert(unavailableDays).values({ userId: crew.avail_day_off as number, day: day(11) });
    await book(crew.avail_agreed_hold as number, day(11), day(12), 'hold_first', true);
    // Only asked for, or only requested: blocks nothing (ADR 018).
    await book(crew.avail_asked_hold as number, from, to, 'hold_first', false);
    await book(crew.avail_requested as number, from, to, 'requested');
    // Entirely before the range, and a cancelled booking inside it.
    await book(crew.avail_booked_before as number, day(5), day(9), 'accepted');
    await book(crew.avail_booked_before as number, from, to, 'cancelled');
  });

  it('keeps only the crew free on every day of the range, each with its free days', async () => {
    const body = await search(dates);
    expect(names(body)).toEqual([
      'avail_asked_hold',
      'avail_booked_before',
      'avail_free',
      'avail_grip',
      'avail_requested',
    ]);
    expect(body.total).toBe(5);
    for (const result of body.results) expect(result.availability).toEqual({ freeDays: 3, totalDays: 3 });
  });

  it('answers without availability when no dates are given', async () => {
    const body = await search('');
    expect(body.total).toBe(8);
    for (const result of body.results) expect(result).not.toHaveProperty('availability');
  });

  it('takes a missing end as the one day', async () => {
    const body = await search(`availableFrom=${day(11)}`);
    expect(names(body)).not.toContain('avail_day_off');
    expect(names(body)).not.toContain('avail_agreed_hold');
    expect(names(body)).not.toContain('avail_booked');
    expect(body.results[0]?.availability).toEqual({ freeDays: 1, totalDays: 1 });
    // The day before the day off and the hold: only the booking covers it.
    expect(names(await search(`availableFrom=${day(10)}`))).toEqual(
      expect.arrayContaining(['avail_day_off', 'avail_agreed_hold']),
    );
  });

  it('with minFreeDays also keeps those free on enough of the days, with how many', async () => {
    const two = await search(`${dates}&minFreeDays=2`);
    expect(names(two)).toEqual([
      'avail_asked_hold',
      'avail_booked_before',
      'avail_day_off',
      'avail_free',
      'avail_grip',
      'avail_requested',
    ]);
    const dayOff = two.results.find((r) => r.username === 'avail_day_off');
    expect(dayOff?.availability).toEqual({ freeDays: 2, totalDays: 3 });
    const one = await search(`${dates}&minFreeDays=1`);
    expect(one.total).toBe(7);
    expect(one.results.find((r) => r.username === 'avail_agreed_hold')?.availability).toEqual({
      freeDays: 1,
      totalDays: 3,
    });
    expect(names(one)).not.toContain('avail_booked');
    // As many free days as the range has: free on every one.
    expect(names(await search(`${dates}&minFreeDays=3`))).toEqual(names(await search(dates)));
  });

  it('combines with a role filter, a sort and pages', async () => {
    const sorted = await search(`${dates}&role=${gaffer}&sort=reviews`);
    expect(sorted.results.map((r) => r.username)).toEqual([
      'avail_free',
      'avail_asked_hold',
      'avail_requested',
      'avail_booked_before',
    ]);
    expect(sorted.total).toBe(4);
    const page2 = await search(`${dates}&role=${gaffer}&sort=reviews&limit=3&page=2`);
    expect(page2.results.map((r) => r.username)).toEqual(['avail_booked_before']);
    expect(page2.total).toBe(4);
    expect(page2.pageCount).toBe(2);
  });

  it('combines with free text (relevance) too', async () => {
    const body = await get<SearchResponse>(`/api/search?q=zorblat&${dates}&minFreeDays=2`);
    expect(body.sort).toBe('relevance');
    expect(names(body)).toEqual([
      'avail_asked_hold',
      'avail_booked_before',
      'avail_day_off',
      'avail_free',
      'avail_grip',
      'avail_requested',
    ]);
  });

  it('browses a role by dates', async () => {
    const body = await get<BrowseCrewResponse>(`/api/browse/crew?role=${gaffer}&${dates}`);
    expect(body.crew.map((c) => c.username).sort()).toEqual([
      'avail_asked_hold',
      'avail_booked_before',
      'avail_free',
      'avail_requested',
    ]);
    expect(body.total).toBe(4);
    for (const card of body.crew) expect(card.availability).toEqual({ freeDays: 3, totalDays: 3 });
    const partial = await get<BrowseCrewResponse>(`/api/browse/crew?role=${gaffer}&${dates}&minFreeDays=1`);
    expect(partial.total).toBe(6);
    // Without dates: the whole role, no availability, as before.
    const plain = await get<BrowseCrewResponse>(`/api/browse/crew?role=${gaffer}`);
    expect(plain.total).toBe(7);
    for (const card of plain.crew) expect(card).not.toHaveProperty('availability');
  });

  it('never says who keeps a member busy, or why', async () => {
    for (const url of [
      `/api/search?location=quillhaven&${dates}&minFreeDays=1`,
      `/api/browse/crew?role=${gaffer}&${dates}&minFreeDays=1`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      // The producer, the production, the kind of entry: none of it (usernames here are the test's own).
      for (const secret of [
        'pemberly',
        'ottoline',
        'nightjar',
        'requester',
        'status',
        'accepted',
        'unavailable',
      ])
        expect(res.body.toLowerCase()).not.toContain(secret);
      const results = res.json().results ?? res.json().crew;
      for (const result of results)
        expect(Object.keys(result.availability).sort()).toEqual(['freeDays', 'totalDays']);
    }
  });

  it('follows the calendar as it changes: cancelled, agreed, marked, taken back', async () => {
    const who = async () => names(await search(dates));
    const bookingOf = async (name: string) =>
      (
        await t.db
          .select()
          .from(bookings)
          .where(eq(bookings.crewId, crew[name] as number))
      )[0]?.id as number;
    // The booked member's booking is cancelled: free again.
    await t.db
      .update(bookings)
      .set({ status: 'cancelled' })
      .where(eq(bookings.id, await bookingOf('avail_booked')));
    expect(await who()).toContain('avail_booked');
    // The hold only asked for is agreed to: busy now.
    await t.db
      .update(bookings)
      .set({ holdAgreedAt: new Date() })
      .where(eq(bookings.id, await bookingOf('avail_asked_hold')));
    expect(await who()).not.toContain('avail_asked_hold');
    // Paying, or any change that leaves days and status alone, changes nothing.
    await t.db
      .update(bookings)
      .set({ paidAt: new Date() })
      .where(eq(bookings.crewId, crew.avail_asked_hold as number));
    expect(await who()).not.toContain('avail_asked_hold');
    // A day off on a day a booking covers too: busy until both are gone.
    const free = crew.avail_free as number;
    await t.db.insert(unavailableDays).values({ userId: free, day: from });
    const second = await book(free, from, from, 'accepted');
    await t.db
      .delete(unavailableDays)
      .where(and(eq(unavailableDays.userId, free), eq(unavailableDays.day, from)));
    expect(await who()).not.toContain('avail_free');
    await t.db.delete(bookings).where(eq(bookings.id, second));
    expect(await who()).toContain('avail_free');
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from member_busy_days where user_id = ${free}`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  /** The last day a member was ever busy on, as the search index holds it (ADR 041). */
  const busyUntil = async (id: number) =>
    (
      await t.db.execute<{ busy_until: string | null }>(
        sql`select busy_until::text from crew_search where user_id = ${id}`,
      )
    ).rows[0]?.busy_until;

  it('keeps busy_until, the last day ever busy, only moving later; the calendar decides within it', async () => {
    const booked = crew.avail_booked as number;
    // Cancelled above, yet busy_until stays at the booking's last day: searches inside it look at
    // the calendar, which says free.
    expect(await busyUntil(booked)).toBe(day(13));
    expect(names(await search(dates))).toContain('avail_booked');
    // A later booking moves it later; an earlier one leaves it.
    const later = await book(booked, day(40), day(41), 'accepted');
    expect(await busyUntil(booked)).toBe(day(41));
    await book(booked, day(20), day(20), 'accepted');
    expect(await busyUntil(booked)).toBe(day(41));
    expect(names(await search(`availableFrom=${day(41)}`))).not.toContain('avail_booked');
    await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, later));
    expect(names(await search(`availableFrom=${day(41)}`))).toContain('avail_booked');
    expect(names(await search(`availableFrom=${day(20)}`))).not.toContain('avail_booked');
    // Someone busy before they have any role joins the search with their busy days counted.
    const [late] = await t.db
      .insert(users)
      .values({ username: 'avail_late_joiner', email: 'late@example.com', location: place })
      .returning({ id: users.id });
    const lateId = late?.id as number;
    await t.db.insert(unavailableDays).values({ userId: lateId, day: day(11) });
    await t.db.insert(userRoles).values({ userId: lateId, roleId: grip, position: 0 });
    expect(await busyUntil(lateId)).toBe(day(11));
    expect(names(await search(dates))).not.toContain('avail_late_joiner');
    expect(names(await search(`availableFrom=${day(12)}`))).toContain('avail_late_joiner');
    await t.db.delete(userRoles).where(eq(userRoles.userId, lateId));
  });

  it('counts the busy days of a member whose first role and a day off cross, whichever commits first', async () => {
    const dayOff = `insert into unavailable_days (user_id, day) values ($1, '${day(15)}')`;
    const firstRole = `insert into user_roles (user_id, role_id, position) values ($1, ${grip}, 0)`;
    for (const [name, first, second] of [
      ['avail_crossed_day_first', dayOff, firstRole],
      ['avail_crossed_role_first', firstRole, dayOff],
    ] as const) {
      const [row] = await t.db
        .insert(users)
        .values({ username: name, email: `${name}@example.com`, location: place })
        .returning({ id: users.id });
      const id = row?.id as number;
      await crossTransactions(t.db.$client, [first, [id]], [second, [id]]);
      expect(await busyUntil(id)).toBe(day(15));
      // By place, and by role and place (crew_search_roles carries busy_until too, ADR 042).
      for (const role of ['', `role=${grip}&`]) {
        expect(names(await search(`${role}availableFrom=${day(14)}&availableTo=${day(16)}`))).not.toContain(
          name,
        );
        expect(names(await search(`${role}availableFrom=${day(16)}`))).toContain(name);
      }
      await t.db.delete(userRoles).where(eq(userRoles.userId, id));
    }
  });

  const cases: [string, string, string][] = [
    [`availableFrom=${day(0)}&availableTo=${day(90)}`, 'availableTo', AVAILABILITY_MESSAGES.tooLong],
    [`availableFrom=${day(5)}&availableTo=${day(4)}`, 'availableTo', AVAILABILITY_MESSAGES.order],
    [`availableFrom=${day(-2)}&availableTo=${day(3)}`, 'availableFrom', AVAILABILITY_MESSAGES.past],
    ['availableFrom=next-friday', 'availableFrom', AVAILABILITY_MESSAGES.format],
    [`availableFrom=${day(400).slice(0, 4)}-02-30`, 'availableFrom', AVAILABILITY_MESSAGES.notADate],
    [`availableTo=${day(3)}`, 'availableFrom', AVAILABILITY_MESSAGES.needsStart],
    ['minFreeDays=2', 'minFreeDays', AVAILABILITY_MESSAGES.minFreeDaysNeedsDates],
    [
      `availableFrom=${day(1)}&availableTo=${day(2)}&minFreeDays=3`,
      'minFreeDays',
      AVAILABILITY_MESSAGES.minFreeDaysTooMany,
    ],
    [`availableFrom=${day(1)}&minFreeDays=0`, 'minFreeDays', AVAILABILITY_MESSAGES.minFreeDays],
  ];
  it.each(cases)(
    'answers 400 with a field error for ?%s, on search and on browse',
    async (query, field, message) => {
      for (const url of [`/api/search?${query}`, `/api/browse/crew?role=${gaffer}&${query}`]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(400);
        const { error } = res.json();
        expect(error.message).toBe(message);
        expect(error.fields).toEqual({ [field]: message });
      }
    },
  );

  it('accepts a range of exactly 90 days starting today (UTC)', async () => {
    const body = await search(`availableFrom=${day(0)}&availableTo=${day(89)}&minFreeDays=85`);
    expect(body.results[0]?.availability?.totalDays).toBe(90);
  });
});

describe('search by dates past the exact count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await insertDemoCrew(t.db, 300, 0);
    // One in ten busy on the range's middle day.
    await t.db.execute(sql`insert into unavailable_days (user_id, day)
      select user_id, ${day(21)}::date from crew_search where user_id % 10 = 0`);
  });

  it.each([
    ['', 'rating'],
    ['&minFreeDays=2', 'rating'],
    ['&sort=newest', 'newest'],
  ])('answers an estimate beyond it (%s), every card free enough', async (extra, sort) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/search?availableFrom=${day(20)}&availableTo=${day(22)}${extra}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body: SearchResponse = res.json();
    expect(body.sort).toBe(sort);
    expect(body.totalIsCapped).toBe(true);
    expect(body.total).toBeGreaterThan(200);
    expect(body.results).toHaveLength(20);
    for (const result of body.results)
      expect(result.availability?.freeDays).toBeGreaterThanOrEqual(extra ? 2 : 3);
  });
});
