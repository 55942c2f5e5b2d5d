import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PAGE } from '#common/schemas/bookings';
import { member, roleIdNamed } from '#server/features/notifications/test-support.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

/** Issue 31: GET /api/bookings pages newest first and filters as members think of a booking. */
let t: TestApp;
let gafferRole: number;
beforeAll(async () => {
  t = await createTestApp();
  gafferRole = await roleIdNamed(t.app, 'Gaffer');
});

const producer = () => member(t.db, t.app, { premium: true });
const crew = () => member(t.db, t.app);
type Member = Awaited<ReturnType<typeof crew>>;

/** Each booking goes to its own crew member, so no two requests of one producer overlap. */
async function booked(from: Member, days: [string, string], extra: Record<string, unknown> = {}) {
  const to = await crew();
  const res = await from.browser.request('POST', '/api/bookings', {
    body: { crewId: to.id, roleId: gafferRole, startDate: days[0], endDate: days[1], rate: 50000, ...extra },
  });
  expect(res.statusCode).toBe(201);
  return { id: (res.json() as { id: number }).id, crew: to };
}

type ListAnswer = { bookings: { id: number; status: string }[]; nextCursor: number | null };
async function list(who: Member, query: string) {
  const res = await who.browser.request('GET', `/api/bookings?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as ListAnswer;
}
const ids = (answer: ListAnswer) => answer.bookings.map((b) => b.id);

describe('GET /api/bookings', () => {
  it('pages newest first: nextCursor leads to the next page and is null on the last', async () => {
    const p = await producer();
    const made: number[] = [];
    // Made in this order; the shoot dates run the other way, so "newest" cannot mean "latest days".
    for (const day of ['2027-09-25', '2027-09-20', '2027-09-15', '2027-09-10', '2027-09-05'])
      made.push((await booked(p, [day, day])).id);
    const newestFirst = [...made].reverse();

    const first = await list(p, 'as=requester&limit=2');
    expect(ids(first)).toEqual(newestFirst.slice(0, 2));
    expect(first.nextCursor).toBe(newestFirst[1]);
    const second = await list(p, `as=requester&limit=2&cursor=${first.nextCursor}`);
    expect(ids(second)).toEqual(newestFirst.slice(2, 4));
    const last = await list(p, `as=requester&limit=2&cursor=${second.nextCursor}`);
    expect(ids(last)).toEqual(newestFirst.slice(4));
    expect(last.nextCursor).toBeNull();

    // The old call (no limit, no cursor) still answers { bookings }, newest first, in one page here.
    const old = await list(p, 'as=requester');
    expect(ids(old)).toEqual(newestFirst);
    expect(old.nextCursor).toBeNull();
    // The crew side of the same member is empty, and each crew member sees only their own.
    expect(ids(await list(p, 'as=crew'))).toEqual([]);
  });

  it('the first page of the old call holds the default page size', async () => {
    const p = await producer();
    for (let i = 0; i <= BOOKING_PAGE.defaultLimit; i += 1) {
      const day = `2028-01-${String(i + 1).padStart(2, '0')}`;
      await booked(p, [day, day]);
    }
    const page = await list(p, 'as=requester');
    expect(page.bookings).toHaveLength(BOOKING_PAGE.defaultLimit);
    expect(page.nextCursor).toEqual(expect.any(Number));
    expect(ids(await list(p, `as=requester&cursor=${page.nextCursor}`))).toHaveLength(1);
  });

  it('filters by requested, on hold, booked, completed and cancelled, on both sides and across pages', async () => {
    const p = await producer();
    const request = await booked(p, ['2027-10-01', '2027-10-02']);
    const holdAsked = await booked(p, ['2027-10-03', '2027-10-04'], { hold: 'first' });
    const holdAgreed = await booked(p, ['2027-10-05', '2027-10-06'], { hold: 'second' });
    const accepted = await booked(p, ['2027-10-07', '2027-10-08']);
    const declined = await booked(p, ['2027-10-09', '2027-10-10']);
    const cancelled = await booked(p, ['2027-10-11', '2027-10-12']);
    const answer = async (b: { id: number; crew: Member }, action: string, who: Member = b.crew) =>
      expect(
        (await who.browser.request('POST', `/api/bookings/${b.id}/${action}`, { body: {} })).statusCode,
      ).toBe(200);
    await answer(holdAgreed, 'accept');
    await answer(accepted, 'accept');
    await answer(declined, 'decline');
    await answer(cancelled, 'cancel', p);

    // A hold the crew member has not agreed to yet is a request like any other (issue 30).
    expect(ids(await list(p, 'as=requester&filter=requested'))).toEqual([holdAsked.id, request.id]);
    expect(ids(await list(p, 'as=requester&filter=on_hold'))).toEqual([holdAgreed.id]);
    expect(ids(await list(p, 'as=requester&filter=booked'))).toEqual([accepted.id]);
    expect(ids(await list(p, 'as=requester&filter=completed'))).toEqual([]);
    expect(ids(await list(p, 'as=requester&filter=cancelled'))).toEqual([cancelled.id, declined.id]);

    const firstCancelled = await list(p, 'as=requester&filter=cancelled&limit=1');
    expect(ids(firstCancelled)).toEqual([cancelled.id]);
    const nextCancelled = await list(
      p,
      `as=requester&filter=cancelled&limit=1&cursor=${firstCancelled.nextCursor}`,
    );
    expect(ids(nextCancelled)).toEqual([declined.id]);
    expect(nextCancelled.nextCursor).toBeNull();

    // The crew side: what waits for this crew member's answer.
    expect(ids(await list(holdAsked.crew, 'as=crew&filter=requested'))).toEqual([holdAsked.id]);
    expect(ids(await list(holdAgreed.crew, 'as=crew&filter=requested'))).toEqual([]);
    expect(ids(await list(holdAgreed.crew, 'as=crew&filter=on_hold'))).toEqual([holdAgreed.id]);
    // The old exact status still works.
    expect(ids(await list(p, 'as=requester&status=declined'))).toEqual([declined.id]);
  });

  it.each([
    ['filter=pending', 'filter'],
    ['limit=0', 'limit'],
    [`limit=${BOOKING_PAGE.maxLimit + 1}`, 'limit'],
    ['cursor=-3', 'cursor'],
  ])('refuses %s (400)', async (query, field) => {
    const p = await producer();
    const res = await p.browser.request('GET', `/api/bookings?as=requester&${query}`);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(field);
  });
});
