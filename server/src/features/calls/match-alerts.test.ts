import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { blocks, crewCalls, notifications, userRoles, users } from '#server/db/schema/index.ts';
import { member, roleIdNamed } from '#server/features/notifications/test-support.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { CALL_MATCH_LISTED, runCallMatchAlerts } from './match-alerts.ts';

/** Issue 36: call_match alerts, opt-in, at most one a day per member, listing the new calls. */
let t: TestApp;
let smtp: TestSmtp;
let gaffer: number;
let grip: number;

type Member = Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://crewbase.test' });
  gaffer = await roleIdNamed(t.app, 'Gaffer');
  grip = await roleIdNamed(t.app, 'Grip');
});

/** Days counted from the real today (calls cannot close in the past); `at(n)` is noon of day n. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const at = (offset: number) => new Date(`${day(offset)}T12:00:00Z`);

/** A crew member in `place` with `roleId`, opted in to call_match through the preferences call. */
async function crew(place: string, roleId: number, optIn = true) {
  const who = await member(t.db, t.app);
  await t.db.update(users).set({ location: place, emailVerifiedAt: new Date() }).where(eq(users.id, who.id));
  await t.db.insert(userRoles).values({ userId: who.id, roleId, position: 0 });
  if (optIn) {
    const res = await who.browser.request('PATCH', '/api/notifications/preferences', {
      body: { call_match_notifications: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().call_match_notifications).toBe(true);
  }
  return who;
}

async function postCall(owner: Member, title: string, roleId: number, location: string) {
  const [row] = await t.db
    .insert(crewCalls)
    .values({
      ownerId: owner.id,
      title,
      roleId,
      location,
      startDate: day(30),
      endDate: day(32),
      currency: 'usd',
      rateUnit: 'day',
      description: 'Three days on a feature.',
      applyBy: day(20),
    })
    .returning({ id: crewCalls.id });
  return (row as { id: number }).id;
}

const alertsOf = (who: Member) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, who.id), eq(notifications.type, 'call_match')))
    .orderBy(notifications.id);

describe('call_match alerts', () => {
  it('is off until a member opts in', async () => {
    const who = await member(t.db, t.app);
    const res = await who.browser.request('GET', '/api/notifications/preferences');
    expect(res.json()).toMatchObject({
      call_match_notifications: false,
      email_call_match_notifications: true,
    });
  });

  it('tells matching crew who opted in once a day, listing the calls; nobody else', async () => {
    const poster = await member(t.db, t.app);
    // "Savannah" and "savannah, GA" are one place: the town before the comma, in any case.
    const matched = await crew('savannah', gaffer);
    const notOptedIn = await crew('Savannah, GA', gaffer, false);
    const otherRole = await crew('Savannah, GA', grip);
    const otherPlace = await crew('Macon, GA', gaffer);
    const blocker = await crew('Savannah, GA', gaffer);
    const blocked = await crew('Savannah, GA', gaffer);
    await t.db.insert(blocks).values([
      { blockerId: blocker.id, blockedId: poster.id },
      { blockerId: poster.id, blockedId: blocked.id },
    ]);

    const first = await postCall(poster, 'Gaffer for a night shoot', gaffer, 'Savannah, GA');
    const second = await postCall(poster, 'Gaffer, commercial', gaffer, 'Savannah, GA');
    const run = await runCallMatchAlerts(t.db, at(0));
    expect(run).toMatchObject({ calls: 2, notified: 1 });

    const [alert, ...more] = await alertsOf(matched);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      title: '2 new crew calls for you',
      message: 'Gaffer for a night shoot (Savannah, GA), Gaffer, commercial (Savannah, GA)',
      data: {
        count: 2,
        calls: [
          { id: first, title: 'Gaffer for a night shoot' },
          { id: second, title: 'Gaffer, commercial' },
        ],
      },
    });
    for (const who of [notOptedIn, otherRole, otherPlace, blocker, blocked, poster])
      expect(await alertsOf(who)).toEqual([]);

    // What the member's notifications list shows.
    const listed = (await matched.browser.request('GET', '/api/notifications')).json().notifications;
    expect(listed[0]).toMatchObject({
      type: 'call_match',
      data: { count: 2, calls: [{ id: first }, { id: second }] },
    });

    // A third call the same day waits: at most one call_match a day.
    const third = await postCall(poster, 'Best boy electric', gaffer, 'Savannah');
    expect(await runCallMatchAlerts(t.db, at(0))).toMatchObject({ calls: 1, notified: 0 });
    expect(await alertsOf(matched)).toHaveLength(1);

    // The next day it goes, alone, and a run with nothing new sends nothing more.
    expect(await runCallMatchAlerts(t.db, at(1))).toMatchObject({ calls: 0, notified: 1 });
    const alerts = await alertsOf(matched);
    expect(alerts).toHaveLength(2);
    expect(alerts[1]).toMatchObject({
      title: 'New crew call: Best boy electric',
      data: { count: 1, calls: [{ id: third, title: 'Best boy electric' }] },
    });
    expect(await runCallMatchAlerts(t.db, at(2))).toMatchObject({ calls: 0, notified: 0 });
  });

  it('drops a waiting call that closed, and lists at most ten with the count of all', async () => {
    const poster = await member(t.db, t.app);
    const who = await crew('Athens, GA', grip);
    const calls: number[] = [];
    for (let n = 1; n <= CALL_MATCH_LISTED + 2; n += 1)
      calls.push(await postCall(poster, `Grip call ${n}`, grip, 'Athens, GA'));
    const closed = calls[0] as number;
    await t.db
      .update(crewCalls)
      .set({ status: 'closed', closedAt: new Date() })
      .where(eq(crewCalls.id, closed));
    await runCallMatchAlerts(t.db, at(0));
    const [alert] = await alertsOf(who);
    const data = alert?.data as { count: number; calls: { id: number }[] };
    expect(data.count).toBe(CALL_MATCH_LISTED + 1);
    expect(data.calls.map((call) => call.id)).toEqual(calls.slice(1, CALL_MATCH_LISTED + 1));
    expect(alert?.message).toMatch(/ and 1 more$/);
  });

  it('mails the alert through the e-mail preferences, or not when that mail is off', async () => {
    const poster = await member(t.db, t.app);
    const mailed = await crew('Tifton', gaffer);
    const silent = await crew('Tifton', gaffer);
    const off = await silent.browser.request('PATCH', '/api/notifications/preferences', {
      body: { email_call_match_notifications: false },
    });
    expect(off.statusCode).toBe(200);
    const callId = await postCall(poster, 'Gaffer for a Tifton feature', gaffer, 'Tifton, GA');
    await runCallMatchAlerts(t.db, at(0));
    expect(await alertsOf(silent)).toHaveLength(1);
    await t.app.deliverMail();
    expect(smtp.to(`${silent.username}@example.com`)).toEqual([]);
    const [mail, ...more] = smtp.to(`${mailed.username}@example.com`);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('New crew call: Gaffer for a Tifton feature');
    expect(mail?.text).toContain(`https://crewbase.test/calls/${callId}`);
    expect(mail?.text).toContain('https://crewbase.test/calls');
  });
});
