import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '#common/limits';
import { declinedUntil } from '#common/policies/connections';
import { PREMIUM_REQUIRED } from '#common/premium';
import { BOOKING_MESSAGES } from '#common/schemas/bookings';
import { CONNECTION_MESSAGES, declinedRecentlyMessage } from '#common/schemas/connections';
import { bookings, connections, notifications, teamMembers } from '#server/db/schema/index.ts';
import { member, roleIdNamed } from '#server/features/notifications/test-support.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const networkMember = (app: TestApp, premium = false) => member(app.db, app.app, { premium });
type Member = Awaited<ReturnType<typeof networkMember>>;

const statusOf = async (a: Member, b: Member) =>
  (await a.browser.request('GET', `/api/connections/status/${b.id}`)).json().status;

const requestsFrom = (to: Member, requesterId: number) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, to.id), eq(notifications.type, 'connection_request')))
    .then((rows) => rows.filter((row) => row.data?.requesterId === requesterId));

describe('connections', () => {
  it('a Premium member asks, the free member accepts from the notification, both are connected', async () => {
    const [producer, gaffer] = [await networkMember(t, true), await networkMember(t)];
    const asked = await producer.browser.request('POST', '/api/connections', { body: { userId: gaffer.id } });
    expect(asked.json()).toEqual({ status: 'pending_out' });
    expect(await statusOf(gaffer, producer)).toBe('pending_in');
    const [notice] = await requestsFrom(gaffer, producer.id);
    expect(notice?.message).toMatch(/wants to connect with you\.$/);

    const incoming = (await gaffer.browser.request('GET', '/api/connections/requests')).json();
    expect(incoming.incoming.map((r: { person: { id: number } }) => r.person.id)).toEqual([producer.id]);
    const accepted = await gaffer.browser.request('POST', '/api/connections/accept', {
      body: { requesterId: producer.id, notificationId: notice?.id },
    });
    expect(accepted.json()).toEqual({ status: 'connected' });
    const [read] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, notice?.id as number));
    expect(read?.isRead).toBe(true);
    expect(await statusOf(producer, gaffer)).toBe('connected');
    const list = (await producer.browser.request('GET', '/api/connections')).json();
    expect(list.connections).toEqual([
      {
        person: expect.objectContaining({ id: gaffer.id, username: gaffer.username }),
        since: expect.any(String),
      },
    ]);
    // The requester hears back.
    const back = await t.db.select().from(notifications).where(eq(notifications.userId, producer.id));
    expect(back.map((n) => n.title)).toContain('Connection accepted');
  });

  it('needs Premium to ask (403 naming Premium), and answering is free', async () => {
    const [free, other] = [await networkMember(t), await networkMember(t)];
    const res = await free.browser.request('POST', '/api/connections', { body: { userId: other.id } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(PREMIUM_REQUIRED.connections);
    expect(await statusOf(other, free)).toBe('none');
  });

  it('asking twice, or asking someone connected, sends nothing new', async () => {
    const [a, b] = [await networkMember(t, true), await networkMember(t)];
    await a.browser.request('POST', '/api/connections', { body: { userId: b.id } });
    const again = await a.browser.request('POST', '/api/connections', { body: { userId: b.id } });
    expect(again.json()).toEqual({ status: 'pending_out' });
    expect(await requestsFrom(b, a.id)).toHaveLength(1);
    await b.browser.request('POST', '/api/connections/accept', { body: { requesterId: a.id } });
    expect((await a.browser.request('POST', '/api/connections', { body: { userId: b.id } })).json()).toEqual({
      status: 'connected',
    });
    expect(await requestsFrom(b, a.id)).toHaveLength(1);
  });

  it('a declined request looks pending to the one who asked, and is not sent again', async () => {
    const [a, b] = [await networkMember(t, true), await networkMember(t)];
    await a.browser.request('POST', '/api/connections', { body: { userId: b.id } });
    const declined = await b.browser.request('POST', '/api/connections/decline', {
      body: { requesterId: a.id },
    });
    expect(declined.json()).toEqual({ status: 'none' });
    expect(await statusOf(a, b)).toBe('pending_out');
    expect(await statusOf(b, a)).toBe('none');
    await a.browser.request('POST', '/api/connections', { body: { userId: b.id } });
    expect(await requestsFrom(b, a.id)).toHaveLength(1);
    const noRequest = await b.browser.request('POST', '/api/connections/accept', {
      body: { requesterId: a.id },
    });
    expect(noRequest.statusCode).toBe(404);
    expect(noRequest.json().error.message).toBe(CONNECTION_MESSAGES.noRequest);
  });

  it('withdraws a request and removes a connection; nobody else can', async () => {
    const [a, b, c] = [await networkMember(t, true), await networkMember(t), await networkMember(t)];
    await a.browser.request('POST', '/api/connections', { body: { userId: b.id } });
    expect((await c.browser.request('DELETE', `/api/connections/${b.id}`)).statusCode).toBe(404);
    expect((await a.browser.request('DELETE', `/api/connections/${b.id}`)).statusCode).toBe(204);
    expect(await statusOf(b, a)).toBe('none');
    expect((await a.browser.request('GET', '/api/connections/requests')).json().outgoing).toEqual([]);
  });

  it('blocking ends pending requests; the blocked member cannot ask again (404) nor learn of the block', async () => {
    const [a, b] = [await networkMember(t, true), await networkMember(t, true)];
    await a.browser.request('POST', '/api/connections', { body: { userId: b.id } });
    expect((await b.browser.request('POST', '/api/blocks', { body: { userId: a.id } })).json()).toEqual({
      status: 'blocked',
    });
    expect((await b.browser.request('GET', '/api/connections/requests')).json().incoming).toEqual([]);
    expect(await statusOf(b, a)).toBe('blocked');
    expect(await statusOf(a, b)).toBe('none');
    const refused = await a.browser.request('POST', '/api/connections', { body: { userId: b.id } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(CONNECTION_MESSAGES.notFound);
    expect((await b.browser.request('DELETE', `/api/blocks/${a.id}`)).statusCode).toBe(204);
    expect(
      (await a.browser.request('POST', '/api/connections', { body: { userId: b.id } })).json().status,
    ).toBe('pending_out');
  });

  it('a block withdraws what waits between the two, either way: requests, holds, invitations, and their notifications (issue 30)', async () => {
    const [v, a] = [await networkMember(t, true), await networkMember(t, true)];
    const gaffer = await roleIdNamed(t.app, 'Gaffer');
    const book = async (from: Member, to: Member, day: string, extra: Record<string, unknown> = {}) => {
      const res = await from.browser.request('POST', '/api/bookings', {
        body: {
          crewId: to.id,
          roleId: gaffer,
          startDate: day,
          endDate: day,
          rate: 50000,
          currency: 'usd',
          ...extra,
        },
      });
      expect(res.statusCode).toBe(201);
      return res.json().id as number;
    };
    const team = async (owner: Member, invitee: Member) => {
      const made = await owner.browser.request('POST', '/api/teams', {
        body: { name: 'Low Tide', description: '', location: null, startDate: null, endDate: null },
      });
      const teamId = made.json().id as number;
      await owner.browser.request('POST', `/api/teams/${teamId}/invites`, { body: { userId: invitee.id } });
      return teamId;
    };
    const requested = await book(a, v, '2027-10-01');
    const firstHold = await book(a, v, '2027-10-02', { hold: 'first' });
    const secondHold = await book(a, v, '2027-10-03', { hold: 'second' });
    const theOtherWay = await book(v, a, '2027-10-04');
    const agreed = await book(a, v, '2027-10-05');
    expect(
      (await v.browser.request('POST', `/api/bookings/${agreed}/accept`, { body: {} })).json().status,
    ).toBe('accepted');
    const aTeam = await team(a, v);
    const vTeam = await team(v, a);
    await a.browser.request('POST', '/api/connections', { body: { userId: v.id } });
    const asked = (who: Member) =>
      t.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, who.id),
            inArray(notifications.type, ['booking_request', 'team_invite', 'connection_request']),
          ),
        );
    expect(await asked(v)).toHaveLength(6);
    expect(await asked(a)).toHaveLength(2);

    expect((await v.browser.request('POST', '/api/blocks', { body: { userId: a.id } })).statusCode).toBe(200);

    const statuses = new Map(
      (
        await t.db
          .select()
          .from(bookings)
          .where(inArray(bookings.requesterId, [a.id, v.id]))
      ).map((b) => [b.id, b.status]),
    );
    expect(Object.fromEntries(statuses)).toEqual({
      [requested]: 'cancelled',
      [firstHold]: 'cancelled',
      [secondHold]: 'cancelled',
      [theOtherWay]: 'cancelled',
      [agreed]: 'accepted',
    });
    expect(
      await t.db
        .select()
        .from(teamMembers)
        .where(inArray(teamMembers.teamId, [aTeam, vTeam])),
    ).toEqual([]);
    // Neither hears of them any more (the accepted booking's request stays), and nothing can be answered.
    expect((await asked(v)).map((n) => n.data?.bookingId)).toEqual([agreed]);
    expect(await asked(a)).toEqual([]);
    for (const id of [requested, firstHold, secondHold]) {
      const res = await v.browser.request('POST', `/api/bookings/${id}/accept`, { body: {} });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(BOOKING_MESSAGES.alreadyCancelled);
    }
    expect(
      (await a.browser.request('POST', `/api/bookings/${theOtherWay}/accept`, { body: {} })).statusCode,
    ).toBe(409);
    expect(
      (await v.browser.request('POST', `/api/team-invites/${aTeam}/accept`, { body: {} })).statusCode,
    ).toBe(404);
    expect(
      (await a.browser.request('POST', `/api/team-invites/${vTeam}/accept`, { body: {} })).statusCode,
    ).toBe(404);
    expect(
      (await v.browser.request('POST', '/api/connections/accept', { body: { requesterId: a.id } }))
        .statusCode,
    ).toBe(404);
  });

  it('a declined request can be neither withdrawn nor sent again for 30 days, blocking or not (issue 30)', async () => {
    const [a, b] = [await networkMember(t, true), await networkMember(t)];
    await a.browser.request('POST', '/api/connections', { body: { userId: b.id } });
    await b.browser.request('POST', '/api/connections/decline', { body: { requesterId: a.id } });
    const [row] = await t.db.select().from(connections).where(eq(connections.requesterId, a.id));
    const until = declinedUntil(row as NonNullable<typeof row>) as Date;
    const withdraw = await a.browser.request('DELETE', `/api/connections/${b.id}`);
    expect(withdraw.statusCode).toBe(409);
    expect(withdraw.json().error.message).toBe(declinedRecentlyMessage(until));
    expect(withdraw.json().error.message).toMatch(
      /^They declined your request recently: you can ask again after \d{4}-\d{2}-\d{2}$/,
    );
    // Blocking and unblocking does not wipe the decline either.
    await a.browser.request('POST', '/api/blocks', { body: { userId: b.id } });
    await a.browser.request('DELETE', `/api/blocks/${b.id}`);
    expect((await a.browser.request('DELETE', `/api/connections/${b.id}`)).statusCode).toBe(409);
    await a.browser.request('POST', '/api/connections', { body: { userId: b.id } });
    expect(await requestsFrom(b, a.id)).toHaveLength(1);

    // Thirty days on, the request can be withdrawn and asked again.
    await t.db
      .update(connections)
      .set({ respondedAt: new Date(Date.now() - (LIMITS.connectionDeclineDays + 1) * 86_400_000) })
      .where(eq(connections.requesterId, a.id));
    expect((await a.browser.request('DELETE', `/api/connections/${b.id}`)).statusCode).toBe(204);
    expect((await a.browser.request('POST', '/api/connections', { body: { userId: b.id } })).json()).toEqual({
      status: 'pending_out',
    });
    expect(await requestsFrom(b, a.id)).toHaveLength(2);
  });

  it('answers bad input with 4xx and clear messages', async () => {
    const a = await networkMember(t, true);
    const self = await a.browser.request('POST', '/api/connections', { body: { userId: a.id } });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(CONNECTION_MESSAGES.self);
    const nobody = await a.browser.request('POST', '/api/connections', { body: { userId: 2_000_000_000 } });
    expect(nobody.statusCode).toBe(404);
    expect((await a.browser.request('POST', '/api/connections', { body: { userId: 'x' } })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/connections' })).statusCode).toBe(401);
  });
});
