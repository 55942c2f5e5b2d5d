import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOLD_LIMITS } from '#common/limits';
import { BOOKING_MESSAGES } from '#common/schemas/bookings';
import { bookings, notifications, teamMembers } from '#server/db/schema/index.ts';
import { member, roleIdNamed } from '#server/features/notifications/test-support.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { completeFinishedBookings } from './service.ts';

/** Issue 30: holds are pencils the crew member agrees to, lapse unconfirmed, and take one lock order. */
let t: TestApp;
let gafferRole: number;
beforeAll(async () => {
  t = await createTestApp();
  gafferRole = await roleIdNamed(t.app, 'Gaffer');
});

const producer = () => member(t.db, t.app, { premium: true });
const crew = () => member(t.db, t.app);
type Member = Awaited<ReturnType<typeof crew>>;
type Days = [string, string];
interface Answer {
  id: number;
  status: string;
  holdAgreedAt: string | null;
}

const request = (from: Member, to: Pick<Member, 'id'>, days: Days, extra: Record<string, unknown> = {}) =>
  from.browser.request('POST', '/api/bookings', {
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

async function requested(from: Member, to: Member, days: Days, extra: Record<string, unknown> = {}) {
  const res = await request(from, to, days, extra);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Answer;
}

const act = (who: Member, id: number, action: string) =>
  who.browser.request('POST', `/api/bookings/${id}/${action}`, { body: {} });

async function agreed(from: Member, to: Member, days: Days, hold: 'first' | 'second') {
  const asked = await requested(from, to, days, { hold });
  const res = await act(to, asked.id, 'accept');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Answer;
}

const statusOf = async (id: number) =>
  (await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]?.status;

const calendar = async (who: Member, from: string, to: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/users/${who.id}/availability?from=${from}&to=${to}` }))
    .json()
    .days.map((d: { status: string }) => d.status) as string[];

const titlesOf = async (who: Member) =>
  (await t.db.select().from(notifications).where(eq(notifications.userId, who.id))).map((n) => n.title);

/** The hold was made this many days ago. */
const madeDaysAgo = (id: number, days: number) =>
  t.db
    .update(bookings)
    .set({ createdAt: sql`now() - ${days} * interval '1 day'` })
    .where(eq(bookings.id, id));

describe('holds need consent', () => {
  it('refuses a hold of more than 60 days with a field message; a 366-day first hold is no longer possible', async () => {
    const [p, g] = [await producer(), await crew()];
    for (const days of [
      ['2027-01-01', '2028-01-01'],
      ['2027-01-01', '2027-03-02'],
    ] as Days[]) {
      const res = await request(p, g, days, { hold: 'first' });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().error)).toContain(BOOKING_MESSAGES.holdTooLong);
    }
    expect(BOOKING_MESSAGES.holdTooLong).toBe(`A hold can cover at most ${HOLD_LIMITS.maxDays} days`);
    // 60 days is a hold; a plain booking request keeps its longer limit.
    expect((await request(p, g, ['2027-01-01', '2027-03-01'], { hold: 'second' })).statusCode).toBe(201);
    expect((await request(p, g, ['2027-03-02', '2027-08-01'])).statusCode).toBe(201);
  });

  it('a hold only asked for shows on no calendar and blocks nothing: others hold and book the days', async () => {
    const [squatter, other, third, g] = [await producer(), await producer(), await producer(), await crew()];
    const pencil = await requested(squatter, g, ['2027-02-01', '2027-03-01'], { hold: 'first' });
    expect(pencil).toMatchObject({ status: 'hold_first', holdAgreedAt: null });
    expect(await calendar(g, '2027-02-01', '2027-02-03')).toEqual(['free', 'free', 'free']);
    // Another production may ask for a first hold on the same days…
    const theirs = await request(other, g, ['2027-02-02', '2027-02-03'], { hold: 'first' });
    expect(theirs.statusCode).toBe(201);
    // …and the crew member may take other work there.
    const job = await requested(third, g, ['2027-02-02', '2027-02-02']);
    const accepted = await act(g, job.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().status).toBe('accepted');
    expect(await calendar(g, '2027-02-01', '2027-02-03')).toEqual(['free', 'busy', 'free']);
  });

  it('accepting a hold agrees to the pencil, not a booking: the calendar says "hold"; a first on held days becomes second, and both are told', async () => {
    const [a, b, g] = [await producer(), await producer(), await crew()];
    const first = await agreed(a, g, ['2027-04-01', '2027-04-03'], 'first');
    expect(first).toMatchObject({ status: 'hold_first', holdAgreedAt: expect.any(String) });
    expect(await calendar(g, '2027-03-31', '2027-04-01')).toEqual(['free', 'hold']);
    expect(await titlesOf(a)).toContain('Hold accepted');

    const late = await requested(b, g, ['2027-04-03', '2027-04-05'], { hold: 'first' });
    const answer = await act(g, late.id, 'accept');
    expect(answer.json()).toMatchObject({ status: 'hold_second', holdAgreedAt: expect.any(String) });
    const toB = await t.db.select().from(notifications).where(eq(notifications.userId, b.id));
    expect(toB.find((n) => n.title === 'Hold accepted')?.message).toContain('second hold');
    expect(await titlesOf(g)).toContain('The hold is second');
    // Answered once: no second answer, and the 409 says why (issue 31).
    expect((await act(g, late.id, 'accept')).json().error.message).toBe(BOOKING_MESSAGES.alreadyAccepted);
    // An agreed first hold outranks a booking request of another production until released.
    const request2 = await requested(b, g, ['2027-04-02', '2027-04-02']);
    expect((await act(g, request2.id, 'accept')).json().error.message).toBe(BOOKING_MESSAGES.outranked);
  });

  it('the crew member can release any hold, asked for or agreed; the production is told', async () => {
    const [p, g] = [await producer(), await crew()];
    const asked = await requested(p, g, ['2027-05-01', '2027-05-02'], { hold: 'first' });
    const pencilled = await agreed(p, g, ['2027-05-10', '2027-05-12'], 'first');
    for (const hold of [asked, pencilled]) {
      const res = await act(g, hold.id, 'release');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('cancelled');
    }
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, p.id));
    expect(told.filter((n) => n.title === 'Hold released').map((n) => n.message)).toEqual([
      expect.stringContaining('released your hold on 2027-05-01 to 2027-05-02'),
      expect.stringContaining('released your hold on 2027-05-10 to 2027-05-12'),
    ]);
    expect(await calendar(g, '2027-05-10', '2027-05-10')).toEqual(['free']);
  });
});

describe('confirming a hold into a booking (issue 31)', () => {
  it('only the requester confirms, only an agreed hold; the days become busy and the crew member is told', async () => {
    const [p, g] = [await producer(), await crew()];
    const hold = await requested(p, g, ['2027-06-01', '2027-06-02'], { hold: 'first' });
    const early = await act(p, hold.id, 'confirm');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(BOOKING_MESSAGES.notConfirmable);
    await act(g, hold.id, 'accept');
    expect((await act(g, hold.id, 'confirm')).statusCode).toBe(409);
    // Another production's pencil on some of the same days, agreed while the days were only held.
    const other = await producer();
    const over = await agreed(other, g, ['2027-06-02', '2027-06-04'], 'first');
    expect(over.status).toBe('hold_second');
    const confirmed = await act(p, hold.id, 'confirm');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'accepted', holdAgreedAt: expect.any(String) });
    // Booked days are busy; the other production's agreed pencil still shows where it alone stands.
    expect(await calendar(g, '2027-06-01', '2027-06-03')).toEqual(['busy', 'busy', 'hold']);
    expect(await titlesOf(g)).toContain('Hold confirmed');
    expect((await act(p, hold.id, 'confirm')).statusCode).toBe(409);
    // A booked day is booked: the other agreed hold there cannot be confirmed (409 naming the days).
    const refused = await act(other, over.id, 'confirm');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'They are already booked 2027-06-01 to 2027-06-02: these days overlap (2027-06-02 to 2027-06-04)',
    );
  });

  it('a hold for a team fills its position when confirmed', async () => {
    const [p, g] = [await producer(), await crew()];
    const team = (await p.browser.request('POST', '/api/teams', { body: { name: 'Pencils' } })).json();
    const sheet = (
      await p.browser.request('POST', `/api/teams/${team.id}/positions`, {
        body: { roleId: gafferRole, count: 1 },
      })
    ).json();
    const positionId = sheet.positions[0].id as number;
    const hold = await requested(p, g, ['2027-06-20', '2027-06-21'], {
      hold: 'first',
      teamId: team.id,
      positionId,
    });
    await act(g, hold.id, 'accept');
    // Agreeing to a pencil is not joining the crew.
    expect((await p.browser.request('GET', `/api/teams/${team.id}`)).json().positions[0].filled).toBe(0);
    await act(p, hold.id, 'confirm');
    expect((await p.browser.request('GET', `/api/teams/${team.id}`)).json().positions[0]).toMatchObject({
      id: positionId,
      filled: 1,
    });
  });
});

describe('holds lapse', () => {
  it('reminds both sides once two days before, then lapses both ways at 14 days, also in the minute sweep', async () => {
    const [p, g] = [await producer(), await crew()];
    const hold = await agreed(p, g, ['2027-07-01', '2027-07-02'], 'first');
    await madeDaysAgo(hold.id, HOLD_LIMITS.lapseDays - HOLD_LIMITS.remindDaysBefore + 0.5);
    // Reading one's bookings sweeps them first; reading again reminds nobody twice.
    await g.browser.request('GET', '/api/bookings');
    await p.browser.request('GET', '/api/bookings?as=requester');
    expect((await titlesOf(p)).filter((n) => n === 'Your hold lapses soon')).toHaveLength(1);
    expect((await titlesOf(g)).filter((n) => n === 'A hold lapses soon')).toHaveLength(1);
    expect(await statusOf(hold.id)).toBe('hold_first');

    await madeDaysAgo(hold.id, HOLD_LIMITS.lapseDays);
    const lapsed = await p.browser.request('GET', `/api/bookings/${hold.id}`);
    expect(lapsed.json()).toMatchObject({ status: 'expired' });
    for (const who of [p, g]) expect(await titlesOf(who)).toContain('Hold lapsed');
    expect(await calendar(g, '2027-07-01', '2027-07-01')).toEqual(['free']);
    expect((await act(p, hold.id, 'confirm')).statusCode).toBe(409);

    // Nobody reads: the minute sweep lapses it, and a hold asked for lapses too.
    const [q2, g2] = [await producer(), await crew()];
    const asked = await requested(q2, g2, ['2027-07-10', '2027-07-10'], { hold: 'second' });
    await madeDaysAgo(asked.id, HOLD_LIMITS.lapseDays + 1);
    await completeFinishedBookings(t.db);
    expect(await statusOf(asked.id)).toBe('expired');
    for (const who of [q2, g2]) expect(await titlesOf(who)).toContain('Hold lapsed');
  });

  it('an agreed first hold that lapses moves the second up', async () => {
    const [a, b, g] = [await producer(), await producer(), await crew()];
    const first = await agreed(a, g, ['2027-08-01', '2027-08-02'], 'first');
    const second = await agreed(b, g, ['2027-08-02', '2027-08-03'], 'second');
    expect(second.status).toBe('hold_second');
    await madeDaysAgo(first.id, HOLD_LIMITS.lapseDays + 1);
    await g.browser.request('GET', '/api/bookings');
    expect(await statusOf(first.id)).toBe('expired');
    expect(await statusOf(second.id)).toBe('hold_first');
  });

  it('a block withdraws an agreed first hold between the two and moves the second up, as a release would', async () => {
    const [a, b, g] = [await producer(), await producer(), await crew()];
    const first = await agreed(a, g, ['2027-09-01', '2027-09-02'], 'first');
    const second = await agreed(b, g, ['2027-09-01', '2027-09-02'], 'second');
    const blocked = await g.browser.request('POST', '/api/blocks', { body: { userId: a.id } });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(await statusOf(first.id)).toBe('cancelled');
    expect(await statusOf(second.id)).toBe('hold_first');
    expect(await titlesOf(b)).toContain('Your hold is now first');
  });
});

describe('second holds move up only where no first hold stands', () => {
  it('a second hold spanning two first holds stays second until both are gone', async () => {
    const [a, b, c, g] = [await producer(), await producer(), await producer(), await crew()];
    const firstA = await agreed(a, g, ['2027-09-01', '2027-09-03'], 'first');
    const firstB = await agreed(b, g, ['2027-09-05', '2027-09-07'], 'first');
    const spanning = await agreed(c, g, ['2027-09-02', '2027-09-06'], 'second');
    expect(spanning.status).toBe('hold_second');

    await act(a, firstA.id, 'release');
    expect(await statusOf(spanning.id)).toBe('hold_second');
    const firsts = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.crewId, g.id), eq(bookings.status, 'hold_first')));
    expect(firsts.map((h) => h.id)).toEqual([firstB.id]);

    await act(b, firstB.id, 'cancel');
    expect(await statusOf(spanning.id)).toBe('hold_first');
    expect(await titlesOf(c)).toContain('Your hold is now first');
  });
});

describe('cancelling takes off the team membership the booking made', () => {
  it('removes only the membership that booking made, whether booked or a confirmed hold', async () => {
    const [p, g, invited] = [await producer(), await crew(), await crew()];
    const team = (await p.browser.request('POST', '/api/teams', { body: { name: 'Wrap Party' } })).json();
    const sheet = (
      await p.browser.request('POST', `/api/teams/${team.id}/positions`, {
        body: { roleId: gafferRole, count: 2 },
      })
    ).json();
    const positionId = sheet.positions[0].id as number;
    const forTeam = { teamId: team.id, positionId };
    const members = async () =>
      (await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id)))
        .map((m) => m.userId)
        .sort();

    // Booked, then cancelled: on the team, then off it.
    const job = await requested(p, g, ['2027-10-01', '2027-10-02'], forTeam);
    await act(g, job.id, 'accept');
    expect(await members()).toEqual([g.id]);
    expect((await act(g, job.id, 'cancel')).statusCode).toBe(200);
    expect(await members()).toEqual([]);

    // A confirmed hold, then cancelled by the production.
    const hold = await requested(p, g, ['2027-10-05', '2027-10-06'], { hold: 'first', ...forTeam });
    await act(g, hold.id, 'accept');
    await act(p, hold.id, 'confirm');
    expect(await members()).toEqual([g.id]);
    await act(p, hold.id, 'cancel');
    expect(await members()).toEqual([]);
    expect((await p.browser.request('GET', `/api/teams/${team.id}`)).json().positions[0].filled).toBe(0);

    // Someone who joined by invitation stays when a booking for the team is cancelled.
    const invite = await p.browser.request('POST', `/api/teams/${team.id}/invites`, {
      body: { userId: invited.id, positionId },
    });
    expect(invite.statusCode, invite.body).toBeLessThan(300);
    const joined = await invited.browser.request('POST', `/api/team-invites/${team.id}/accept`, { body: {} });
    expect(joined.statusCode, joined.body).toBe(200);
    const theirs = await requested(p, invited, ['2027-10-10', '2027-10-10'], forTeam);
    await act(invited, theirs.id, 'accept');
    await act(p, theirs.id, 'cancel');
    expect(await members()).toEqual([invited.id]);

    // Two bookings for one team: cancelling the one that made the membership keeps it for the other.
    const one = await requested(p, g, ['2027-10-20', '2027-10-20'], forTeam);
    const two = await requested(p, g, ['2027-10-22', '2027-10-22'], forTeam);
    await act(g, one.id, 'accept');
    await act(g, two.id, 'accept');
    await act(p, one.id, 'cancel');
    expect(await members()).toEqual([invited.id, g.id].sort());
    await act(p, two.id, 'cancel');
    expect(await members()).toEqual([invited.id]);
  });
});

describe('one lock order', () => {
  it('accept, cancel and release of one crew member’s bookings fired at once never deadlock (50 rounds)', async () => {
    for (let round = 0; round < 50; round++) {
      const [p, g] = [await producer(), await crew()];
      const job = await requested(p, g, ['2027-11-01', '2027-11-02']);
      const hold = await requested(p, g, ['2027-11-05', '2027-11-06'], { hold: 'first' });
      const [accepted, cancelled, agreedHold, released] = await Promise.all([
        act(g, job.id, 'accept'),
        act(p, job.id, 'cancel'),
        act(g, hold.id, 'accept'),
        act(p, hold.id, 'release'),
      ]);
      const codes = [accepted, cancelled, agreedHold, released].map((r) => r.statusCode);
      expect(
        codes.every((code) => code === 200 || code === 409),
        `round ${round}: ${codes}`,
      ).toBe(true);
      // Cancel and release always win in the end: either they ran first, or after the answer.
      expect([cancelled.statusCode, released.statusCode]).toEqual([200, 200]);
      expect([await statusOf(job.id), await statusOf(hold.id)]).toEqual(['cancelled', 'cancelled']);
    }
    // 50 rounds of eight members and eight requests each: more than the default 20 s on a loaded machine.
  }, 90_000);
});

describe('one request per production for a person’s days (issue 31)', () => {
  it('refuses a second request or hold over my own pending request or hold on overlapping days (409); others, other days and answered ones pass', async () => {
    const [p, other, g] = [await producer(), await producer(), await crew()];
    const first = await requested(p, g, ['2027-12-01', '2027-12-03']);
    for (const [days, extra] of [
      [['2027-12-03', '2027-12-05'], {}],
      [['2027-11-30', '2027-12-01'], { hold: 'first' }],
      [['2027-12-02', '2027-12-02'], { hold: 'second' }],
    ] as [Days, Record<string, unknown>][]) {
      const res = await request(p, g, days, extra);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe(BOOKING_MESSAGES.duplicateRequest);
    }
    // Another production may ask for the same days, and I may ask for other days.
    expect((await request(other, g, ['2027-12-01', '2027-12-03'])).statusCode).toBe(201);
    expect((await request(p, g, ['2027-12-04', '2027-12-05'])).statusCode).toBe(201);

    // An agreed hold counts as mine too; once it is released the days are free to ask for again.
    const hold = await agreed(p, g, ['2027-12-10', '2027-12-12'], 'first');
    expect((await request(p, g, ['2027-12-12', '2027-12-14'])).statusCode).toBe(409);
    expect((await act(p, hold.id, 'release')).statusCode).toBe(200);
    expect((await request(p, g, ['2027-12-12', '2027-12-14'])).statusCode).toBe(201);

    // A declined request no longer stands in the way.
    expect((await act(g, first.id, 'decline')).statusCode).toBe(200);
    expect((await request(p, g, ['2027-12-01', '2027-12-02'], { hold: 'first' })).statusCode).toBe(201);
  });

  it('two sends of the same request at once leave exactly one (the check runs under the calendar lock)', async () => {
    for (let round = 0; round < 10; round++) {
      const [p, g] = [await producer(), await crew()];
      const sends = await Promise.all([
        request(p, g, ['2027-12-20', '2027-12-21']),
        request(p, g, ['2027-12-21', '2027-12-22'], { hold: 'first' }),
      ]);
      expect(sends.map((r) => r.statusCode).sort(), `round ${round}`).toEqual([201, 409]);
      const rows = await t.db.select().from(bookings).where(eq(bookings.crewId, g.id));
      expect(rows).toHaveLength(1);
    }
  });
});
