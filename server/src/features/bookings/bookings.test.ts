import { and, eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { PREMIUM_REQUIRED } from '#common/premium';
import { BOOKING_MESSAGES } from '#common/schemas/bookings';
import { bookings, notifications, payments } from '#server/db/schema/index.ts';
import {
  expectContactRefused,
  member,
  roleIdNamed,
  unreachableMembers,
} from '#server/features/notifications/test-support.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let gafferRole: number;
beforeAll(async () => {
  t = await createTestApp();
  gafferRole = await roleIdNamed(t.app, 'Gaffer');
});

const producer = () => member(t.db, t.app, { premium: true });
const crew = () => member(t.db, t.app);
type Member = Awaited<ReturnType<typeof crew>>;

function book(
  from: Member,
  to: Pick<Member, 'id'>,
  days: [string, string],
  extra: Record<string, unknown> = {},
) {
  return from.browser.request('POST', '/api/bookings', {
    body: {
      crewId: to.id,
      roleId: gafferRole,
      startDate: days[0],
      endDate: days[1],
      rate: 65000,
      currency: 'usd',
      message: 'Three-day shoot in Atlanta',
      ...extra,
    },
  });
}

async function booked(from: Member, to: Member, days: [string, string], extra: Record<string, unknown> = {}) {
  const res = await book(from, to, days, extra);
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; status: string };
}

const availability = async (who: Member, from: string, to: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/users/${who.id}/availability?from=${from}&to=${to}` })
  ).json().days as { date: string; status: string }[];

describe('bookings', () => {
  it('a Premium producer books a gaffer for three days; the gaffer accepts; the days show busy to anyone', async () => {
    const [p, g] = [await producer(), await crew()];
    const booking = await booked(p, g, ['2027-03-03', '2027-03-05']);
    expect(booking).toMatchObject({ status: 'requested', days: 3, total: 195000, rate: 65000 });
    const [request] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, g.id), eq(notifications.type, 'booking_request')));
    expect(request?.data).toMatchObject({ bookingId: booking.id, requesterId: p.id });
    // A request only asked for shows on no calendar (issue 30).
    expect(await availability(g, '2027-03-02', '2027-03-04')).toEqual([
      { date: '2027-03-02', status: 'free' },
      { date: '2027-03-03', status: 'free' },
      { date: '2027-03-04', status: 'free' },
    ]);

    const accepted = await g.browser.request('POST', `/api/bookings/${booking.id}/accept`, {
      body: { notificationId: request?.id },
    });
    expect(accepted.json().status).toBe('accepted');
    const days = await availability(g, '2027-03-02', '2027-03-06');
    expect(days.map((d) => d.status)).toEqual(['free', 'busy', 'busy', 'busy', 'free']);
    // Nothing in the calendar says who.
    expect(JSON.stringify(days)).not.toContain(String(p.id));
    const listed = (await p.browser.request('GET', '/api/bookings?as=requester')).json().bookings;
    expect(listed.map((b: { id: number }) => b.id)).toEqual([booking.id]);
  });

  it('needs Premium to book (403 naming Premium); answering is free', async () => {
    const [free, g] = [await crew(), await crew()];
    const res = await book(free, g, ['2027-04-01', '2027-04-02']);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(PREMIUM_REQUIRED.bookings);
    expect(await t.db.$count(bookings, eq(bookings.crewId, g.id))).toBe(0);
  });

  it('cannot book or hold a member who blocked the producer (404, as for no one) nor one the producer blocked (409); nothing is stored', async () => {
    const p = await producer();
    const unreachable = await unreachableMembers(t.db, t.app, p);
    const days: [string, string] = ['2027-04-20', '2027-04-22'];
    for (const kind of [{}, { hold: 'first' }, { hold: 'second' }]) {
      await expectContactRefused(t.db, unreachable, (crewId) => book(p, { id: crewId }, days, kind), {
        notFound: BOOKING_MESSAGES.crewNotFound,
        unblockFirst: BOOKING_MESSAGES.unblockFirst,
      });
    }
    expect(await t.db.$count(bookings, eq(bookings.requesterId, p.id))).toBe(0);
    // Once unblocked, the same request goes through.
    await unreachable.blocker.browser.request('DELETE', `/api/blocks/${p.id}`);
    expect((await book(p, unreachable.blocker, days)).statusCode).toBe(201);
  });

  it('refuses an accept on days already booked (409 naming them), and resolves two accepts at once to one', async () => {
    const [a, b, g] = [await producer(), await producer(), await crew()];
    const first = await booked(a, g, ['2027-05-10', '2027-05-12']);
    const second = await booked(b, g, ['2027-05-12', '2027-05-14']);
    const results = await Promise.all([
      g.browser.request('POST', `/api/bookings/${first.id}/accept`, { body: {} }),
      g.browser.request('POST', `/api/bookings/${second.id}/accept`, { body: {} }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.statusCode === 409);
    expect(refused?.json().error.message).toMatch(
      /^You are already booked 2027-05-1\d to 2027-05-1\d: these days overlap/,
    );
    const accepted = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.crewId, g.id), eq(bookings.status, 'accepted')));
    expect(accepted).toHaveLength(1);
  });

  it('an agreed first hold outranks a second; releasing it moves the second up and tells its production', async () => {
    const [a, b, g] = [await producer(), await producer(), await crew()];
    const firstHold = await booked(a, g, ['2027-06-01', '2027-06-03'], { hold: 'first' });
    expect(firstHold).toMatchObject({ status: 'hold_first', holdAgreedAt: null });
    await g.browser.request('POST', `/api/bookings/${firstHold.id}/accept`, { body: {} });
    const secondHold = await booked(b, g, ['2027-06-02', '2027-06-04'], { hold: 'second' });
    const agreed = await g.browser.request('POST', `/api/bookings/${secondHold.id}/accept`, { body: {} });
    expect(agreed.json()).toMatchObject({ status: 'hold_second', holdAgreedAt: expect.any(String) });
    // Its production cannot confirm the second while the first stands.
    const outranked = await b.browser.request('POST', `/api/bookings/${secondHold.id}/confirm`, { body: {} });
    expect(outranked.statusCode).toBe(409);
    expect(outranked.json().error.message).toBe(BOOKING_MESSAGES.confirmOutranked);

    expect((await b.browser.request('POST', `/api/bookings/${firstHold.id}/release`)).statusCode).toBe(404);
    const released = await a.browser.request('POST', `/api/bookings/${firstHold.id}/release`);
    expect(released.json().status).toBe('cancelled');
    expect((await b.browser.request('GET', `/api/bookings/${secondHold.id}`)).json().status).toBe(
      'hold_first',
    );
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, b.id));
    expect(told.map((n) => n.title)).toContain('Your hold is now first');
    expect(
      (await b.browser.request('POST', `/api/bookings/${secondHold.id}/confirm`, { body: {} })).json().status,
    ).toBe('accepted');
  });

  it('answers 404 to anyone but the two parties, and only the crew member answers', async () => {
    const [p, g, stranger] = [await producer(), await crew(), await crew()];
    const booking = await booked(p, g, ['2027-07-01', '2027-07-01']);
    for (const [method, url] of [
      ['GET', `/api/bookings/${booking.id}`],
      ['POST', `/api/bookings/${booking.id}/accept`],
      ['POST', `/api/bookings/${booking.id}/cancel`],
      ['POST', `/api/bookings/${booking.id}/release`],
      ['POST', `/api/bookings/${booking.id}/pay`],
    ] as const) {
      const res = await stranger.browser.request(method, url, method === 'POST' ? { body: {} } : {});
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.message).toBe(BOOKING_MESSAGES.notFound);
    }
    expect(
      (await p.browser.request('POST', `/api/bookings/${booking.id}/accept`, { body: {} })).statusCode,
    ).toBe(404);
    // The crew member sees the booking, so releasing or paying it is "not now", not "not found".
    for (const [action, message] of [
      ['release', BOOKING_MESSAGES.notAHold],
      ['pay', BOOKING_MESSAGES.notPayable],
    ] as const) {
      const res = await g.browser.request('POST', `/api/bookings/${booking.id}/${action}`);
      expect(res.statusCode, action).toBe(409);
      expect(res.json().error.message).toBe(message);
    }
    expect((await t.db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]?.status).toBe(
      'requested',
    );
  });

  it('pays an accepted booking once: a payment for both, payment_received to both, the invoice to both', async () => {
    const [p, g] = [await producer(), await crew()];
    const booking = await booked(p, g, ['2027-08-01', '2027-08-03']);
    expect((await p.browser.request('POST', `/api/bookings/${booking.id}/pay`)).statusCode).toBe(409);
    await g.browser.request('POST', `/api/bookings/${booking.id}/accept`, { body: {} });
    const paid = await p.browser.request('POST', `/api/bookings/${booking.id}/pay`);
    expect(paid.statusCode).toBe(200);
    const { paymentId } = paid.json();
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ userId: p.id, payeeId: g.id, kind: 'booking', amount: 195000 });
    for (const who of [p, g]) {
      const notice = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, who.id), eq(notifications.type, 'payment_received')));
      expect(notice.map((n) => n.data)).toEqual([{ paymentId, amount: 1950 }]);
      const invoice = await who.browser.request('GET', `/api/payments/${paymentId}/invoice`);
      expect(invoice.headers['content-type']).toBe('application/pdf');
    }
    expect((await p.browser.request('POST', `/api/bookings/${booking.id}/pay`)).statusCode).toBe(409);
    expect((await p.browser.request('POST', `/api/bookings/${booking.id}/cancel`)).statusCode).toBe(409);
    expect(await t.db.$count(payments, eq(payments.payeeId, g.id))).toBe(1);
  });

  it('shows days the crew member marked unavailable, and refuses bad input with clear messages', async () => {
    const [p, g] = [await producer(), await crew()];
    const saved = await g.browser.request('PUT', '/api/me/unavailable-days', {
      body: { days: ['2027-09-02'] },
    });
    expect(saved.statusCode).toBe(204);
    expect((await availability(g, '2027-09-01', '2027-09-03')).map((d) => d.status)).toEqual([
      'free',
      'unavailable',
      'free',
    ]);
    for (const [days, extra, message] of [
      [['2027-09-05', '2027-09-04'], {}, 'The last day must not be before the first'],
      [['2027-02-30', '2027-03-01'], {}, 'Not a real date'],
      [['2027-09-01', '2027-09-01'], { rate: 0 }, 'The day rate must be more than 0'],
      [['2027-09-01', '2027-09-01'], { message: 'bad\u0000' }, 'Messages cannot contain NUL characters'],
    ] as const) {
      const res = await book(p, g, days as unknown as [string, string], extra);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().error)).toContain(message);
    }
    expect((await book(p, p, ['2027-09-01', '2027-09-01'])).json().error.message).toBe(BOOKING_MESSAGES.self);
    expect((await book(p, g, ['2020-01-01', '2020-01-02'])).json().error.message).toBe(BOOKING_MESSAGES.past);
    const tooLong = await t.app.inject({
      method: 'GET',
      url: `/api/users/${g.id}/availability?from=2027-01-01&to=2028-06-01`,
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('publishes a private iCal feed of bookings and holds that parses back; a rotated or revoked link is 404', async () => {
    const [p, g] = [await producer(), await crew()];
    const booking = await booked(p, g, ['2027-10-06', '2027-10-08']);
    await g.browser.request('POST', `/api/bookings/${booking.id}/accept`, { body: {} });
    const hold = await booked(p, g, ['2027-10-20', '2027-10-20'], { hold: 'first' });
    await g.browser.request('POST', `/api/bookings/${hold.id}/accept`, { body: {} });
    const { url } = (await g.browser.request('POST', '/api/me/calendar-token')).json();
    const feedPath = new URL(url).pathname + new URL(url).search;
    expect(feedPath).toMatch(new RegExp(`^/api/users/${g.id}/calendar\\.ics\\?token=`));
    const res = await t.app.inject({ method: 'GET', url: feedPath });
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const events = Object.values(ical.sync.parseICS(res.body)).filter(
      (e): e is VEvent => e?.type === 'VEVENT',
    );
    expect(events.map((e) => e.summary).sort()).toEqual([
      expect.stringMatching(/^1st hold: Gaffer, for Member /),
      expect.stringMatching(/^Booked: Gaffer, for Member /),
    ]);
    const bookedEvent = events.find((e) => String(e.summary).startsWith('Booked'));
    expect(bookedEvent?.datetype).toBe('date');
    expect(bookedEvent?.start.toISOString().slice(0, 10)).toBe('2027-10-06');
    // All-day events end the day after the last day.
    expect(bookedEvent?.end?.toISOString().slice(0, 10)).toBe('2027-10-09');

    const wrong = await t.app.inject({ method: 'GET', url: `/api/users/${g.id}/calendar.ics?token=nope` });
    expect(wrong.statusCode).toBe(404);
    await g.browser.request('POST', '/api/me/calendar-token');
    expect((await t.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(404);
    await g.browser.request('DELETE', '/api/me/calendar-token');
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${g.id}/calendar.ics` })).statusCode).toBe(
      404,
    );
  });

  it('marks a review "verified collaboration" once an accepted booking between the two is over, both ways', async () => {
    const [p, g] = [await producer(), await crew()];
    await t.db.insert(bookings).values({
      requesterId: p.id,
      crewId: g.id,
      roleId: gafferRole,
      startDate: '2026-01-05',
      endDate: '2026-01-07',
      rate: 60000,
      currency: 'usd',
      status: 'accepted',
    });
    const text = 'Fast, calm and the lighting looked great on every setup.';
    const byProducer = await p.browser.request('POST', `/api/users/${g.id}/reviews`, {
      body: { rating: 5, text },
    });
    expect(byProducer.statusCode).toBe(201);
    expect(byProducer.json().verifiedCollaboration).toBe(true);
    // Crew review productions too.
    const byCrew = await g.browser.request('POST', `/api/users/${p.id}/reviews`, {
      body: { rating: 4, text },
    });
    expect(byCrew.json().verifiedCollaboration).toBe(true);
    const stranger = await crew();
    const unverified = await stranger.browser.request('POST', `/api/users/${g.id}/reviews`, {
      body: { rating: 4, text },
    });
    expect(unverified.json().verifiedCollaboration).toBe(false);
  });

  it("books from a team: the position's role must match, the team must be mine, and accepting fills the position", async () => {
    const [p, other, g] = [await producer(), await producer(), await crew()];
    const team = (
      await p.browser.request('POST', '/api/teams', {
        body: { name: 'Night Shift', location: 'Atlanta, GA' },
      })
    ).json();
    const sheet = (
      await p.browser.request('POST', `/api/teams/${team.id}/positions`, {
        body: { roleId: gafferRole, count: 1 },
      })
    ).json();
    const positionId = sheet.positions[0].id as number;
    const grip = await roleIdNamed(t.app, 'Grip');

    const before = await t.db.$count(bookings, eq(bookings.crewId, g.id));
    for (const [who, extra, status, message] of [
      [other, { teamId: team.id, positionId }, 404, BOOKING_MESSAGES.teamNotFound],
      [p, { teamId: team.id, positionId: positionId + 1000 }, 404, BOOKING_MESSAGES.positionNotFound],
      [p, { teamId: team.id, positionId, roleId: grip }, 400, BOOKING_MESSAGES.positionRole],
      [p, { positionId }, 400, 'A position belongs to a team: name the team too'],
    ] as const) {
      const res = await book(who, g, ['2027-11-02', '2027-11-03'], extra);
      expect(res.statusCode, message).toBe(status);
      expect(JSON.stringify(res.json().error)).toContain(message);
    }
    expect(await t.db.$count(bookings, eq(bookings.crewId, g.id))).toBe(before);

    const booking = await booked(p, g, ['2027-11-02', '2027-11-03'], { teamId: team.id, positionId });
    expect(booking).toMatchObject({ team: { id: team.id, name: 'Night Shift' }, positionId });
    await g.browser.request('POST', `/api/bookings/${booking.id}/accept`, { body: {} });
    const crewSheet = (await p.browser.request('GET', `/api/teams/${team.id}`)).json();
    expect(crewSheet.positions[0]).toMatchObject({ id: positionId, count: 1, filled: 1 });
    expect(crewSheet.members).toEqual([
      expect.objectContaining({
        person: expect.objectContaining({ id: g.id }),
        positionId,
        status: 'accepted',
      }),
    ]);
    // The crew member is on the team now, and sees its crew sheet.
    expect((await g.browser.request('GET', `/api/teams/${team.id}`)).json().myRole).toBe('member');

    await p.browser.request('PATCH', `/api/teams/${team.id}`, { body: { status: 'closed' } });
    const closed = await book(p, g, ['2027-11-20', '2027-11-20'], { teamId: team.id });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe(BOOKING_MESSAGES.teamClosed);
  });

  it('completes an accepted booking once its days are over; it can still be paid, not cancelled', async () => {
    const [p, g] = [await producer(), await crew()];
    const booking = await booked(p, g, ['2027-12-01', '2027-12-02']);
    await g.browser.request('POST', `/api/bookings/${booking.id}/accept`, { body: {} });
    // The shoot is over: its days move into the past.
    await t.db
      .update(bookings)
      .set({ startDate: '2026-02-02', endDate: '2026-02-03' })
      .where(eq(bookings.id, booking.id));
    const seen = (await g.browser.request('GET', `/api/bookings/${booking.id}`)).json();
    expect(seen.status).toBe('completed');
    expect(
      (await p.browser.request('GET', '/api/bookings?as=requester&status=completed')).json().bookings,
    ).toEqual([expect.objectContaining({ id: booking.id, status: 'completed' })]);
    expect((await availability(g, '2026-02-02', '2026-02-03')).map((d) => d.status)).toEqual([
      'busy',
      'busy',
    ]);
    const cancel = await p.browser.request('POST', `/api/bookings/${booking.id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.message).toBe(BOOKING_MESSAGES.notCancellable);
    const paid = await p.browser.request('POST', `/api/bookings/${booking.id}/pay`);
    expect(paid.statusCode).toBe(200);
    expect((await g.browser.request('GET', `/api/bookings/${booking.id}`)).json()).toMatchObject({
      status: 'completed',
      paidAt: expect.any(String),
    });
  });

  it("makes the booking's invoice out from the crew member, through CrewBase, to the production", async () => {
    const [p, g] = [await producer(), await crew()];
    const booking = await booked(p, g, ['2027-12-10', '2027-12-10']);
    await g.browser.request('POST', `/api/bookings/${booking.id}/accept`, { body: {} });
    const { paymentId } = (await p.browser.request('POST', `/api/bookings/${booking.id}/pay`)).json();
    const pdf = await g.browser.request('GET', `/api/payments/${paymentId}/invoice`);
    const parser = new PDFParse({ data: new Uint8Array(pdf.rawPayload) });
    const { text } = await parser.getText();
    await parser.destroy();
    // The two columns are read left then right: the crew member, then whom it is billed to.
    const [from, billTo] = text.split('Invoiced through CrewBase');
    expect(from).toContain(`@${g.username}`);
    expect(billTo).toContain(`@${p.username}`);
    expect(text).not.toContain('548 Market Street');
    expect(text).toContain(': 1 day at $650.00');
    expect(text).toContain('Issued by CrewBase on behalf of');
    expect(text).toContain('$650.00');
  });

  it('tells me my days off and whether my calendar link is live, never the link again', async () => {
    const g = await crew();
    expect((await g.browser.request('GET', '/api/me/unavailable-days')).json()).toEqual({ days: [] });
    await g.browser.request('PUT', '/api/me/unavailable-days', {
      body: { days: ['2027-09-03', '2027-09-02'] },
    });
    expect((await g.browser.request('GET', '/api/me/unavailable-days')).json()).toEqual({
      days: ['2027-09-02', '2027-09-03'],
    });
    expect((await g.browser.request('GET', '/api/me/calendar-token')).json()).toEqual({
      active: false,
      createdAt: null,
    });
    await g.browser.request('POST', '/api/me/calendar-token');
    const status = (await g.browser.request('GET', '/api/me/calendar-token')).json();
    expect(status).toEqual({ active: true, createdAt: expect.any(String) });
    await g.browser.request('DELETE', '/api/me/calendar-token');
    expect((await g.browser.request('GET', '/api/me/calendar-token')).json().active).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/unavailable-days' })).statusCode).toBe(401);
  });
});
