import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAVED_SEARCH_MESSAGES, SAVED_SEARCHES_MAX, type SavedSearch } from '#common/schemas/saved-searches';
import {
  notificationPreferences,
  notifications,
  savedSearchChanges,
  savedSearches,
  unavailableDays,
  userRoles,
  users,
} from '#server/db/schema/index.ts';
import { member, roleIdNamed } from '#server/features/notifications/test-support.ts';
import { TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { runSavedSearchAlerts } from './alerts.ts';

/** Issue 35: saved searches (a member's own, at most 20) and their daily alerts. */
let t: TestApp;
let smtp: TestSmtp;
let gaffer: number;
let grip: number;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://crewbase.test' });
  gaffer = await roleIdNamed(t.app, 'Gaffer');
  grip = await roleIdNamed(t.app, 'Grip');
});

type Member = Awaited<ReturnType<typeof member>>;
const producer = () => member(t.db, t.app);

const save = (who: Member, body: Record<string, unknown>) =>
  who.browser.request('POST', '/api/saved-searches', { body });
async function saved(who: Member, name: string, query: Record<string, unknown>): Promise<SavedSearch> {
  const res = await save(who, { name, query });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const listOf = async (who: Member): Promise<SavedSearch[]> => {
  const res = await who.browser.request('GET', '/api/saved-searches');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().savedSearches;
};
const storedRows = () => t.db.select().from(savedSearches);

/** A crew member in `place` with `roleId` (the search index's triggers file them). */
async function crewIn(place: string, roleId: number, name = 'Crew') {
  const who = await member(t.db, t.app);
  await t.db
    .update(users)
    .set({ location: place, displayName: `${name} ${who.id}` })
    .where(eq(users.id, who.id));
  await t.db.insert(userRoles).values({ userId: who.id, roleId, position: 0 });
  return who;
}

const alertsOf = (who: Member) =>
  t.db
    .select()
    .from(notifications)
    .where(sql`${notifications.userId} = ${who.id} and ${notifications.type} = 'saved_search_match'`)
    .orderBy(notifications.id);

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
const futureDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('saved searches: the calls', () => {
  it('saves, lists, renames, switches alerts off and deletes a search', async () => {
    const me = await producer();
    const created = await saved(me, '  Gaffers Atlanta ', {
      q: 'lighting',
      role: [String(gaffer)],
      location: 'Atlanta',
      page: '3',
    });
    expect(created).toMatchObject({
      name: 'Gaffers Atlanta',
      alerts: true,
      query: { q: 'lighting', role: [String(gaffer)], location: 'Atlanta' },
    });
    expect(Date.parse(created.createdAt)).not.toBeNaN();
    expect(await listOf(me)).toEqual([created]);

    const renamed = await me.browser.request('PATCH', `/api/saved-searches/${created.id}`, {
      body: { name: 'Atlanta gaffers', alerts: false },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: created.id, name: 'Atlanta gaffers', alerts: false });

    const gone = await me.browser.request('DELETE', `/api/saved-searches/${created.id}`);
    expect(gone.statusCode).toBe(204);
    expect(await listOf(me)).toEqual([]);
  });

  it('stores numbers and flags as the address writes them', async () => {
    const me = await member(t.db, t.app, { premium: true });
    const created = await saved(me, 'Rated grips', { role: grip, verifiedOnly: true, minRating: 4.5 });
    expect(created.query).toEqual({ role: [String(grip)], minRating: '4.5', verifiedOnly: 'true' });
  });

  it("answers 404 for another member's search, and changes nothing of it", async () => {
    const owner = await producer();
    const other = await producer();
    const mine = await saved(owner, 'Mine', { q: 'gaffer' });
    const url = `/api/saved-searches/${mine.id}`;
    const patch = await other.browser.request('PATCH', url, { body: { name: 'Taken', alerts: false } });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().error.message).toBe(SAVED_SEARCH_MESSAGES.notFound);
    expect((await other.browser.request('DELETE', url)).statusCode).toBe(404);
    expect(await listOf(other)).toEqual([]);
    expect(await listOf(owner)).toEqual([mine]);
    // An id that is nobody's is answered the same way.
    expect((await owner.browser.request('DELETE', '/api/saved-searches/2147483647')).statusCode).toBe(404);
  });

  it('refuses a visitor (401), and a write without its CSRF token', async () => {
    const visitor = new TestBrowser(t.app, '10.99.0.1');
    expect((await visitor.request('GET', '/api/saved-searches')).statusCode).toBe(401);
    const post = await visitor.request('POST', '/api/saved-searches', { body: { name: '', query: 'x' } });
    expect(post.statusCode).toBe(401);
    expect(
      (await visitor.request('PATCH', '/api/saved-searches/1', { body: { alerts: false } })).statusCode,
    ).toBe(401);
    expect((await visitor.request('DELETE', '/api/saved-searches/1')).statusCode).toBe(401);
    const me = await producer();
    const forged = await me.browser.request('POST', '/api/saved-searches', {
      body: { name: 'Forged', query: {} },
      csrf: 'not-the-token',
    });
    expect(forged.statusCode).toBe(403);
    expect(await listOf(me)).toEqual([]);
  });

  it('refuses bad input with field messages, storing nothing', async () => {
    const me = await producer();
    const before = (await storedRows()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ query: {} }, 'name'],
      [{ name: '   ', query: {} }, 'name'],
      [{ name: 'x'.repeat(81), query: {} }, 'name'],
      [{ name: 'Bad sort', query: { sort: 'cheapest' } }, 'query.sort'],
      [{ name: 'Unknown', query: { everything: 'true' } }, 'query.everything'],
      [{ name: 'Long', query: { q: 'w'.repeat(201) } }, 'query.q'],
      [{ name: 'Role', query: { role: ['not-a-role'] } }, 'query.role.0'],
      [{ name: 'Past', query: { availableFrom: '2020-01-01' } }, 'query.availableFrom'],
      [{ name: 'Text', query: 'q=gaffer' }, 'query'],
      [{ name: 'No query' }, 'query'],
    ];
    for (const [body, field] of cases) {
      const res = await save(me, body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), res.body).toContain(field);
    }
    const mine = await saved(me, 'Kept', { q: 'gaffer' });
    const patches: Record<string, unknown>[] = [
      {},
      { name: '' },
      { alerts: 'yes' },
      { name: 'y'.repeat(81) },
    ];
    for (const body of patches) {
      const res = await me.browser.request('PATCH', `/api/saved-searches/${mine.id}`, { body });
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(
      (await me.browser.request('PATCH', '/api/saved-searches/nope', { body: { alerts: false } })).statusCode,
    ).toBe(400);
    expect(await listOf(me)).toEqual([mine]);
    expect((await storedRows()).length).toBe(before + 1);
  });

  it('refuses Premium filters to a member without Premium', async () => {
    const me = await producer();
    const res = await save(me, { name: 'Rated', query: { minRating: '4' } });
    expect(res.statusCode).toBe(403);
    expect(await listOf(me)).toEqual([]);
  });

  it(`keeps at most ${SAVED_SEARCHES_MAX} per member, even when two arrive at once`, async () => {
    const me = await producer();
    for (let n = 1; n < SAVED_SEARCHES_MAX; n += 1) await saved(me, `Search ${n}`, { q: `word${n}` });
    const [a, b] = await Promise.all([
      save(me, { name: 'Race A', query: {} }),
      save(me, { name: 'Race B', query: {} }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().error.message).toBe(SAVED_SEARCH_MESSAGES.limit);
    expect(await listOf(me)).toHaveLength(SAVED_SEARCHES_MAX);
    // Another member's count is their own.
    await saved(await producer(), 'Mine', {});
  });
});

describe('saved searches: alerts', () => {
  /** Empties the queue, so a test sees only the changes it makes. */
  const settle = async () => {
    await runSavedSearchAlerts(t.db, day('2026-01-01'));
    await t.db.delete(savedSearchChanges);
  };

  it('tells the owner once for a new match, not again the same day, and the rest the next day', async () => {
    const owner = await producer();
    const search = await saved(owner, 'Gaffers Savannah', { role: [String(gaffer)], location: 'Savannah' });
    await settle();
    await t.db.delete(notifications).where(eq(notifications.userId, owner.id));

    const first = await crewIn('Savannah', gaffer, 'Sam');
    await crewIn('Savannah', grip, 'Grip'); // another role: no match
    await crewIn('Macon', gaffer, 'Elsewhere'); // another place: no match
    const run = await runSavedSearchAlerts(t.db, day('2030-03-01'));
    expect(run.notified).toBeGreaterThanOrEqual(1);
    const [alert, ...more] = await alertsOf(owner);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      title: '1 new person matches “Gaffers Savannah”',
      message: `Sam ${first.id}`,
      data: {
        savedSearchId: search.id,
        count: 1,
        people: [{ id: first.id, name: `Sam ${first.id}` }],
        query: search.query,
      },
    });
    // Nothing new: nothing more; the same member changing again is not news.
    await t.db.update(users).set({ bio: 'Lights' }).where(eq(users.id, first.id));
    await runSavedSearchAlerts(t.db, day('2030-03-01'));
    expect(await alertsOf(owner)).toHaveLength(1);

    // A second match the same day waits for the next.
    const second = await crewIn('Savannah', gaffer, 'Alex');
    await runSavedSearchAlerts(t.db, day('2030-03-01'));
    expect(await alertsOf(owner)).toHaveLength(1);
    await runSavedSearchAlerts(t.db, day('2030-03-02'));
    const alerts = await alertsOf(owner);
    expect(alerts).toHaveLength(2);
    expect(alerts[1]?.data).toMatchObject({ count: 1, people: [{ id: second.id }] });
    await runSavedSearchAlerts(t.db, day('2030-03-03'));
    expect(await alertsOf(owner)).toHaveLength(2);
  });

  it('two runs at once send one notification', async () => {
    const owner = await producer();
    await saved(owner, 'Grips Augusta', { role: [String(grip)], location: 'Augusta' });
    await settle();
    await crewIn('Augusta', grip);
    await crewIn('Augusta', grip);
    await Promise.all([
      runSavedSearchAlerts(t.db, day('2030-04-01')),
      runSavedSearchAlerts(t.db, day('2030-04-01')),
    ]);
    const alerts = await alertsOf(owner);
    expect(alerts).toHaveLength(1);
    // Which run found whom decides whether the second waits for tomorrow: either way, one a day.
    expect(alerts[0]?.title).toMatch(/^(1 new person matches|2 new people match) “Grips Augusta”$/);
  });

  it('sends nothing for a search with alerts off', async () => {
    const owner = await producer();
    const search = await saved(owner, 'Gaffers Athens', { role: [String(gaffer)], location: 'Athens' });
    const off = await owner.browser.request('PATCH', `/api/saved-searches/${search.id}`, {
      body: { alerts: false },
    });
    expect(off.statusCode).toBe(200);
    await settle();
    await crewIn('Athens', gaffer);
    await runSavedSearchAlerts(t.db, day('2030-05-01'));
    expect(await alertsOf(owner)).toEqual([]);
  });

  it('never tells a member about their own profile', async () => {
    const owner = await producer();
    await saved(owner, 'Gaffers Valdosta', { role: [String(gaffer)], location: 'Valdosta' });
    await settle();
    await t.db.update(users).set({ location: 'Valdosta' }).where(eq(users.id, owner.id));
    await t.db.insert(userRoles).values({ userId: owner.id, roleId: gaffer, position: 0 });
    await runSavedSearchAlerts(t.db, day('2030-06-01'));
    expect(await alertsOf(owner)).toEqual([]);
  });

  it('tells the owner when a matching member becomes free on the saved dates', async () => {
    const owner = await producer();
    const busy = await crewIn('Rome', gaffer, 'Busy');
    const from = futureDay(10);
    await t.db.insert(unavailableDays).values({ userId: busy.id, day: from });
    await saved(owner, 'Gaffers Rome', { role: [String(gaffer)], location: 'Rome', availableFrom: from });
    await settle();
    // A change while still busy that day: not a match.
    await t.db.update(users).set({ bio: 'Still busy' }).where(eq(users.id, busy.id));
    expect((await runSavedSearchAlerts(t.db)).members).toBeGreaterThanOrEqual(1);
    expect(await alertsOf(owner)).toEqual([]);
    await t.db.delete(unavailableDays).where(eq(unavailableDays.userId, busy.id));
    await runSavedSearchAlerts(t.db);
    const [alert] = await alertsOf(owner);
    expect(alert?.data).toMatchObject({ count: 1, people: [{ id: busy.id }] });
  });

  it('mails the alert through the e-mail preferences: the people and the search, or nothing when off', async () => {
    const mailed = await producer();
    const silent = await producer();
    await t.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(sql`${users.id} in (${mailed.id}, ${silent.id})`);
    await t.db
      .insert(notificationPreferences)
      .values({ userId: silent.id, emailSavedSearchNotifications: false });
    const search = await saved(mailed, 'Gaffers Tifton', { role: [String(gaffer)], location: 'Tifton' });
    await saved(silent, 'Gaffers Tifton too', { role: [String(gaffer)], location: 'Tifton' });
    await settle();
    const found = await crewIn('Tifton', gaffer, 'Robin');
    await runSavedSearchAlerts(t.db, day('2030-07-01'));
    expect(await alertsOf(silent)).toHaveLength(1);
    await t.app.deliverMail();
    expect(smtp.to(`${silent.username}@example.com`)).toEqual([]);
    const [mail, ...more] = smtp.to(`${mailed.username}@example.com`);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('1 new person matches “Gaffers Tifton”');
    expect(mail?.text).toContain(`Robin ${found.id}`);
    expect(mail?.text).toContain(`https://crewbase.test/search?role=${gaffer}&location=Tifton`);
    expect(mail?.text).toContain(`https://crewbase.test/profile/${found.id}`);
    expect(search.query).toEqual({ role: [String(gaffer)], location: 'Tifton' });
  });

  it('queues no change while no saved search has alerts on', async () => {
    await t.db.update(savedSearches).set({ alerts: false });
    await t.db.delete(savedSearchChanges);
    await crewIn('Dalton', gaffer);
    expect(await t.db.select().from(savedSearchChanges)).toEqual([]);
  });
});
