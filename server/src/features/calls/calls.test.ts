import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CALL_LIMITS,
  CALL_MESSAGES,
  type Call,
  type CallListResponse,
  type MyApplication,
} from '#common/schemas/calls';
import {
  bookings,
  callApplications,
  crewCalls,
  notifications,
  userRoles,
  users,
} from '#server/db/schema/index.ts';
import { renderNotificationMail } from '#server/features/notifications/index.ts';
import { member, roleIdNamed } from '#server/features/notifications/test-support.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { closeExpiredCalls } from './service.ts';

/** Issue 36: crew calls, applications, booking an applicant (ADR 037). */
let t: TestApp;
let gaffer: number;
let grip: number;
beforeAll(async () => {
  t = await createTestApp();
  gaffer = await roleIdNamed(t.app, 'Gaffer');
  grip = await roleIdNamed(t.app, 'Grip');
});

type Member = Awaited<ReturnType<typeof member>>;
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const TODAY = day(0);

const producer = () => member(t.db, t.app, { premium: true });
/** A crew member: a member with a role on their profile. */
async function crew(roleId = gaffer) {
  const who = await member(t.db, t.app);
  await t.db.insert(userRoles).values({ userId: who.id, roleId, position: 0 });
  return who;
}

/** A unique word, so each test finds its own calls in the shared list. */
let words = 0;
const word = () => {
  words += 1;
  return `zq${Date.now().toString(36)}x${words}`;
};

const callBody = (over: Record<string, unknown> = {}) => ({
  title: 'Gaffer for a feature',
  roleId: gaffer,
  location: 'Atlanta, GA',
  startDate: day(20),
  endDate: day(24),
  rateMin: 40_000,
  rateMax: 50_000,
  currency: 'usd',
  rateUnit: 'day',
  description: 'Five days on an indie feature, lighting package provided.',
  applyBy: day(10),
  ...over,
});

const post = (who: Member, body: Record<string, unknown>) =>
  who.browser.request('POST', '/api/calls', { body });
async function posted(who: Member, over: Record<string, unknown> = {}): Promise<Call> {
  const res = await post(who, callBody(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const applyTo = (who: Member, callId: number, note = 'I have my own truck.') =>
  who.browser.request('POST', `/api/calls/${callId}/applications`, { body: { note } });
async function applied(who: Member, callId: number): Promise<MyApplication> {
  const res = await applyTo(who, callId);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const list = async (query: string): Promise<CallListResponse> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/calls?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const ids = (answer: CallListResponse) => answer.calls.map((call) => call.id);
const visitorGet = (id: number) => t.app.inject({ method: 'GET', url: `/api/calls/${id}` });
const errorOf = (res: { json(): { error: { message: string; fields?: Record<string, string> } } }) =>
  res.json().error;
/** Moves a call's closing day into the past, as time passing would (and its days with it). */
const expire = (callId: number) =>
  t.db
    .update(crewCalls)
    .set({ applyBy: day(-1), startDate: day(-1), endDate: day(3) })
    .where(eq(crewCalls.id, callId));
const notificationsOf = (userId: number, type: string) =>
  t.db
    .select()
    .from(notifications)
    .where(sql`${notifications.userId} = ${userId} and ${notifications.type} = ${type}`)
    .orderBy(notifications.id);

describe('posting a call', () => {
  it('a Premium member posts a call, and it answers 201 with the call and its poster', async () => {
    const me = await producer();
    const call = await posted(me, { title: '  Gaffer for a feature  ' });
    expect(call).toMatchObject({
      title: 'Gaffer for a feature',
      role: { id: gaffer, name: 'Gaffer' },
      location: 'Atlanta, GA',
      rateMin: 40_000,
      rateMax: 50_000,
      currency: 'usd',
      rateUnit: 'day',
      status: 'open',
      closedAt: null,
      applicationCount: 0,
      myApplication: null,
      poster: { id: me.id, username: me.username },
    });
  });

  it('a free member gets 403 with the Premium message, a visitor 401', async () => {
    const free = await crew();
    const res = await post(free, callBody());
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(CALL_MESSAGES.premium);
    const visitor = await t.app.inject({ method: 'POST', url: '/api/calls', payload: callBody() });
    expect([401, 403]).toContain(visitor.statusCode);
    expect(await t.db.select().from(crewCalls).where(eq(crewCalls.ownerId, free.id))).toEqual([]);
  });

  it('refuses each bad field with a 400 naming it and its message', async () => {
    const me = await producer();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: 'Tiny' }, 'title', CALL_MESSAGES.titleShort],
      [{ title: '     Tiny    ' }, 'title', CALL_MESSAGES.titleShort],
      [{ title: 'x'.repeat(CALL_LIMITS.titleMax + 1) }, 'title', CALL_MESSAGES.titleLong],
      [{ description: '   ' }, 'description', CALL_MESSAGES.descriptionMissing],
      [
        { description: 'x'.repeat(CALL_LIMITS.descriptionMax + 1) },
        'description',
        CALL_MESSAGES.descriptionLong,
      ],
      [{ location: '' }, 'location', CALL_MESSAGES.locationMissing],
      [{ location: 'x'.repeat(500) }, 'location', CALL_MESSAGES.locationLong],
      [{ roleId: 'gaffer' }, 'roleId', CALL_MESSAGES.role],
      [{ roleId: 999_999 }, 'roleId', CALL_MESSAGES.roleNotFound],
      [{ startDate: day(-1), applyBy: day(-1) }, 'startDate', CALL_MESSAGES.startPast],
      [{ endDate: day(19) }, 'endDate', CALL_MESSAGES.endBeforeStart],
      [{ endDate: day(20 + CALL_LIMITS.maxDays) }, 'endDate', CALL_MESSAGES.tooLong],
      [{ applyBy: day(-1) }, 'applyBy', CALL_MESSAGES.applyByPast],
      [{ applyBy: day(21) }, 'applyBy', CALL_MESSAGES.applyByAfterStart],
      [{ rateMin: 50_001 }, 'rateMin', CALL_MESSAGES.rateOrder],
      [{ rateMin: 0 }, 'rateMin', CALL_MESSAGES.ratePositive],
      [{ rateMax: 12.5 }, 'rateMax', CALL_MESSAGES.rate],
      [{ rateMax: CALL_LIMITS.rateMax + 1 }, 'rateMax', CALL_MESSAGES.rateHigh],
      [{ currency: 'btc' }, 'currency', CALL_MESSAGES.currency],
      [{ rateUnit: 'hour' }, 'rateUnit', CALL_MESSAGES.rateUnit],
      [{ title: 'Nul \u0000 in the title' }, 'title', 'Text cannot contain NUL characters'],
    ];
    for (const [over, field, message] of cases) {
      const res = await post(me, callBody(over));
      expect(res.statusCode, `${JSON.stringify(over).slice(0, 80)} ${res.body.slice(0, 300)}`).toBe(400);
      const error = errorOf(res);
      if (field === 'roleId' && message === CALL_MESSAGES.roleNotFound) expect(error.message).toBe(message);
      expect(error.fields?.[field], JSON.stringify(over).slice(0, 80)).toBe(message);
    }
    expect(await t.db.select().from(crewCalls).where(eq(crewCalls.ownerId, me.id))).toEqual([]);
  });

  it('refuses a huge body without storing anything', async () => {
    const me = await producer();
    const res = await post(me, callBody({ description: 'x'.repeat(2_000_000) }));
    expect([400, 413]).toContain(res.statusCode);
    expect(await t.db.select().from(crewCalls).where(eq(crewCalls.ownerId, me.id))).toEqual([]);
  });

  it(`allows ${CALL_LIMITS.openPerMember} open calls, even when sent at once, and counts closed ones out`, async () => {
    const me = await producer();
    const first = await posted(me);
    await Promise.all(Array.from({ length: CALL_LIMITS.openPerMember + 3 }, () => post(me, callBody())));
    const open = () =>
      t.db
        .select()
        .from(crewCalls)
        .where(sql`${crewCalls.ownerId} = ${me.id} and ${crewCalls.status} = 'open'`);
    expect((await open()).length).toBe(CALL_LIMITS.openPerMember);
    const refused = await post(me, callBody());
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe(CALL_MESSAGES.tooManyOpen);
    // An expired call is not open: it makes room, as closing one does.
    await expire(first.id);
    expect((await post(me, callBody())).statusCode).toBe(201);
    expect((await post(me, callBody())).statusCode).toBe(400);
  });
});

describe('reading calls', () => {
  it('lists open calls newest first, with each filter, and pages by cursor', async () => {
    const me = await producer();
    const tag = word();
    const a = await posted(me, { title: `Gaffer ${tag} one`, location: 'Atlanta, GA' });
    const b = await posted(me, {
      title: `Grip ${tag} two`,
      roleId: grip,
      location: 'Savannah, GA',
      startDate: day(40),
      endDate: day(45),
      applyBy: day(30),
    });
    const c = await posted(me, { title: `Gaffer ${tag} three`, location: 'Los Angeles, CA' });
    const closed = await posted(me, { title: `Gaffer ${tag} closed` });
    await me.browser.request('POST', `/api/calls/${closed.id}/close`, { body: {} });
    const expired = await posted(me, { title: `Gaffer ${tag} expired` });
    await expire(expired.id);

    expect(ids(await list(`q=${tag}`))).toEqual([c.id, b.id, a.id]);
    // Words in the description, any case.
    expect(ids(await list(`q=${tag.toUpperCase()}`))).toEqual([c.id, b.id, a.id]);
    expect(ids(await list(`q=${tag}&role=${grip}`))).toEqual([b.id]);
    // Location: anywhere in it, any case.
    expect(ids(await list(`q=${tag}&location=atlanta`))).toEqual([a.id]);
    expect(ids(await list(`q=${tag}&location=${encodeURIComponent(', ga')}`))).toEqual([b.id, a.id]);
    // LIKE's wildcards are plain characters.
    expect(ids(await list(`q=${tag}&location=%25`))).toEqual([]);
    // Dates: calls whose work overlaps from–to.
    expect(ids(await list(`q=${tag}&from=${day(41)}&to=${day(50)}`))).toEqual([b.id]);
    expect(ids(await list(`q=${tag}&to=${day(20)}`))).toEqual([c.id, a.id]);
    expect(ids(await list(`q=${tag}&from=${day(25)}`))).toEqual([b.id]);

    const first = await list(`q=${tag}&limit=2`);
    expect(ids(first)).toEqual([c.id, b.id]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(`q=${tag}&limit=2&cursor=${first.nextCursor}`);
    expect(ids(second)).toEqual([a.id]);
    expect(second.nextCursor).toBeNull();

    const bad = await t.app.inject({ method: 'GET', url: '/api/calls?cursor=not-a-cursor' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe('Not a valid cursor');
    const tooMany = await t.app.inject({
      method: 'GET',
      url: `/api/calls?limit=${CALL_LIMITS.pageSizeMax + 1}`,
    });
    expect(tooMany.statusCode).toBe(400);
    const longQ = await t.app.inject({ method: 'GET', url: `/api/calls?q=${'w'.repeat(201)}` });
    expect(longQ.statusCode).toBe(400);
    expect(errorOf(longQ).message).toBe('Search words can be at most 200 characters');
  });

  it('pages through calls created in the same instant without losing or repeating one', async () => {
    const me = await producer();
    const tag = word();
    const made = [await posted(me, { title: `Same ${tag} a` }), await posted(me, { title: `Same ${tag} b` })];
    const madeIds = made.map((call) => call.id);
    await t.db
      .update(crewCalls)
      .set({ createdAt: new Date('2030-01-01T00:00:00.123456Z') })
      .where(sql`${crewCalls.id} in ${madeIds}`);
    const page1 = await list(`q=${tag}&limit=1`);
    const page2 = await list(`q=${tag}&limit=1&cursor=${page1.nextCursor}`);
    expect([...ids(page1), ...ids(page2)]).toEqual([...madeIds].sort((x, y) => y - x));
    expect(page2.nextCursor).toBeNull();
  });

  it('shows an open call to anyone, and a closed, filled or expired one only to its owner and applicants', async () => {
    const me = await producer();
    const applicant = await crew();
    const outsider = await crew();
    const call = await posted(me);
    expect((await visitorGet(call.id)).json()).toMatchObject({ id: call.id, applicationCount: null });
    const mine = await applied(applicant, call.id);

    for (const close of [{ filled: true }, { filled: false }]) {
      const other = await posted(me);
      await applied(applicant, other.id);
      const res = await me.browser.request('POST', `/api/calls/${other.id}/close`, { body: close });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        status: close.filled ? 'filled' : 'closed',
        closedAt: expect.any(String),
      });
      expect((await visitorGet(other.id)).statusCode).toBe(404);
      expect(errorOf(await visitorGet(other.id)).message).toBe(CALL_MESSAGES.notFound);
      expect((await outsider.browser.request('GET', `/api/calls/${other.id}`)).statusCode).toBe(404);
      const seen = await applicant.browser.request('GET', `/api/calls/${other.id}`);
      expect(seen.statusCode).toBe(200);
      expect(seen.json().myApplication).toMatchObject({ status: 'applied' });
      const owned = await me.browser.request('GET', `/api/calls/${other.id}`);
      expect(owned.json()).toMatchObject({ applicationCount: 1 });
      // Closed once: closing again is refused.
      const again = await me.browser.request('POST', `/api/calls/${other.id}/close`, { body: {} });
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).message).toBe(CALL_MESSAGES.notOpen);
      expect(ids(await list(`q=${encodeURIComponent(other.title)}&limit=50`))).not.toContain(other.id);
    }

    await expire(call.id);
    expect((await visitorGet(call.id)).statusCode).toBe(404);
    expect((await outsider.browser.request('GET', `/api/calls/${call.id}`)).statusCode).toBe(404);
    expect((await applicant.browser.request('GET', `/api/calls/${call.id}`)).json()).toMatchObject({
      status: 'expired',
      myApplication: { id: mine.id },
    });
    expect((await me.browser.request('GET', `/api/calls/${call.id}`)).json()).toMatchObject({
      status: 'expired',
    });
    expect((await visitorGet(2_000_000_000)).statusCode).toBe(404);
    expect((await visitorGet(Number.NaN)).statusCode).toBe(400);
  });

  it('hides a hidden call from everyone but its owner and staff, applicants included', async () => {
    const me = await producer();
    const applicant = await crew();
    const staff = await member(t.db, t.app, { role: 'admin' });
    const call = await posted(me, { title: `Hidden ${word()} call` });
    await applied(applicant, call.id);
    await t.db
      .update(crewCalls)
      .set({ hiddenAt: new Date(), hiddenBy: staff.id })
      .where(eq(crewCalls.id, call.id));
    expect((await visitorGet(call.id)).statusCode).toBe(404);
    expect((await applicant.browser.request('GET', `/api/calls/${call.id}`)).statusCode).toBe(404);
    const owned = await me.browser.request('GET', `/api/calls/${call.id}`);
    expect(owned.statusCode).toBe(200);
    expect(owned.json().status).toBe('closed');
    expect((await staff.browser.request('GET', `/api/calls/${call.id}`)).statusCode).toBe(200);
    // The owner cannot edit it; the applicant sees it closed among their applications.
    const edit = await me.browser.request('PATCH', `/api/calls/${call.id}`, {
      body: { title: 'Back again please' },
    });
    expect(edit.statusCode).toBe(400);
    expect(errorOf(edit).message).toBe(CALL_MESSAGES.notEditable);
    const theirs = await applicant.browser.request('GET', '/api/me/applications');
    expect(theirs.json().applications[0]).toMatchObject({ call: { id: call.id, status: 'closed' } });
    expect(ids(await list(`q=${encodeURIComponent(call.title)}`))).toEqual([]);
  });

  it("lists the member's own calls, open ones first", async () => {
    const me = await producer();
    const old = await posted(me);
    const closed = await posted(me);
    await me.browser.request('POST', `/api/calls/${closed.id}/close`, { body: {} });
    const fresh = await posted(me);
    const res = await me.browser.request('GET', '/api/me/calls');
    expect(res.statusCode).toBe(200);
    expect(res.json().calls.map((call: Call) => call.id)).toEqual([fresh.id, old.id, closed.id]);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/calls' })).statusCode).toBe(401);
  });
});

describe('editing and closing', () => {
  it('edits an open call, checking the rules between fields on the merged call', async () => {
    const me = await producer();
    const call = await posted(me);
    const patch = (body: Record<string, unknown>) =>
      me.browser.request('PATCH', `/api/calls/${call.id}`, { body });
    const ok = await patch({ title: 'Best boy electric', rateMin: null });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ title: 'Best boy electric', rateMin: null, rateMax: 50_000 });
    // The end alone, before the stored start.
    const before = await patch({ endDate: day(15) });
    expect(before.statusCode).toBe(400);
    expect(errorOf(before).fields?.endDate).toBe(CALL_MESSAGES.endBeforeStart);
    // The start alone, before the stored closing day.
    const early = await patch({ startDate: day(5), endDate: day(6) });
    expect(early.statusCode).toBe(400);
    expect(errorOf(early).fields?.applyBy).toBe(CALL_MESSAGES.applyByAfterStart);
    const order = await patch({ rateMin: 60_000 });
    expect(order.statusCode).toBe(400);
    expect(errorOf(order).fields?.rateMin).toBe(CALL_MESSAGES.rateOrder);
    expect((await patch({ title: 'no' })).statusCode).toBe(400);
    expect((await patch({ roleId: 999_999 })).statusCode).toBe(400);

    await me.browser.request('POST', `/api/calls/${call.id}/close`, { body: { filled: true } });
    const late = await patch({ title: 'After it closed' });
    expect(late.statusCode).toBe(400);
    expect(errorOf(late).message).toBe(CALL_MESSAGES.notEditable);
  });

  it("answers 404 for another member's call, to edit, close or read its applications", async () => {
    const me = await producer();
    const other = await producer();
    const call = await posted(me);
    const attempts = [
      other.browser.request('PATCH', `/api/calls/${call.id}`, { body: { title: 'Taken over' } }),
      other.browser.request('POST', `/api/calls/${call.id}/close`, { body: {} }),
      other.browser.request('GET', `/api/calls/${call.id}/applications`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe(CALL_MESSAGES.notFound);
    }
    const [row] = await t.db.select().from(crewCalls).where(eq(crewCalls.id, call.id));
    expect(row).toMatchObject({ title: call.title, status: 'open' });
  });
});

describe('applying', () => {
  it('applies once: the owner is told, a second application is a 409, even two at once', async () => {
    const me = await producer();
    const applicant = await crew();
    const call = await posted(me);
    const mine = await applied(applicant, call.id);
    expect(mine).toMatchObject({
      call: { id: call.id, title: call.title, status: 'open', poster: { id: me.id } },
      note: 'I have my own truck.',
      status: 'applied',
      bookingId: null,
    });
    const twice = await applyTo(applicant, call.id);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe(CALL_MESSAGES.alreadyApplied);

    const [told] = await notificationsOf(me.id, 'call_application');
    expect(told).toMatchObject({ data: { callId: call.id, applicationId: mine.id } });
    expect(told?.message).toContain(call.title);

    const racer = await crew();
    const other = await posted(me);
    const answers = await Promise.all([
      applyTo(racer, other.id),
      applyTo(racer, other.id),
      applyTo(racer, other.id),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await t.db
      .select()
      .from(callApplications)
      .where(sql`${callApplications.callId} = ${other.id} and ${callApplications.applicantId} = ${racer.id}`);
    expect(rows).toHaveLength(1);
  });

  it('refuses its own call, a closed or expired one, a member without a role, and a long note', async () => {
    const me = await producer();
    const call = await posted(me);
    await t.db.insert(userRoles).values({ userId: me.id, roleId: gaffer, position: 0 });
    const own = await applyTo(me, call.id);
    expect(own.statusCode).toBe(400);
    expect(errorOf(own).message).toBe(CALL_MESSAGES.ownCall);

    const noRole = await member(t.db, t.app);
    const bare = await applyTo(noRole, call.id);
    expect(bare.statusCode).toBe(400);
    expect(errorOf(bare).message).toBe(CALL_MESSAGES.needsProfile);

    const applicant = await crew();
    const long = await applyTo(applicant, call.id, 'x'.repeat(CALL_LIMITS.noteMax + 1));
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).fields?.note).toBe(CALL_MESSAGES.noteLong);

    const closed = await posted(me);
    await me.browser.request('POST', `/api/calls/${closed.id}/close`, { body: {} });
    const late = await applyTo(applicant, closed.id);
    expect(late.statusCode).toBe(400);
    expect(errorOf(late).message).toBe(CALL_MESSAGES.closedCall);

    await expire(call.id);
    const expired = await applyTo(applicant, call.id);
    expect(expired.statusCode).toBe(400);
    expect(errorOf(expired).message).toBe(CALL_MESSAGES.closedCall);

    const missing = await applyTo(applicant, 2_000_000_000);
    expect(missing.statusCode).toBe(404);
    const visitor = await t.app.inject({
      method: 'POST',
      url: `/api/calls/${closed.id}/applications`,
      payload: {},
    });
    expect([401, 403]).toContain(visitor.statusCode);
    expect(
      await t.db.select().from(callApplications).where(eq(callApplications.applicantId, applicant.id)),
    ).toEqual([]);
  });

  it('answers 404 when either side blocked the other', async () => {
    const me = await producer();
    const call = await posted(me);
    const blockedByPoster = await crew();
    const blocker = await crew();
    await me.browser.request('POST', '/api/blocks', { body: { userId: blockedByPoster.id } });
    await blocker.browser.request('POST', '/api/blocks', { body: { userId: me.id } });
    for (const who of [blockedByPoster, blocker]) {
      const res = await applyTo(who, call.id);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe(CALL_MESSAGES.notFound);
    }
    expect(await notificationsOf(me.id, 'call_application')).toEqual([]);
  });

  it(`allows ${CALL_LIMITS.applicationsPerDay} applications in a day`, async () => {
    const owner = await producer();
    const applicant = await crew();
    const calls = await t.db
      .insert(crewCalls)
      .values(
        Array.from({ length: CALL_LIMITS.applicationsPerDay + 1 }, (_, index) => ({
          ownerId: owner.id,
          title: `Daily cap ${index}`,
          roleId: gaffer,
          location: 'Atlanta',
          startDate: day(20),
          endDate: day(21),
          currency: 'usd',
          rateUnit: 'day' as const,
          description: 'A call of the daily cap test.',
          applyBy: day(10),
        })),
      )
      .returning({ id: crewCalls.id });
    // Sent yesterday: it no longer counts.
    const [old] = await t.db
      .insert(crewCalls)
      .values({
        ownerId: owner.id,
        title: 'Yesterday',
        roleId: gaffer,
        location: 'Atlanta',
        startDate: day(20),
        endDate: day(21),
        currency: 'usd',
        rateUnit: 'day',
        description: 'Applied to a day ago.',
        applyBy: day(10),
      })
      .returning({ id: crewCalls.id });
    await t.db.insert(callApplications).values({
      callId: old?.id ?? 0,
      applicantId: applicant.id,
      createdAt: new Date(Date.now() - 25 * 3_600_000),
    });
    for (const call of calls.slice(0, CALL_LIMITS.applicationsPerDay)) {
      const res = await applyTo(applicant, call.id);
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await applyTo(applicant, calls.at(-1)?.id ?? 0);
    expect(over.statusCode).toBe(400);
    expect(errorOf(over).message).toBe(CALL_MESSAGES.tooManyApplications);
  });
});

describe("the owner's applications", () => {
  it('lists applicants with their cards, shortlists and declines them, and tells them', async () => {
    const me = await producer();
    const call = await posted(me);
    const first = await crew();
    const second = await crew(grip);
    await t.db.update(users).set({ location: 'Macon, GA' }).where(eq(users.id, first.id));
    const a = await applied(first, call.id);
    const b = await applied(second, call.id);
    const res = await me.browser.request('GET', `/api/calls/${call.id}/applications`);
    expect(res.statusCode).toBe(200);
    const { applications } = res.json();
    expect(applications.map((application: { id: number }) => application.id)).toEqual([b.id, a.id]);
    expect(applications[1]).toMatchObject({
      applicant: {
        id: first.id,
        username: first.username,
        location: 'Macon, GA',
        roles: [{ id: gaffer, name: 'Gaffer' }],
        ratingAverage: 0,
        ratingCount: 0,
      },
      note: 'I have my own truck.',
      status: 'applied',
      bookingId: null,
    });

    const answer = (id: number, status: string) =>
      me.browser.request('PATCH', `/api/calls/${call.id}/applications/${id}`, { body: { status } });
    const shortlisted = await answer(a.id, 'shortlisted');
    expect(shortlisted.statusCode, shortlisted.body).toBe(200);
    expect(shortlisted.json()).toMatchObject({ id: a.id, status: 'shortlisted' });
    expect((await answer(b.id, 'declined')).json()).toMatchObject({ status: 'declined' });
    const bad = await answer(b.id, 'booked');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields?.status).toBe(CALL_MESSAGES.applicationStatus);
    // Another call's application is not this call's.
    const otherCall = await posted(me);
    const wrong = await me.browser.request('PATCH', `/api/calls/${otherCall.id}/applications/${a.id}`, {
      body: { status: 'declined' },
    });
    expect(wrong.statusCode).toBe(404);
    expect(errorOf(wrong).message).toBe(CALL_MESSAGES.applicationNotFound);
    // Nobody else answers applications.
    const stranger = await producer();
    const theirs = await stranger.browser.request('PATCH', `/api/calls/${call.id}/applications/${a.id}`, {
      body: { status: 'declined' },
    });
    expect(theirs.statusCode).toBe(404);

    const [toFirst] = await notificationsOf(first.id, 'application_update');
    expect(toFirst).toMatchObject({
      title: 'Application shortlisted',
      data: { callId: call.id, applicationId: a.id },
    });
    const [toSecond] = await notificationsOf(second.id, 'application_update');
    expect(toSecond).toMatchObject({ title: 'Application declined' });

    const mine = await first.browser.request('GET', '/api/me/applications');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().applications).toMatchObject([
      { id: a.id, status: 'shortlisted', call: { id: call.id } },
    ]);
  });

  it('lets the applicant withdraw, after which the owner can no longer answer or book', async () => {
    const me = await producer();
    const call = await posted(me);
    const applicant = await crew();
    const mine = await applied(applicant, call.id);
    const other = await crew();
    const notTheirs = await other.browser.request(
      'POST',
      `/api/calls/${call.id}/applications/${mine.id}/withdraw`,
      { body: {} },
    );
    expect(notTheirs.statusCode).toBe(404);
    const res = await applicant.browser.request(
      'POST',
      `/api/calls/${call.id}/applications/${mine.id}/withdraw`,
      {
        body: {},
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: mine.id, status: 'withdrawn' });
    const again = await applicant.browser.request(
      'POST',
      `/api/calls/${call.id}/applications/${mine.id}/withdraw`,
      { body: {} },
    );
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(CALL_MESSAGES.notWithdrawable);
    const answer = await me.browser.request('PATCH', `/api/calls/${call.id}/applications/${mine.id}`, {
      body: { status: 'shortlisted' },
    });
    expect(answer.statusCode).toBe(409);
    expect(errorOf(answer).message).toBe(CALL_MESSAGES.notAnswerable);
    const book = await me.browser.request('POST', `/api/calls/${call.id}/applications/${mine.id}/book`, {
      body: {},
    });
    expect(book.statusCode).toBe(409);
    expect(errorOf(book).message).toBe(CALL_MESSAGES.notAnswerable);
    // Withdrawn applications are not counted.
    expect((await me.browser.request('GET', `/api/calls/${call.id}`)).json().applicationCount).toBe(0);
  });
});

describe('booking an applicant', () => {
  it('creates a real booking request for the call’s days, role and rate, which the crew member is told of', async () => {
    const me = await producer();
    const call = await posted(me, { rateMin: 40_000, rateMax: 50_000, rateUnit: 'day' });
    const applicant = await crew();
    const mine = await applied(applicant, call.id);
    const res = await me.browser.request('POST', `/api/calls/${call.id}/applications/${mine.id}/book`, {
      body: {},
    });
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId } = res.json();
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking).toMatchObject({
      requesterId: me.id,
      crewId: applicant.id,
      roleId: gaffer,
      startDate: call.startDate,
      endDate: call.endDate,
      rate: 50_000,
      currency: 'usd',
      status: 'requested',
    });
    const [request] = await notificationsOf(applicant.id, 'booking_request');
    expect(request).toMatchObject({ data: { bookingId } });
    const updates = await notificationsOf(applicant.id, 'application_update');
    expect(updates.at(-1)).toMatchObject({ title: 'You are booked', data: { callId: call.id } });

    const list = await me.browser.request('GET', `/api/calls/${call.id}/applications`);
    expect(list.json().applications[0]).toMatchObject({ id: mine.id, status: 'booked', bookingId });
    const twice = await me.browser.request('POST', `/api/calls/${call.id}/applications/${mine.id}/book`, {
      body: {},
    });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe(CALL_MESSAGES.alreadyBooked);
    const answer = await me.browser.request('PATCH', `/api/calls/${call.id}/applications/${mine.id}`, {
      body: { status: 'declined' },
    });
    expect(answer.statusCode).toBe(409);

    // The crew member sees it in their applications and accepts it as any booking.
    const theirs = await applicant.browser.request('GET', '/api/me/applications');
    expect(theirs.json().applications[0]).toMatchObject({ status: 'booked', bookingId });
    const accepted = await applicant.browser.request('POST', `/api/bookings/${bookingId}/accept`, {
      body: {},
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('turns a weekly or flat rate into a day rate, takes a rate given, and asks for one when there is none', async () => {
    const me = await producer();
    const cases: [Record<string, unknown>, Record<string, unknown>, number][] = [
      [{ rateMin: null, rateMax: 250_000, rateUnit: 'week' }, {}, 50_000],
      // 5 days (day 20 to 24): 100,001 / 5 rounded up.
      [{ rateMin: 100_001, rateMax: null, rateUnit: 'flat' }, {}, 20_001],
      [{ rateMin: 40_000, rateMax: 50_000, rateUnit: 'day' }, { rate: 45_000 }, 45_000],
      [{ rateMin: null, rateMax: null, rateUnit: 'day' }, { rate: 30_000 }, 30_000],
    ];
    for (const [over, body, rate] of cases) {
      const call = await posted(me, over);
      const applicant = await crew();
      const mine = await applied(applicant, call.id);
      const res = await me.browser.request('POST', `/api/calls/${call.id}/applications/${mine.id}/book`, {
        body,
      });
      expect(res.statusCode, res.body).toBe(201);
      const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, res.json().bookingId));
      expect(booking?.rate, JSON.stringify(over)).toBe(rate);
    }
    const none = await posted(me, { rateMin: null, rateMax: null });
    const applicant = await crew();
    const mine = await applied(applicant, none.id);
    const url = `/api/calls/${none.id}/applications/${mine.id}/book`;
    const missing = await me.browser.request('POST', url, { body: {} });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toBe(CALL_MESSAGES.dayRateMissing);
    const bad = await me.browser.request('POST', url, { body: { rate: -5 } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields?.rate).toBe(CALL_MESSAGES.ratePositive);
    // Nothing was booked, and the application waits as it was.
    expect(await t.db.select().from(bookings).where(eq(bookings.crewId, applicant.id))).toEqual([]);
    const [row] = await t.db.select().from(callApplications).where(eq(callApplications.id, mine.id));
    expect(row?.status).toBe('applied');
  });

  it("passes the booking service's refusals through and leaves the application as it was", async () => {
    const me = await producer();
    const call = await posted(me);
    const applicant = await crew();
    const mine = await applied(applicant, call.id);
    // The applicant blocks the producer after applying: the booking service answers as it does.
    await applicant.browser.request('POST', '/api/blocks', { body: { userId: me.id } });
    const res = await me.browser.request('POST', `/api/calls/${call.id}/applications/${mine.id}/book`, {
      body: {},
    });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('Crew member not found');
    const [row] = await t.db.select().from(callApplications).where(eq(callApplications.id, mine.id));
    expect(row).toMatchObject({ status: 'applied', bookingId: null });

    // Premium lapsed: booking is Premium, and says so.
    const lapsed = await producer();
    const theirCall = await posted(lapsed);
    const other = await crew();
    const theirs = await applied(other, theirCall.id);
    await t.db.execute(sql`delete from subscriptions where user_id = ${lapsed.id}`);
    const refused = await lapsed.browser.request(
      'POST',
      `/api/calls/${theirCall.id}/applications/${theirs.id}/book`,
      { body: {} },
    );
    expect(refused.statusCode).toBe(403);
    expect(await t.db.select().from(bookings).where(eq(bookings.crewId, other.id))).toEqual([]);
  });

  it('books once when the owner clicks twice at once', async () => {
    const me = await producer();
    const call = await posted(me);
    const applicant = await crew();
    const mine = await applied(applicant, call.id);
    const url = `/api/calls/${call.id}/applications/${mine.id}/book`;
    const answers = await Promise.all([
      me.browser.request('POST', url, { body: {} }),
      me.browser.request('POST', url, { body: {} }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(bookings).where(eq(bookings.crewId, applicant.id))).toHaveLength(1);
  });
});

describe('expiry', () => {
  it('reads a call past its closing day as expired at once, and the hourly job closes it', async () => {
    const me = await producer();
    const tag = word();
    const call = await posted(me, { title: `Expiring ${tag}` });
    const keep = await posted(me, { title: `Staying ${tag}`, applyBy: TODAY });
    await expire(call.id);
    expect(ids(await list(`q=${tag}`))).toEqual([keep.id]);
    expect((await me.browser.request('GET', `/api/calls/${call.id}`)).json()).toMatchObject({
      status: 'expired',
    });
    const [before] = await t.db.select().from(crewCalls).where(eq(crewCalls.id, call.id));
    expect(before?.status).toBe('open');

    expect(await closeExpiredCalls(t.db)).toBeGreaterThanOrEqual(1);
    const [after] = await t.db.select().from(crewCalls).where(eq(crewCalls.id, call.id));
    expect(after).toMatchObject({ status: 'closed', closedAt: expect.any(Date) });
    // Still expired to those who may see it; the call due today is open.
    expect((await me.browser.request('GET', `/api/calls/${call.id}`)).json()).toMatchObject({
      status: 'expired',
    });
    const [kept] = await t.db.select().from(crewCalls).where(eq(crewCalls.id, keep.id));
    expect(kept?.status).toBe('open');
    expect(await closeExpiredCalls(t.db)).toBe(0);
  });
});

describe('personal access tokens (ADR 032)', () => {
  const bearer = (
    token: string,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    body?: Record<string, unknown>,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(body ? { payload: body } : {}),
    });
  const tokenOf = async (who: Member, scopes: string[]) => {
    const res = await who.browser.request('POST', '/api/account/tokens', {
      body: { name: 'Script', scopes },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().token as string;
  };

  it('reads, posts, applies and withdraws with a token; closing, answering and booking stay with the browser', async () => {
    const me = await producer();
    const applicant = await crew();
    const ownerToken = await tokenOf(me, ['read', 'write']);
    const created = await bearer(ownerToken, 'POST', '/api/calls', callBody());
    expect(created.statusCode, created.body).toBe(201);
    const callId = created.json().id;
    expect((await bearer(ownerToken, 'GET', '/api/me/calls')).json().calls[0]).toMatchObject({ id: callId });

    const reader = await tokenOf(applicant, ['read']);
    expect((await bearer(reader, 'GET', `/api/calls/${callId}`)).statusCode).toBe(200);
    expect((await bearer(reader, 'POST', `/api/calls/${callId}/applications`, { note: '' })).statusCode).toBe(
      403,
    );
    const writer = await tokenOf(applicant, ['read', 'write']);
    const apply = await bearer(writer, 'POST', `/api/calls/${callId}/applications`, {
      note: 'Via my script',
    });
    expect(apply.statusCode, apply.body).toBe(201);
    const applicationId = apply.json().id;
    expect((await bearer(writer, 'GET', '/api/me/applications')).json().applications[0]).toMatchObject({
      id: applicationId,
    });

    const url = `/api/calls/${callId}/applications/${applicationId}`;
    const owned = await bearer(ownerToken, 'GET', `/api/calls/${callId}/applications`);
    expect(owned.json().applications[0]).toMatchObject({ id: applicationId, note: 'Via my script' });
    expect((await bearer(ownerToken, 'PATCH', url, { status: 'shortlisted' })).statusCode).toBe(403);
    expect((await bearer(ownerToken, 'POST', `${url}/book`, {})).statusCode).toBe(403);
    expect((await bearer(ownerToken, 'POST', `/api/calls/${callId}/close`, {})).statusCode).toBe(403);
    const withdrawn = await bearer(writer, 'POST', `${url}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn' });
  });
});

describe('notification mail (issue 32)', () => {
  it('mails the owner an application and the applicant its answer, each with its button', async () => {
    const me = await producer();
    const applicant = await crew();
    await t.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(sql`${users.id} in (${me.id}, ${applicant.id})`);
    const call = await posted(me, { title: 'Key grip for a commercial' });
    const mine = await applied(applicant, call.id);
    await me.browser.request('PATCH', `/api/calls/${call.id}/applications/${mine.id}`, {
      body: { status: 'shortlisted' },
    });
    const mailOf = async (who: Member, type: string) => {
      const [notification] = await notificationsOf(who.id, type);
      const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, who.id));
      return renderNotificationMail(t.db, new URL('https://crewbase.test'), {
        notificationId: notification?.id ?? 0,
        recipient: row?.email ?? '',
      });
    };
    const toOwner = await mailOf(me, 'call_application');
    expect(toOwner?.subject).toBe('New application: Key grip for a commercial');
    expect(toOwner?.text).toContain('View Applications');
    expect(toOwner?.text).toContain(`https://crewbase.test/calls/${call.id}#applications`);
    const toApplicant = await mailOf(applicant, 'application_update');
    expect(toApplicant?.subject).toBe('Application shortlisted: Key grip for a commercial');
    expect(toApplicant?.text).toContain('View Call');
    expect(toApplicant?.text).toContain(`https://crewbase.test/calls/${call.id}`);
  });
});
