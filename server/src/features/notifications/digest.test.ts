import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationDigests, notificationPreferences, users } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { type ReceivedMail, startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { mailDailyDigests } from './digest.ts';
import { notify } from './notify.ts';
import { member } from './test-support.ts';

/** Issue 32: the daily digest, instead of single mails; times are moved in the database. */
const PUBLIC_URL = 'https://crewbase.test';
let smtp: TestSmtp;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
});

type Member = Awaited<ReturnType<typeof member>> & { email: string };

async function digestReader(): Promise<Member> {
  const m = await member(t.db, t.app);
  await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, m.id));
  await t.db.insert(notificationPreferences).values({ userId: m.id, emailDailyDigest: true });
  return { ...m, email: `${m.username}@example.com` };
}

const seen = new Map<string, number>();
async function run(who: Member): Promise<ReceivedMail[]> {
  await mailDailyDigests(t.db, new URL(PUBLIC_URL));
  await t.app.deliverMail();
  const all = smtp.to(who.email);
  const before = seen.get(who.email) ?? 0;
  seen.set(who.email, all.length);
  return all.slice(before);
}

describe('the daily digest', () => {
  it('lists what came in one mail, then none for 24 hours, then the next day’s', async () => {
    const me = await digestReader();
    await notify(t.db, me.id, 'team_invite', 'Team invitation', 'Join the Night Shoot crew', { teamId: 7 });
    await notify(t.db, me.id, 'payment_received', 'Payment received', 'You were paid $650.00', {
      paymentId: 9,
    });
    // Not mailed at all: no e-mail category.
    await notify(t.db, me.id, 'system', 'Welcome', 'Nothing to mail');
    // Single mails are not sent to a digest reader.
    await t.app.deliverMail();
    expect(smtp.to(me.email)).toEqual([]);

    const [mail, ...more] = await run(me);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Your CrewBase digest: 2 updates');
    for (const part of [mail?.text ?? '', mail?.html ?? '']) {
      expect(part).toContain('Join the Night Shoot crew');
      expect(part).toContain('You were paid $650.00');
      expect(part).not.toContain('Nothing to mail');
    }
    expect(mail?.html).toContain(`href="${PUBLIC_URL}/team/7"`);
    expect(mail?.text).toContain(`${PUBLIC_URL}/payments/9`);
    expect(mail?.text).toContain(`${PUBLIC_URL}/notifications?tab=preferences`);
    expect(mail?.headers['list-unsubscribe']).toMatch(
      /^<https:\/\/crewbase\.test\/api\/email\/unsubscribe\?token=[^>]+>$/,
    );
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    expect(await run(me)).toEqual([]);
    await notify(t.db, me.id, 'team_invite', 'Team invitation', 'Join the Day Shoot crew', { teamId: 8 });
    expect(await run(me)).toEqual([]);

    await t.db
      .update(notificationDigests)
      .set({ lastDigestAt: sql`now() - interval '25 hours'` })
      .where(eq(notificationDigests.userId, me.id));
    const [next] = await run(me);
    expect(next?.subject).toBe('Your CrewBase digest: 1 update');
    expect(next?.text).toContain('Join the Day Shoot crew');
    expect(next?.text).not.toContain('Night Shoot');
  });

  it('one click on the digest’s unsubscribe link stops every category it lists; “back on” restores the defaults', async () => {
    const me = await digestReader();
    await notify(t.db, me.id, 'team_invite', 'Team invitation', 'Join the Wrap Party crew', { teamId: 11 });
    const [mail] = await run(me);
    const link = /^<([^>]+)>$/.exec(mail?.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
    expect(link).toContain('/api/email/unsubscribe?token=');
    const url = new URL(link);
    const res = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    const prefs = async () =>
      (await t.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, me.id)))[0];
    expect(await prefs()).toMatchObject({
      emailBookingNotifications: false,
      emailMessageNotifications: false,
      emailTeamNotifications: false,
      emailReviewNotifications: false,
      emailPaymentNotifications: false,
      emailProductNews: false,
    });
    await notify(t.db, me.id, 'team_invite', 'Team invitation', 'Join the Pickup crew', { teamId: 12 });
    await t.db
      .update(notificationDigests)
      .set({ lastDigestAt: sql`now() - interval '25 hours'` })
      .where(eq(notificationDigests.userId, me.id));
    expect(await run(me)).toEqual([]);

    const back = await t.app.inject({ method: 'POST', url: `/api/email/resubscribe${url.search}` });
    expect(back.statusCode, back.body).toBe(200);
    expect(await prefs()).toMatchObject({ emailTeamNotifications: true, emailProductNews: false });
  });

  it('mails nothing when nothing is worth listing: read, category off, or not mailable', async () => {
    const me = await digestReader();
    await t.db
      .update(notificationPreferences)
      .set({ emailTeamNotifications: false })
      .where(eq(notificationPreferences.userId, me.id));
    await notify(t.db, me.id, 'team_invite', 'Team invitation', 'Teams are off', { teamId: 3 });
    const read = await notify(t.db, me.id, 'payment_received', 'Payment received', 'Seen on the site', {
      paymentId: 4,
    });
    await me.browser.request('PATCH', `/api/notifications/${read?.id}/read`);
    await notify(t.db, me.id, 'system', 'Welcome', 'Nothing to mail');
    expect(await run(me)).toEqual([]);
    // The next one worth a digest goes at the next sweep: no digest was written.
    await notify(t.db, me.id, 'review', 'New review', 'Five stars', { reviewId: 1 });
    expect((await run(me)).map((m) => m.subject)).toEqual(['Your CrewBase digest: 1 update']);
  });

  it('is written once when sweeps run at once', async () => {
    const me = await digestReader();
    await notify(t.db, me.id, 'team_invite', 'Team invitation', 'Once', { teamId: 5 });
    const url = new URL(PUBLIC_URL);
    const queued = await Promise.all([mailDailyDigests(t.db, url), mailDailyDigests(t.db, url)]);
    expect(queued.reduce((a, n) => a + n, 0)).toBe(1);
    expect(await run(me)).toHaveLength(1);
  });
});
