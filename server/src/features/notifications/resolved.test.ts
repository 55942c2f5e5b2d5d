import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_LIMITS } from '#common/limits';
import { BOOKING_MESSAGES } from '#common/schemas/bookings';
import { type Notification, notificationListResponse } from '#common/schemas/notifications';
import { bookings } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { member, openSocket, roleIdNamed, type TestSocket } from './test-support.ts';

/**
 * Issue 31: a notification that asks (a booking request or hold, a team invitation, a connection
 * request) carries `resolved`, computed from its object as it is now, in the list and on the socket;
 * answering from anywhere reads it; a second answer is a 409 that says what happened.
 */
let t: TestApp;
let gafferRole: number;
let origin: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  gafferRole = await roleIdNamed(t.app, 'Gaffer');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = t.config.publicUrl.origin;
});

afterAll(() => {
  for (const socket of sockets) socket.ws.terminate();
});

const producer = () => member(t.db, t.app, { premium: true });
const crew = () => member(t.db, t.app);
type Member = Awaited<ReturnType<typeof crew>>;

async function requested(
  from: Member,
  to: Member,
  days: [string, string],
  extra: Record<string, unknown> = {},
) {
  const res = await from.browser.request('POST', '/api/bookings', {
    body: {
      crewId: to.id,
      roleId: gafferRole,
      startDate: days[0],
      endDate: days[1],
      rate: 50000,
      currency: 'usd',
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

const act = (who: Member, id: number, action: string) =>
  who.browser.request('POST', `/api/bookings/${id}/${action}`, { body: {} });

/** The member's notifications as GET /api/notifications answers them (checked against the schema). */
async function listOf(who: Member): Promise<Notification[]> {
  const res = await who.browser.request('GET', '/api/notifications?limit=50');
  expect(res.statusCode, res.body).toBe(200);
  return notificationListResponse.parse(res.json()).notifications;
}

async function askedAbout(who: Member, type: Notification['type'], match: Record<string, number>) {
  const found = (await listOf(who)).filter(
    (n) =>
      n.type === type && Object.entries(match).every(([key, value]) => n.data?.[key as 'teamId'] === value),
  );
  expect(found).toHaveLength(1);
  return found[0] as Notification;
}

const bookingRequestOf = (who: Member, bookingId: number) =>
  askedAbout(who, 'booking_request', { bookingId });

const isoTime = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

describe('booking_request notifications follow their booking', () => {
  it('waits with resolved null; accepted through /api/bookings/:id/accept it is accepted and read, and a second answer says so', async () => {
    const [p, g] = [await producer(), await crew()];
    const booking = await requested(p, g, ['2027-05-03', '2027-05-04']);
    expect(await bookingRequestOf(g, booking.id)).toMatchObject({ isRead: false, resolved: null });
    // Types that ask nothing are never resolved.
    expect((await listOf(p)).every((n) => n.resolved === null)).toBe(true);

    // From the booking's own page: no notificationId.
    expect((await act(g, booking.id, 'accept')).statusCode).toBe(200);
    const after = await bookingRequestOf(g, booking.id);
    expect(after.resolved).toEqual({ status: 'accepted', at: isoTime });
    expect(after.isRead).toBe(true);

    for (const again of ['accept', 'decline']) {
      const res = await act(g, booking.id, again);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(BOOKING_MESSAGES.alreadyAccepted);
    }
  });

  it('declined: declined and read; answering again is a 409 naming the decline', async () => {
    const [p, g] = [await producer(), await crew()];
    const booking = await requested(p, g, ['2027-05-10', '2027-05-10']);
    expect((await act(g, booking.id, 'decline')).statusCode).toBe(200);
    expect(await bookingRequestOf(g, booking.id)).toMatchObject({
      isRead: true,
      resolved: { status: 'declined', at: isoTime },
    });
    const res = await act(g, booking.id, 'accept');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(BOOKING_MESSAGES.alreadyDeclined);
  });

  it('cancelled by the production: cancelled (still unread: the crew member did nothing), and accepting it is a 409 saying so', async () => {
    const [p, g] = [await producer(), await crew()];
    const booking = await requested(p, g, ['2027-05-12', '2027-05-12']);
    expect((await act(p, booking.id, 'cancel')).statusCode).toBe(200);
    expect(await bookingRequestOf(g, booking.id)).toMatchObject({
      isRead: false,
      resolved: { status: 'cancelled', at: isoTime },
    });
    const res = await act(g, booking.id, 'accept');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(BOOKING_MESSAGES.alreadyCancelled);
  });

  it('a hold: accepted once agreed, confirmed once the production confirms it, expired when it lapses', async () => {
    const [p, g] = [await producer(), await crew()];
    const hold = await requested(p, g, ['2027-06-01', '2027-06-02'], { hold: 'first' });
    expect((await bookingRequestOf(g, hold.id)).resolved).toBeNull();
    expect((await act(g, hold.id, 'accept')).statusCode).toBe(200);
    const agreed = await bookingRequestOf(g, hold.id);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, hold.id));
    expect(agreed).toMatchObject({ isRead: true, resolved: { status: 'accepted' } });
    expect(agreed.resolved?.at).toBe(row?.holdAgreedAt?.toISOString());
    expect((await act(p, hold.id, 'confirm')).statusCode).toBe(200);
    expect((await bookingRequestOf(g, hold.id)).resolved).toEqual({ status: 'confirmed', at: isoTime });

    // Unanswered, a hold lapses: expired, and answering it says it lapsed.
    const late = await requested(p, g, ['2027-06-10', '2027-06-10'], { hold: 'second' });
    await t.db
      .update(bookings)
      .set({ createdAt: sql`now() - ${HOLD_LIMITS.lapseDays + 1} * interval '1 day'` })
      .where(eq(bookings.id, late.id));
    await g.browser.request('GET', '/api/bookings');
    expect((await bookingRequestOf(g, late.id)).resolved).toEqual({ status: 'expired', at: isoTime });
    const res = await act(g, late.id, 'accept');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(BOOKING_MESSAGES.alreadyLapsed);
  });

  it('a booking that is gone is withdrawn; a block takes the request away altogether', async () => {
    const [p, g] = [await producer(), await crew()];
    const gone = await requested(p, g, ['2027-07-01', '2027-07-01']);
    await t.db.delete(bookings).where(eq(bookings.id, gone.id));
    expect((await bookingRequestOf(g, gone.id)).resolved).toEqual({ status: 'withdrawn', at: null });

    const blocked = await requested(p, g, ['2027-07-02', '2027-07-02']);
    expect((await g.browser.request('POST', '/api/blocks', { body: { userId: p.id } })).statusCode).toBe(200);
    expect((await listOf(g)).some((n) => n.data?.bookingId === blocked.id)).toBe(false);
  });

  it('data naming an id no booking can have never breaks the list (a test notification can carry anything)', async () => {
    const me = await crew();
    for (const bookingId of [2 ** 40, 0])
      expect(
        (
          await me.browser.request('POST', '/api/notifications/test', {
            body: { type: 'booking_request', data: { bookingId } },
          })
        ).statusCode,
      ).toBe(201);
    // Newest first: id 0 is no booking's (withdrawn); 2^40 cannot be one, so nothing is looked up.
    expect((await listOf(me)).map((n) => n.resolved)).toEqual([{ status: 'withdrawn', at: null }, null]);
  });

  it('open tabs hear of it: the crew member’s socket gets the notification again with its outcome', async () => {
    const [p, g] = [await producer(), await crew()];
    const booking = await requested(p, g, ['2027-08-01', '2027-08-01']);
    const notice = await bookingRequestOf(g, booking.id);
    const socket = await openSocket(t.app, { token: g.token, origin });
    sockets.push(socket);
    expect((await act(p, booking.id, 'cancel')).statusCode).toBe(200);
    const update = await socket.next('notification_update');
    expect(update.data).toMatchObject({ id: notice.id, resolved: { status: 'cancelled', at: isoTime } });

    // Answered on another device by the crew member: read too, and the count follows.
    const other = await requested(p, g, ['2027-08-05', '2027-08-05']);
    const otherNotice = await bookingRequestOf(g, other.id);
    expect((await act(g, other.id, 'decline')).statusCode).toBe(200);
    const second = await socket.next('notification_update');
    expect(second.data).toMatchObject({ id: otherNotice.id, isRead: true, resolved: { status: 'declined' } });
  });
});

describe('team invitations and connection requests', () => {
  it('an invitation answered on the team page is accepted and read', async () => {
    const [p, g] = [await producer(), await crew()];
    const team = (
      await p.browser.request('POST', '/api/teams', {
        body: { name: 'Low Tide', startDate: '2027-03-01', endDate: '2027-03-20' },
      })
    ).json() as { id: number };
    expect(
      (await p.browser.request('POST', `/api/teams/${team.id}/invites`, { body: { userId: g.id } }))
        .statusCode,
    ).toBe(200);
    expect((await askedAbout(g, 'team_invite', { teamId: team.id })).resolved).toBeNull();
    expect(
      (await g.browser.request('POST', `/api/team-invites/${team.id}/accept`, { body: {} })).statusCode,
    ).toBe(200);
    expect(await askedAbout(g, 'team_invite', { teamId: team.id })).toMatchObject({
      isRead: true,
      resolved: { status: 'accepted', at: isoTime },
    });
  });

  it('a connection request answered on the connections page is accepted or declined, and read', async () => {
    const [a, b, g] = [await producer(), await producer(), await crew()];
    for (const from of [a, b])
      expect(
        (await from.browser.request('POST', '/api/connections', { body: { userId: g.id } })).statusCode,
      ).toBe(200);
    expect((await askedAbout(g, 'connection_request', { requesterId: a.id })).resolved).toBeNull();
    await g.browser.request('POST', '/api/connections/accept', { body: { requesterId: a.id } });
    await g.browser.request('POST', '/api/connections/decline', { body: { requesterId: b.id } });
    expect(await askedAbout(g, 'connection_request', { requesterId: a.id })).toMatchObject({
      isRead: true,
      resolved: { status: 'accepted', at: isoTime },
    });
    expect(await askedAbout(g, 'connection_request', { requesterId: b.id })).toMatchObject({
      isRead: true,
      resolved: { status: 'declined', at: isoTime },
    });
  });
});
