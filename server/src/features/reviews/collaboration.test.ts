import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '#common/schemas/teams';
import { bookings, notifications, teamMembers, teams } from '#server/db/schema/index.ts';
import { member, roleIdNamed } from '#server/features/notifications/test-support.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

/** Issue 30: a collaboration is "verified" only once the work is over, and a member can leave a team. */
let t: TestApp;
let gafferRole: number;
beforeAll(async () => {
  t = await createTestApp();
  gafferRole = await roleIdNamed(t.app, 'Gaffer');
});

type Member = Awaited<ReturnType<typeof member>>;
const someone = (premium = false) => member(t.db, t.app, { premium });
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const text = 'Calm on set, and every setup was lit before we asked.';

async function reviewIsVerified(from: Member, to: Member) {
  const res = await from.browser.request('POST', `/api/users/${to.id}/reviews`, {
    body: { rating: 5, text },
  });
  expect(res.statusCode).toBe(201);
  return res.json().verifiedCollaboration as boolean;
}

function acceptedBooking(requester: Member, crew: Member, days: [number, number]) {
  return t.db.insert(bookings).values({
    requesterId: requester.id,
    crewId: crew.id,
    roleId: gafferRole,
    startDate: day(days[0]),
    endDate: day(days[1]),
    rate: 60000,
    currency: 'usd',
    status: 'accepted',
  });
}

/** A team of `owner` with `crew` on it (accepted), ending `endOffset` days from today (null: no end date). */
async function teamWith(owner: Member, crew: Member, endOffset: number | null) {
  const [team] = await t.db
    .insert(teams)
    .values({
      ownerId: owner.id,
      name: 'Low Tide',
      startDate: endOffset === null ? null : day(endOffset - 10),
      endDate: endOffset === null ? null : day(endOffset),
    })
    .returning({ id: teams.id });
  const teamId = team?.id as number;
  await t.db.insert(teamMembers).values({ teamId, userId: crew.id, status: 'accepted' });
  return teamId;
}

describe('verified collaboration only after the work', () => {
  it('an accepted booking whose last day is still ahead verifies nothing; one that is over does', async () => {
    const [p, g] = [await someone(true), await someone()];
    await acceptedBooking(p, g, [-3, 2]);
    expect(await reviewIsVerified(p, g)).toBe(false);
    expect(await reviewIsVerified(g, p)).toBe(false);
    const [q, h] = [await someone(true), await someone()];
    await acceptedBooking(q, h, [-5, -1]);
    expect(await reviewIsVerified(q, h)).toBe(true);
    expect(await reviewIsVerified(h, q)).toBe(true);
  });

  it('a team verifies its owner and members only once its end date is past, and never without one', async () => {
    const [owner, crew, other] = [await someone(true), await someone(), await someone()];
    const running = await teamWith(owner, crew, 5);
    await t.db.insert(teamMembers).values({ teamId: running, userId: other.id, status: 'accepted' });
    expect(await reviewIsVerified(owner, crew)).toBe(false);
    expect(await reviewIsVerified(other, crew)).toBe(false);

    const [o2, c2] = [await someone(true), await someone()];
    await teamWith(o2, c2, null);
    expect(await reviewIsVerified(o2, c2)).toBe(false);

    const [o3, c3, m3] = [await someone(true), await someone(), await someone()];
    const wrapped = await teamWith(o3, c3, -1);
    await t.db.insert(teamMembers).values({ teamId: wrapped, userId: m3.id, status: 'accepted' });
    expect(await reviewIsVerified(o3, c3)).toBe(true);
    expect(await reviewIsVerified(m3, c3)).toBe(true);
  });
});

describe('leaving a team', () => {
  it('a member leaves: the position is free again and the owner hears of it', async () => {
    const [owner, crew] = [await someone(true), await someone()];
    const created = await owner.browser.request('POST', '/api/teams', {
      body: { name: 'Night Shift', location: 'Atlanta, GA' },
    });
    const teamId = created.json().id as number;
    const sheet = (
      await owner.browser.request('POST', `/api/teams/${teamId}/positions`, {
        body: { roleId: gafferRole, count: 1 },
      })
    ).json();
    const positionId = sheet.positions[0].id as number;
    await owner.browser.request('POST', `/api/teams/${teamId}/invites`, {
      body: { userId: crew.id, positionId },
    });
    await crew.browser.request('POST', `/api/team-invites/${teamId}/accept`, { body: {} });
    const filled = async () =>
      (await owner.browser.request('GET', `/api/teams/${teamId}`)).json().positions[0].filled as number;
    expect(await filled()).toBe(1);

    expect((await crew.browser.request('POST', `/api/teams/${teamId}/leave`)).statusCode).toBe(204);
    expect(await filled()).toBe(0);
    expect((await crew.browser.request('GET', `/api/teams/${teamId}`)).statusCode).toBe(404);
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.title, 'Member left')));
    expect(told.map((n) => n.data)).toEqual([{ teamId }]);
    // Leaving twice: the team is someone else's again.
    expect((await crew.browser.request('POST', `/api/teams/${teamId}/leave`)).statusCode).toBe(404);
  });

  it('the owner cannot leave (409), someone invited declines instead (409), anyone else is told there is no such team (404)', async () => {
    const [owner, invited, stranger] = [await someone(true), await someone(), await someone()];
    const teamId = (
      await owner.browser.request('POST', '/api/teams', { body: { name: 'Dry Season' } })
    ).json().id as number;
    await owner.browser.request('POST', `/api/teams/${teamId}/invites`, { body: { userId: invited.id } });
    for (const [who, status, message] of [
      [owner, 409, TEAM_MESSAGES.ownerCannotLeave],
      [invited, 409, TEAM_MESSAGES.notAMember],
      [stranger, 404, TEAM_MESSAGES.notFound],
    ] as const) {
      const res = await who.browser.request('POST', `/api/teams/${teamId}/leave`);
      expect(res.statusCode).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    expect((await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId))).length).toBe(1);
  });
});
