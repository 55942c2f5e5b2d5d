import { and, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '#common/schemas/admin';
import {
  auditLog,
  crewSearch,
  notifications,
  ratingSummaries,
  reviewReports,
  reviews,
  securityEvents,
  sessions,
  userRoles,
  users,
} from '#server/db/schema/index.ts';
import { summariseRatings } from '#server/features/reviews/queries.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { account } from './test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const staff = (role: 'moderator' | 'admin') => account(t.db, t.app, { role, twoFactor: true });

/** A crew member in the search index (one role), with reviews of these ratings, one reported. */
async function reviewedCrew(ratings: number[] = [5, 2, 4]) {
  const subject = await account(t.db, t.app);
  const [role] = await t.db
    .execute<{ id: number }>(sql`select id from roles order by id limit 1`)
    .then((r) => r.rows);
  await t.db.insert(userRoles).values({ userId: subject.id, roleId: role?.id ?? 1, position: 0 });
  const reviewIds: number[] = [];
  const reviewers: number[] = [];
  for (const rating of ratings) {
    const reviewer = await account(t.db, t.app);
    reviewers.push(reviewer.id);
    const [row] = await t.db
      .insert(reviews)
      .values({
        subjectId: subject.id,
        reviewerId: reviewer.id,
        rating,
        text: `A review rated ${rating} stars.`,
      })
      .returning({ id: reviews.id });
    if (row) reviewIds.push(row.id);
  }
  await summariseRatings(t.db, [subject.id]);
  const reporter = await account(t.db, t.app);
  const [report] = await t.db
    .insert(reviewReports)
    .values({
      reviewId: reviewIds[Math.min(1, reviewIds.length - 1)] ?? 0,
      reporterId: reporter.id,
      reason: 'Abusive language about the crew.',
    })
    .returning({ id: reviewReports.id });
  return { subject, reviewIds, reviewers, reportId: report?.id ?? 0, reporter };
}

/** The stored aggregate against a recount of the visible reviews, and the search index's copy. */
async function expectAggregatesMatchRecount(subjectId: number) {
  const recount = await t.db.execute<{ n: number; total: number }>(sql`
    select count(*)::int as n, coalesce(sum(rating), 0)::int as total
    from reviews where subject_id = ${subjectId} and hidden_at is null`);
  const expected = recount.rows[0];
  const [stored] = await t.db.select().from(ratingSummaries).where(eq(ratingSummaries.userId, subjectId));
  expect({ n: stored?.reviewCount, total: stored?.ratingSum }).toEqual(expected);
  const [indexed] = await t.db.select().from(crewSearch).where(eq(crewSearch.userId, subjectId));
  expect(indexed?.ratingCount).toBe(expected?.n);
}

const reason = { reason: 'Breaks the community rules.' };

describe('who may call what', () => {
  type Role = 'user' | 'moderator' | 'admin';
  interface Case {
    call: string;
    run: (b: Awaited<ReturnType<typeof account>>['browser']) => Promise<{ statusCode: number }>;
    /** The answer to a moderator and to an admin (a user always gets 404). */
    moderator: number;
    admin: number;
  }
  const cases: Case[] = [
    {
      call: 'GET reports',
      run: (b) => b.request('GET', '/api/admin/reports?status=open'),
      moderator: 200,
      admin: 200,
    },
    {
      call: 'POST resolve',
      run: async (b) => {
        const { reportId } = await reviewedCrew();
        return b.request('POST', `/api/admin/reports/${reportId}/resolve`, {
          body: { action: 'dismiss', ...reason },
        });
      },
      moderator: 200,
      admin: 200,
    },
    {
      call: 'POST hide',
      run: async (b) => {
        const { reviewIds } = await reviewedCrew();
        return b.request('POST', `/api/admin/reviews/${reviewIds[0]}/hide`, { body: reason });
      },
      moderator: 200,
      admin: 200,
    },
    {
      call: 'POST restore review',
      run: async (b) => {
        const { reviewIds } = await reviewedCrew();
        return b.request('POST', `/api/admin/reviews/${reviewIds[0]}/restore`, { body: reason });
      },
      moderator: 200,
      admin: 200,
    },
    {
      call: 'GET users',
      run: (b) => b.request('GET', '/api/admin/users?q=staff'),
      moderator: 200,
      admin: 200,
    },
    {
      call: 'POST suspend',
      run: async (b) =>
        b.request('POST', `/api/admin/users/${(await account(t.db, t.app)).id}/suspend`, { body: reason }),
      moderator: 200,
      admin: 200,
    },
    {
      call: 'POST restore user',
      run: async (b) =>
        b.request('POST', `/api/admin/users/${(await account(t.db, t.app)).id}/restore`, { body: reason }),
      moderator: 200,
      admin: 200,
    },
    {
      call: 'POST feature',
      run: async (b) => b.request('POST', `/api/admin/users/${(await account(t.db, t.app)).id}/feature`),
      moderator: 200,
      admin: 200,
    },
    {
      call: 'DELETE feature',
      run: async (b) => b.request('DELETE', `/api/admin/users/${(await account(t.db, t.app)).id}/feature`),
      moderator: 200,
      admin: 200,
    },
    { call: 'GET audit', run: (b) => b.request('GET', '/api/admin/audit'), moderator: 200, admin: 200 },
    {
      call: 'GET summary',
      run: (b) => b.request('GET', '/api/admin/security/summary'),
      moderator: 404,
      admin: 200,
    },
    {
      call: 'GET events',
      run: (b) => b.request('GET', '/api/admin/security/events?type=login_failure'),
      moderator: 404,
      admin: 200,
    },
    {
      call: 'GET sessions',
      run: async (b) => b.request('GET', `/api/admin/users/${(await account(t.db, t.app)).id}/sessions`),
      moderator: 404,
      admin: 200,
    },
    {
      call: 'DELETE session',
      run: async (b) => {
        const target = await account(t.db, t.app);
        const [s] = await t.db
          .select({ id: sessions.id })
          .from(sessions)
          .where(eq(sessions.userId, target.id));
        return b.request('DELETE', `/api/admin/sessions/${s?.id}`);
      },
      moderator: 404,
      admin: 204,
    },
    {
      call: 'POST role',
      run: async (b) =>
        b.request('POST', `/api/admin/users/${(await account(t.db, t.app)).id}/role`, {
          body: { role: 'moderator' },
        }),
      moderator: 404,
      admin: 200,
    },
  ];
  const roles: Role[] = ['user', 'moderator', 'admin'];
  const table = cases.flatMap((c) => roles.map((role) => ({ ...c, role })));

  it.each(table)('$call as $role', async ({ role, run, moderator, admin }) => {
    const caller = await account(t.db, t.app, { role, twoFactor: true });
    const response = await run(caller.browser);
    expect(response.statusCode).toBe(role === 'user' ? 404 : role === 'moderator' ? moderator : admin);
  });

  it('answers a user exactly as an unknown path does, even without a CSRF token or a body', async () => {
    const user = await account(t.db, t.app);
    const hidden = await user.browser.request('POST', '/api/admin/users/1/suspend', { csrf: false });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.message).toBe('No API endpoint POST /api/admin/users/1/suspend');
    const visitor = await t.app.inject({ method: 'GET', url: '/api/admin/reports' });
    expect(visitor.statusCode).toBe(404);
  });

  it('refuses staff without two-factor sign-in, and sensitive calls without a fresh password or code', async () => {
    const noTotp = await account(t.db, t.app, { role: 'moderator' });
    const refused = await noTotp.browser.request('GET', '/api/admin/reports');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(STAFF_MESSAGES.twoFactorRequired);

    const stale = await account(t.db, t.app, { role: 'admin', twoFactor: true, stale: true });
    const target = await account(t.db, t.app);
    for (const [method, url, body] of [
      ['POST', `/api/admin/users/${target.id}/suspend`, reason],
      ['POST', `/api/admin/users/${target.id}/role`, { role: 'admin' }],
    ] as const) {
      const response = await stale.browser.request(method, url, { body });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(STAFF_MESSAGES.reauthRequired);
    }
    const [s] = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, target.id));
    expect((await stale.browser.request('DELETE', `/api/admin/sessions/${s?.id}`)).statusCode).toBe(403);
    // Nothing changed.
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ role: 'user', suspendedAt: null });

    const again = await stale.browser.request('POST', '/api/account/reauthenticate', {
      body: { password: 'not-the-password' },
    });
    expect(again.statusCode).toBe(400);
  });

  it('answers bad input with a 400 and a message, never a 500', async () => {
    const mod = await staff('moderator');
    for (const [method, url, body] of [
      ['POST', '/api/admin/reviews/abc/hide', reason],
      ['POST', '/api/admin/reviews/1/hide', { reason: '' }],
      ['POST', '/api/admin/reports/1/resolve', { action: 'delete', reason: 'because' }],
      ['GET', '/api/admin/reports?status=maybe', undefined],
    ] as const) {
      const response = await mod.browser.request(method, url, body ? { body } : {});
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.message).toEqual(expect.any(String));
    }
    expect(
      (await mod.browser.request('POST', '/api/admin/reviews/999999/hide', { body: reason })).statusCode,
    ).toBe(404);
  });
});

describe('moderation', () => {
  it('hides a reported review: gone from the profile, aggregates equal a recount, back intact when restored', async () => {
    const mod = await staff('moderator');
    const { subject, reviewIds, reportId } = await reviewedCrew([5, 1, 4]);
    const queue = (await mod.browser.request('GET', '/api/admin/reports?status=open')).json();
    const entry = queue.reports.find((r: { id: number }) => r.id === reportId);
    expect(entry).toMatchObject({ kind: 'review', review: { id: reviewIds[1], rating: 1 } });
    expect(entry.reporters).toHaveLength(1);

    const before = await t.db
      .select()
      .from(reviews)
      .where(eq(reviews.id, reviewIds[1] ?? 0));
    const resolved = await mod.browser.request('POST', `/api/admin/reports/${reportId}/resolve`, {
      body: { action: 'hide', reason: 'Abusive' },
    });
    expect(resolved.statusCode).toBe(200);
    await expectAggregatesMatchRecount(subject.id);
    const profile = await t.app.inject({ method: 'GET', url: `/api/users/${subject.id}/reviews` });
    expect(profile.json().reviews.map((r: { id: number }) => r.id)).not.toContain(reviewIds[1]);
    expect(profile.json().summary).toMatchObject({ count: 2, average: 4.5 });
    const [report] = await t.db.select().from(reviewReports).where(eq(reviewReports.id, reportId));
    expect(report).toMatchObject({ resolution: 'hide', resolvedBy: mod.id });

    const restored = await mod.browser.request('POST', `/api/admin/reviews/${reviewIds[1]}/restore`, {
      body: reason,
    });
    expect(restored.statusCode).toBe(200);
    await expectAggregatesMatchRecount(subject.id);
    const after = await t.db
      .select()
      .from(reviews)
      .where(eq(reviews.id, reviewIds[1] ?? 0));
    expect({ ...after[0], hiddenAt: null }).toEqual({ ...before[0], hiddenAt: null });
    expect(after[0]?.hiddenAt).toBeNull();
    const resolvedQueue = (await mod.browser.request('GET', '/api/admin/reports?status=resolved')).json();
    expect(resolvedQueue.reports.some((r: { id: number }) => r.id === reportId)).toBe(true);
  });

  it('keeps aggregates equal to a recount through repeated hides and restores', async () => {
    const mod = await staff('moderator');
    const { subject, reviewIds } = await reviewedCrew([3, 5, 2, 4]);
    for (const [id, action] of [
      [reviewIds[0], 'hide'],
      [reviewIds[0], 'hide'],
      [reviewIds[2], 'hide'],
      [reviewIds[0], 'restore'],
      [reviewIds[2], 'restore'],
      [reviewIds[2], 'restore'],
    ] as const) {
      expect(
        (await mod.browser.request('POST', `/api/admin/reviews/${id}/${action}`, { body: reason }))
          .statusCode,
      ).toBe(200);
      await expectAggregatesMatchRecount(subject.id);
    }
  });

  it('suspends: sessions end, sign-in is refused with a clear message, profile and search answer nothing; restore brings it back', async () => {
    const admin = await staff('admin');
    const { subject } = await reviewedCrew([5]);
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, subject.id));
    const suspended = await admin.browser.request('POST', `/api/admin/users/${subject.id}/suspend`, {
      body: reason,
    });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().suspendedAt).not.toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, subject.id))).toHaveLength(0);
    expect((await subject.browser.request('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${subject.id}` })).statusCode).toBe(404);
    expect(await t.db.select().from(crewSearch).where(eq(crewSearch.userId, subject.id))).toHaveLength(0);

    const restored = await admin.browser.request('POST', `/api/admin/users/${subject.id}/restore`, {
      body: reason,
    });
    expect(restored.json().suspendedAt).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${subject.id}` })).statusCode).toBe(200);
    expect(await t.db.select().from(crewSearch).where(eq(crewSearch.userId, subject.id))).toHaveLength(1);
  });

  it('lets a moderator suspend members but not staff, and nobody themselves', async () => {
    const mod = await staff('moderator');
    const otherMod = await staff('moderator');
    const onStaff = await mod.browser.request('POST', `/api/admin/users/${otherMod.id}/suspend`, {
      body: reason,
    });
    expect(onStaff.statusCode).toBe(403);
    expect(onStaff.json().error.message).toBe(STAFF_MESSAGES.staffOnlyByAdmin);
    const self = await mod.browser.request('POST', `/api/admin/users/${mod.id}/suspend`, { body: reason });
    expect(self.statusCode).toBe(400);
  });

  it('features a profile: it leads top-rated and the member gets a profile_featured notification', async () => {
    const mod = await staff('moderator');
    const { subject } = await reviewedCrew([2]);
    expect(
      (await mod.browser.request('POST', `/api/admin/users/${subject.id}/feature`)).json().featuredAt,
    ).not.toBeNull();
    const sent = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, subject.id), eq(notifications.type, 'profile_featured')));
    expect(sent).toHaveLength(1);
    const top = await t.app.inject({ method: 'GET', url: '/api/users/top-rated?limit=3' });
    expect(top.json().crew[0].id).toBe(subject.id);
    expect(
      (await mod.browser.request('DELETE', `/api/admin/users/${subject.id}/feature`)).json().featuredAt,
    ).toBeNull();
  });

  it('writes an audit row for every action, shown by /api/admin/audit and never editable', async () => {
    const admin = await staff('admin');
    const { subject, reviewIds, reportId } = await reviewedCrew();
    const target = await account(t.db, t.app);
    const [s] = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, target.id));
    const calls: [string, string, Record<string, unknown> | undefined][] = [
      ['POST', `/api/admin/reports/${reportId}/resolve`, { action: 'dismiss', reason: 'Fair criticism' }],
      ['POST', `/api/admin/reviews/${reviewIds[0]}/hide`, reason],
      ['POST', `/api/admin/reviews/${reviewIds[0]}/restore`, reason],
      ['POST', `/api/admin/users/${subject.id}/feature`, undefined],
      ['DELETE', `/api/admin/users/${subject.id}/feature`, undefined],
      ['DELETE', `/api/admin/sessions/${s?.id}`, undefined],
      ['POST', `/api/admin/users/${target.id}/suspend`, reason],
      ['POST', `/api/admin/users/${target.id}/restore`, reason],
      ['POST', `/api/admin/users/${target.id}/role`, { role: 'moderator' }],
    ];
    for (const [method, url, body] of calls) {
      const response = await admin.browser.request(method as 'POST', url, body ? { body } : {});
      expect(response.statusCode, url).toBeLessThan(300);
    }
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(rows.map((r) => r.action)).toEqual([
      'report_resolved',
      'review_hidden',
      'review_restored',
      'profile_featured',
      'profile_unfeatured',
      'session_revoked',
      'user_suspended',
      'user_restored',
      'role_changed',
    ]);
    expect(rows.every((r) => r.reason.length > 0 && r.actorName === admin.username)).toBe(true);
    const listed = (await admin.browser.request('GET', '/api/admin/audit')).json();
    expect(listed.entries[0]).toMatchObject({
      action: 'role_changed',
      actor: { id: admin.id },
      targetId: target.id,
    });
    await expect(
      t.db.execute(sql`update audit_log set reason = 'edited' where actor_id = ${admin.id}`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log where actor_id = ${admin.id}`)).rejects.toThrow();
    const roleEvents = await t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.type, 'role_changed'), eq(securityEvents.userId, target.id)));
    expect(roleEvents).toHaveLength(1);
    const open = await t.db
      .select()
      .from(reviewReports)
      .where(and(eq(reviewReports.id, reportId), isNull(reviewReports.resolvedAt)));
    expect(open).toHaveLength(0);
  });
});

describe('security', () => {
  it('summarises 7 days by the hour and lists events with filters and a cursor', async () => {
    const admin = await staff('admin');
    for (let i = 0; i < 3; i++) {
      await admin.browser.request('POST', '/api/login', {
        body: { username: `nobody-${i}`, password: 'wrong-password' },
      });
    }
    const summary = (await admin.browser.request('GET', '/api/admin/security/summary')).json();
    expect(summary.hours).toHaveLength(168);
    expect(summary.failedSignIns).toBeGreaterThanOrEqual(3);
    expect(summary.topNetworks[0]).toMatchObject({ failures: expect.any(Number) });
    const events = (
      await admin.browser.request('GET', '/api/admin/security/events?type=login_failure')
    ).json();
    expect(events.events.length).toBeGreaterThanOrEqual(3);
    expect(events.events.every((e: { type: string }) => e.type === 'login_failure')).toBe(true);
    const bad = await admin.browser.request('GET', '/api/admin/security/events?type=nonsense');
    expect(bad.statusCode).toBe(400);
    const own = (
      await admin.browser.request('GET', `/api/admin/security/events?user=${admin.username}`)
    ).json();
    expect(own.events).toEqual([]);
  });

  it("lists a user's sessions and revokes one", async () => {
    const admin = await staff('admin');
    const target = await account(t.db, t.app);
    const list = (await admin.browser.request('GET', `/api/admin/users/${target.id}/sessions`)).json();
    expect(list.sessions).toHaveLength(1);
    const revoked = await admin.browser.request('DELETE', `/api/admin/sessions/${list.sessions[0].id}`);
    expect(revoked.statusCode).toBe(204);
    expect((await target.browser.request('GET', '/api/auth/me')).statusCode).toBe(401);
  });
});
