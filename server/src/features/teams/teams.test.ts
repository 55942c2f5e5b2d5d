import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PREMIUM_REQUIRED } from '#common/premium';
import { TEAM_MESSAGES } from '#common/schemas/teams';
import { notifications, teamMembers, teams } from '#server/db/schema/index.ts';
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

async function newTeam(owner: Member) {
  const res = await owner.browser.request('POST', '/api/teams', {
    body: {
      name: 'Low Tide',
      description: 'Indie feature, 18 shooting days',
      location: 'Atlanta, GA',
      startDate: '2027-03-01',
      endDate: '2027-03-20',
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}

describe('teams', () => {
  it('a Premium producer builds a team, invites a gaffer to a position, the gaffer accepts from the notification', async () => {
    const [p, g] = [await producer(), await crew()];
    const team = await newTeam(p);
    const withPosition = (
      await p.browser.request('POST', `/api/teams/${team.id}/positions`, {
        body: { roleId: gafferRole, count: 2 },
      })
    ).json();
    const position = withPosition.positions[0];
    expect(position).toMatchObject({ role: { name: 'Gaffer' }, count: 2, filled: 0 });

    const invited = await p.browser.request('POST', `/api/teams/${team.id}/invites`, {
      body: { userId: g.id, positionId: position.id },
    });
    expect(invited.json().members).toEqual([
      expect.objectContaining({ person: expect.objectContaining({ id: g.id }), status: 'invited' }),
    ]);
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, g.id), eq(notifications.type, 'team_invite')));
    expect(notice?.data).toMatchObject({ teamId: team.id });
    // Invited: they may look at the crew sheet before answering.
    expect((await g.browser.request('GET', `/api/teams/${team.id}`)).json().myRole).toBe('invited');

    const accepted = await g.browser.request('POST', `/api/team-invites/${team.id}/accept`, {
      body: { notificationId: notice?.id },
    });
    expect(accepted.json()).toEqual({ status: 'accepted' });
    const sheet = (await g.browser.request('GET', `/api/teams/${team.id}`)).json();
    expect(sheet).toMatchObject({ myRole: 'member', positions: [{ filled: 1, count: 2 }] });
    expect((await g.browser.request('GET', '/api/teams')).json().teams).toEqual([
      expect.objectContaining({ id: team.id, myRole: 'member' }),
    ]);
    // Sharing the team makes their reviews of each other verified, once its end date is past (issue 30).
    const review = await p.browser.request('POST', `/api/users/${g.id}/reviews`, {
      body: { rating: 5, text: 'Lit every night exterior beautifully and on time.' },
    });
    expect(review.json().verifiedCollaboration).toBe(false);
    await t.db
      .update(teams)
      .set({ startDate: '2026-01-05', endDate: '2026-01-20' })
      .where(eq(teams.id, team.id));
    const edited = await p.browser.request('PATCH', `/api/reviews/${review.json().id}`, {
      body: { rating: 4 },
    });
    expect(edited.json().verifiedCollaboration).toBe(true);
  });

  it('needs Premium to create or invite; answering is free; outsiders get 404', async () => {
    const [free, p, g, stranger] = [await crew(), await producer(), await crew(), await crew()];
    const refused = await free.browser.request('POST', '/api/teams', { body: { name: 'No budget' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(PREMIUM_REQUIRED.teams);
    const team = await newTeam(p);
    for (const [method, url, body] of [
      ['GET', `/api/teams/${team.id}`, undefined],
      ['PATCH', `/api/teams/${team.id}`, { name: 'Taken over' }],
      ['POST', `/api/teams/${team.id}/invites`, { userId: g.id }],
    ] as const) {
      const res = await stranger.browser.request(method, url, body ? { body } : {});
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.message).toBe(TEAM_MESSAGES.notFound);
    }
    const noInvite = await stranger.browser.request('POST', `/api/team-invites/${team.id}/accept`, {
      body: {},
    });
    expect(noInvite.statusCode).toBe(404);
    expect((await p.browser.request('GET', `/api/teams/${team.id}`)).json().name).toBe('Low Tide');
  });

  it('cannot invite a member who blocked the owner (404, as for no one) nor one the owner blocked (409); nothing is stored', async () => {
    const p = await producer();
    const team = await newTeam(p);
    const unreachable = await unreachableMembers(t.db, t.app, p);
    const invite = (userId: number) =>
      p.browser.request('POST', `/api/teams/${team.id}/invites`, { body: { userId } });
    await expectContactRefused(t.db, unreachable, invite, {
      notFound: TEAM_MESSAGES.memberNotFound,
      unblockFirst: TEAM_MESSAGES.unblockFirst,
    });
    expect(await t.db.$count(teamMembers, eq(teamMembers.teamId, team.id))).toBe(0);
    expect((await p.browser.request('GET', `/api/teams/${team.id}`)).json().members).toEqual([]);
    // Once unblocked, the same invitation goes through.
    await unreachable.blocker.browser.request('DELETE', `/api/blocks/${p.id}`);
    expect((await invite(unreachable.blocker.id)).statusCode).toBe(200);
  });

  it('a declined member sees nothing more; the owner removes members and closes the team', async () => {
    const [p, g, h] = [await producer(), await crew(), await crew()];
    const team = await newTeam(p);
    await p.browser.request('POST', `/api/teams/${team.id}/invites`, { body: { userId: g.id } });
    await p.browser.request('POST', `/api/teams/${team.id}/invites`, { body: { userId: h.id } });
    expect(
      (await g.browser.request('POST', `/api/team-invites/${team.id}/decline`, { body: {} })).json(),
    ).toEqual({
      status: 'declined',
    });
    expect((await g.browser.request('GET', `/api/teams/${team.id}`)).statusCode).toBe(404);
    await h.browser.request('POST', `/api/team-invites/${team.id}/accept`, { body: {} });
    expect((await p.browser.request('DELETE', `/api/teams/${team.id}/members/${h.id}`)).statusCode).toBe(204);
    expect((await h.browser.request('GET', `/api/teams/${team.id}`)).statusCode).toBe(404);
    const closed = await p.browser.request('PATCH', `/api/teams/${team.id}`, { body: { status: 'closed' } });
    expect(closed.json().status).toBe('closed');
    const late = await p.browser.request('POST', `/api/teams/${team.id}/invites`, { body: { userId: g.id } });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(TEAM_MESSAGES.closed);
    const bad = await p.browser.request('POST', '/api/teams', {
      body: { name: 'x', endDate: '2027-01-01', startDate: '2027-02-01' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
