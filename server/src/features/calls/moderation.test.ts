import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALL_REPORT_MESSAGES } from '#common/schemas/call-reports';
import { CALL_MESSAGES } from '#common/schemas/calls';
import { REPORT_REASON_TOO_SHORT } from '#common/schemas/reviews';
import { auditLog, callReports, crewCalls, roles } from '#server/db/schema/index.ts';
import { TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { account } from '../admin/test-support.ts';

let t: TestApp;
let roleId: number;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function postCall(ownerId: number, title = 'Gaffer for a short film shoot') {
  const [row] = await t.db
    .insert(crewCalls)
    .values({
      ownerId,
      title,
      roleId,
      location: 'Atlanta, GA',
      startDate: day(20),
      endDate: day(25),
      currency: 'usd',
      rateUnit: 'day',
      rateMin: 40_000,
      rateMax: 50_000,
      description: 'Two days of night exteriors.',
      applyBy: day(10),
    })
    .returning({ id: crewCalls.id });
  return (row as { id: number }).id;
}

const report = (browser: TestBrowser, callId: number, reason: string) =>
  browser.request('POST', `/api/calls/${callId}/report`, { body: { reason } });

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://crewbase.test' });
  const [role] = await t.db.select({ id: roles.id }).from(roles).limit(1);
  roleId = (role as { id: number }).id;
});

describe('reporting a call', () => {
  it('takes one report per member and call, never the owner’s, with a review report’s reasons', async () => {
    const owner = await account(t.db, t.app);
    const callId = await postCall(owner.id);

    const visitor = await report(new TestBrowser(t.app, '10.77.0.1'), callId, 'This is a scam.');
    expect(visitor.statusCode).toBe(401);

    const reporter = await account(t.db, t.app);
    const short = await report(reporter.browser, callId, 'bad');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.reason).toBe(REPORT_REASON_TOO_SHORT);

    const res = await report(reporter.browser, callId, '  Asks for a fee to apply.  ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ callId });
    const again = await report(reporter.browser, callId, 'Reporting it a second time.');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(CALL_REPORT_MESSAGES.alreadyReported);

    const own = await report(owner.browser, callId, 'Reporting my own call.');
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe(CALL_REPORT_MESSAGES.reportOwn);

    const unknown = await report(reporter.browser, 2_000_000, 'No such call at all.');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(CALL_MESSAGES.notFound);

    const stored = await t.db.select().from(callReports).where(eq(callReports.callId, callId));
    expect(stored.map((row) => row.reason)).toEqual(['Asks for a fee to apply.']);
  });

  it('answers 404 for a call the reporter cannot see (closed)', async () => {
    const owner = await account(t.db, t.app);
    const callId = await postCall(owner.id);
    await t.db
      .update(crewCalls)
      .set({ status: 'closed', closedAt: new Date() })
      .where(eq(crewCalls.id, callId));
    const reporter = await account(t.db, t.app);
    const res = await report(reporter.browser, callId, 'Closed but still wrong.');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(CALL_MESSAGES.notFound);
  });
});

describe('the staff queue and hiding', () => {
  it('lists call reports for staff only, and hiding one answers them all, audited', async () => {
    const moderator = await account(t.db, t.app, { role: 'moderator', twoFactor: true });
    const owner = await account(t.db, t.app);
    const callId = await postCall(owner.id, 'Unpaid “exposure” gig for a feature');
    const first = await account(t.db, t.app);
    const second = await account(t.db, t.app);
    expect((await report(first.browser, callId, 'Unpaid work for a feature.')).statusCode).toBe(201);
    expect((await report(second.browser, callId, 'Asks for money up front.')).statusCode).toBe(201);

    expect((await first.browser.request('GET', '/api/admin/call-reports')).statusCode).toBe(404);
    const queue = await moderator.browser.request('GET', '/api/admin/call-reports');
    expect(queue.statusCode).toBe(200);
    const entry = queue.json().reports.find((r: { call: { id: number } }) => r.call.id === callId);
    expect(entry).toMatchObject({
      kind: 'call',
      call: {
        id: callId,
        title: 'Unpaid “exposure” gig for a feature',
        hidden: false,
        owner: { id: owner.id },
      },
      resolution: null,
    });
    expect(entry.reporters.map((r: { id: number; reason: string }) => [r.id, r.reason])).toEqual([
      [first.id, 'Unpaid work for a feature.'],
      [second.id, 'Asks for money up front.'],
    ]);

    const noReason = await moderator.browser.request('POST', `/api/admin/call-reports/${entry.id}/resolve`, {
      body: { action: 'hide' },
    });
    expect(noReason.statusCode).toBe(400);

    const hide = await moderator.browser.request('POST', `/api/admin/call-reports/${entry.id}/resolve`, {
      body: { action: 'hide', reason: 'Unpaid work is not allowed' },
    });
    expect(hide.statusCode).toBe(200);
    const again = await moderator.browser.request('POST', `/api/admin/call-reports/${entry.id}/resolve`, {
      body: { action: 'dismiss', reason: 'Second look' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(CALL_REPORT_MESSAGES.reportResolved);

    const open = (await moderator.browser.request('GET', '/api/admin/call-reports')).json().reports;
    expect(open.some((r: { call: { id: number } }) => r.call.id === callId)).toBe(false);
    const resolved = (
      await moderator.browser.request('GET', '/api/admin/call-reports?status=resolved')
    ).json().reports;
    expect(resolved.find((r: { call: { id: number } }) => r.call.id === callId)).toMatchObject({
      resolution: 'hide',
      call: { hidden: true },
    });

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, moderator.id), eq(auditLog.targetType, 'call_report')));
    expect(audit).toMatchObject([
      {
        action: 'report_resolved',
        targetId: entry.id,
        reason: 'Unpaid work is not allowed',
        detail: { action: 'hide', callId, reports: 2 },
      },
    ]);
  });

  it('hides a call from everyone but its owner and staff, out of the list and the sitemap, and shows it again', async () => {
    const moderator = await account(t.db, t.app, { role: 'moderator', twoFactor: true });
    const owner = await account(t.db, t.app);
    const stranger = await account(t.db, t.app);
    const callId = await postCall(owner.id, 'Boom operator for a music video');
    const visitor = new TestBrowser(t.app, '10.77.0.2');
    const listed = async () =>
      (await visitor.request('GET', '/api/calls?limit=50'))
        .json()
        .calls.some((c: { id: number }) => c.id === callId);
    const inSitemap = async () =>
      (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body.includes(
        `<loc>https://crewbase.test/calls/${callId}</loc>`,
      );
    expect(await listed()).toBe(true);
    expect(await inSitemap()).toBe(true);

    const refused = await stranger.browser.request('POST', `/api/admin/calls/${callId}/hide`, {
      body: { reason: 'I do not like it' },
    });
    expect(refused.statusCode).toBe(404);

    const hide = await moderator.browser.request('POST', `/api/admin/calls/${callId}/hide`, {
      body: { reason: 'Misleading rate' },
    });
    expect(hide.statusCode).toBe(200);
    expect((await visitor.request('GET', `/api/calls/${callId}`)).statusCode).toBe(404);
    expect((await stranger.browser.request('GET', `/api/calls/${callId}`)).statusCode).toBe(404);
    expect((await owner.browser.request('GET', `/api/calls/${callId}`)).statusCode).toBe(200);
    expect((await moderator.browser.request('GET', `/api/calls/${callId}`)).statusCode).toBe(200);
    expect(await listed()).toBe(false);
    expect(await inSitemap()).toBe(false);
    const page = await t.app.inject({ method: 'GET', url: `/calls/${callId}` });
    expect(page.statusCode).toBe(404);

    const restore = await moderator.browser.request('POST', `/api/admin/calls/${callId}/restore`, {
      body: { reason: 'Owner fixed the rate' },
    });
    expect(restore.statusCode).toBe(200);
    expect((await visitor.request('GET', `/api/calls/${callId}`)).statusCode).toBe(200);
    expect(await listed()).toBe(true);

    const unknown = await moderator.browser.request('POST', '/api/admin/calls/2000000/hide', {
      body: { reason: 'Nothing there' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(CALL_REPORT_MESSAGES.callNotFound);

    const audit = await t.db
      .select({ action: auditLog.action, reason: auditLog.reason })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'call'), eq(auditLog.targetId, callId)))
      .orderBy(auditLog.id);
    expect(audit).toEqual([
      { action: 'call_hidden', reason: 'Misleading rate' },
      { action: 'call_restored', reason: 'Owner fixed the rate' },
    ]);
  });
});
