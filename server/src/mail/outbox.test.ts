import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema/index.ts';
import { createTestDatabase } from '../../test/helpers.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { unsubscribeHeaders } from './headers.ts';
import { createMailer, type Mailer } from './mailer.ts';
import {
  countRecentMail,
  deliverDueMail,
  enqueueMail,
  pruneFinishedMail,
  type RenderAtSend,
  retryDelaySeconds,
} from './outbox.ts';

let db: Database;
let smtp: TestSmtp;
let mailer: Mailer;
const logged: { level: string; msg: string; obj: Record<string, unknown> }[] = [];
const log = {
  info: (obj: object, msg: string) =>
    logged.push({ level: 'info', msg, obj: obj as Record<string, unknown> }),
  warn: (obj: object, msg: string) =>
    logged.push({ level: 'warn', msg, obj: obj as Record<string, unknown> }),
  error: (obj: object, msg: string) =>
    logged.push({ level: 'error', msg, obj: obj as Record<string, unknown> }),
};
const quiet = { info() {} };

beforeAll(async () => {
  db = (await createTestDatabase()).handle.db;
  smtp = await startTestSmtp();
  mailer = createMailer({
    smtpUrl: smtp.url,
    from: 'CrewBase <no-reply@crewbase.test>',
    dataDir: '/nonexistent',
    log: quiet,
  });
});

const mail = (to: string, kind = 'test') => ({
  to,
  subject: `Hello ${to}`,
  text: `Plain words for ${to}.`,
  html: `<p>Plain words for ${to}.</p>`,
  kind,
});

async function row(recipient: string) {
  const [found] = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));
  if (!found) throw new Error(`no outbox row for ${recipient}`);
  return found;
}

/** Makes a waiting retry due now, as the clock would after its delay. */
async function makeDue(recipient: string) {
  await db.execute(sql`UPDATE mail_outbox SET next_attempt_at = now() WHERE recipient = ${recipient}`);
}

describe('mail outbox', () => {
  it('sends nothing until the worker runs, then sends each mail once', async () => {
    await db.transaction(async (tx) => {
      await enqueueMail(tx, { ...mail('first@example.com'), replyTo: 'visitor@example.com' });
    });
    expect(smtp.to('first@example.com')).toHaveLength(0);
    expect((await row('first@example.com')).sentAt).toBeNull();

    const report = await deliverDueMail(db, mailer, { log });
    expect(report).toEqual({ sent: 1, retrying: 0, failed: 0, skipped: 0 });
    const [received] = smtp.to('first@example.com');
    expect(received).toMatchObject({
      subject: 'Hello first@example.com',
      text: 'Plain words for first@example.com.',
      replyTo: 'visitor@example.com',
    });
    expect(received?.html).toContain('<p>Plain words for first@example.com.</p>');
    const sent = await row('first@example.com');
    expect(sent.sentAt).not.toBeNull();
    expect(sent.attempts).toBe(1);
    // Who, what and when stay; the body, which may hold a one-time link, goes.
    expect(sent).toMatchObject({ subject: 'Hello first@example.com', text: '', html: '' });
    expect(logged).toContainEqual({
      level: 'info',
      msg: 'mail delivered from the outbox',
      obj: { mailId: sent.id, kind: 'test', attempt: 1 },
    });

    expect(await deliverDueMail(db, mailer)).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 0 });
    expect(smtp.to('first@example.com')).toHaveLength(1);
  });

  it('sends nothing for a transaction that rolled back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, mail('rolled-back@example.com'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await deliverDueMail(db, mailer);
    expect(smtp.to('rolled-back@example.com')).toHaveLength(0);
    expect(
      await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'rolled-back@example.com')),
    ).toEqual([]);
  });

  it('retries a refused mail later, with a growing delay, and then sends it', async () => {
    await enqueueMail(db, mail('later@example.com'));
    smtp.refuseNext(1, 451);
    expect(await deliverDueMail(db, mailer, { log })).toEqual({
      sent: 0,
      retrying: 1,
      failed: 0,
      skipped: 0,
    });
    const waiting = await row('later@example.com');
    expect(waiting.attempts).toBe(1);
    expect(waiting.lastError).toMatch(/451/);
    expect(waiting.failedAt).toBeNull();
    const [{ delay } = { delay: 0 }] = (
      await db.execute<{ delay: number }>(
        sql`SELECT extract(epoch FROM next_attempt_at - now())::float AS delay FROM mail_outbox WHERE id = ${waiting.id}`,
      )
    ).rows;
    expect(delay).toBeGreaterThan(50);
    expect(delay).toBeLessThanOrEqual(60);
    expect(logged.some((entry) => entry.level === 'warn' && entry.obj.mailId === waiting.id)).toBe(true);

    // Not due yet: the worker leaves it alone.
    expect(await deliverDueMail(db, mailer)).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 0 });

    await makeDue('later@example.com');
    smtp.refuseNext(1, 421);
    expect(await deliverDueMail(db, mailer)).toEqual({ sent: 0, retrying: 1, failed: 0, skipped: 0 });
    expect((await row('later@example.com')).attempts).toBe(2);

    await makeDue('later@example.com');
    expect(await deliverDueMail(db, mailer)).toEqual({ sent: 1, retrying: 0, failed: 0, skipped: 0 });
    expect(smtp.to('later@example.com')).toHaveLength(1);
    const sent = await row('later@example.com');
    expect(sent.attempts).toBe(3);
    expect(sent.lastError).toBeNull();
  });

  it('retries when the SMTP server cannot be reached', async () => {
    await enqueueMail(db, mail('unreachable@example.com'));
    const nowhere = createMailer({
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'x <x@crewbase.test>',
      dataDir: '/nonexistent',
      log: quiet,
    });
    expect(await deliverDueMail(db, nowhere)).toEqual({ sent: 0, retrying: 1, failed: 0, skipped: 0 });
    expect((await row('unreachable@example.com')).lastError).toMatch(/ECONNREFUSED/);
    await makeDue('unreachable@example.com');
    expect(await deliverDueMail(db, mailer)).toEqual({ sent: 1, retrying: 0, failed: 0, skipped: 0 });
  });

  it('marks a mail failed when the server refuses it for good', async () => {
    await enqueueMail(db, mail('no-such-user@example.com'));
    smtp.refuseNext(1, 550);
    expect(await deliverDueMail(db, mailer, { log })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 1,
      skipped: 0,
    });
    const failed = await row('no-such-user@example.com');
    expect(failed.failedAt).not.toBeNull();
    expect(failed.lastError).toMatch(/550/);
    expect(failed).toMatchObject({ text: '', html: '' });
    expect(logged.some((entry) => entry.level === 'error' && entry.obj.mailId === failed.id)).toBe(true);
    await makeDue('no-such-user@example.com');
    expect(await deliverDueMail(db, mailer)).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 0 });
  });

  it('gives up on a mail it could not send within a day', async () => {
    await enqueueMail(db, mail('a-day-late@example.com'));
    await db.execute(
      sql`UPDATE mail_outbox SET created_at = now() - interval '23 hours 59 minutes 30 seconds' WHERE recipient = 'a-day-late@example.com'`,
    );
    smtp.refuseNext(1, 451);
    expect(await deliverDueMail(db, mailer)).toEqual({ sent: 0, retrying: 0, failed: 1, skipped: 0 });
    expect((await row('a-day-late@example.com')).failedAt).not.toBeNull();
  });

  it('lets several workers share the queue without sending a mail twice', async () => {
    const recipients = Array.from({ length: 35 }, (_, i) => `crowd${i}@example.com`);
    for (const to of recipients) await enqueueMail(db, mail(to, 'crowd'));
    const reports = await Promise.all([1, 2, 3].map(() => deliverDueMail(db, mailer)));
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(35);
    for (const to of recipients) expect(smtp.to(to)).toHaveLength(1);
  });

  it('stops taking mail once asked to stop', async () => {
    await enqueueMail(db, mail('after-stop@example.com'));
    const stopped = AbortSignal.abort();
    expect(await deliverDueMail(db, mailer, { signal: stopped })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
      skipped: 0,
    });
    expect((await row('after-stop@example.com')).attempts).toBe(0);
    await deliverDueMail(db, mailer);
  });

  it('counts the recent mail of one kind to one address, in any letter case', async () => {
    for (const kind of ['counted', 'counted', 'other'])
      await enqueueMail(db, mail('Counted@Example.com', kind));
    await enqueueMail(db, mail('counted-old@example.com', 'counted'));
    await db.execute(
      sql`UPDATE mail_outbox SET created_at = now() - interval '2 hours' WHERE recipient = 'counted-old@example.com'`,
    );
    const count = (to: string, kind: string) => db.transaction((tx) => countRecentMail(tx, to, kind, 3600));
    expect(await count('counted@example.com', 'counted')).toBe(2);
    expect(await count('COUNTED@EXAMPLE.COM', 'other')).toBe(1);
    expect(await count('counted-old@example.com', 'counted')).toBe(0);
    await deliverDueMail(db, mailer);
  });

  it('deletes mail finished more than 30 days ago, and nothing waiting', async () => {
    await enqueueMail(db, mail('old-sent@example.com'));
    await enqueueMail(db, mail('recent-sent@example.com'));
    await deliverDueMail(db, mailer);
    await enqueueMail(db, mail('old-waiting@example.com'));
    await db.execute(sql`
      UPDATE mail_outbox SET created_at = now() - interval '40 days', next_attempt_at = now() + interval '1 hour',
        sent_at = CASE WHEN sent_at IS NULL THEN NULL ELSE now() - interval '31 days' END
      WHERE recipient IN ('old-sent@example.com', 'old-waiting@example.com')`);
    expect(await pruneFinishedMail(db)).toBe(1);
    const left = await db.select({ recipient: mailOutbox.recipient }).from(mailOutbox);
    expect(left.map((r) => r.recipient)).toEqual(
      expect.arrayContaining(['recent-sent@example.com', 'old-waiting@example.com']),
    );
    expect(left.map((r) => r.recipient)).not.toContain('old-sent@example.com');
  });

  it('sends every mail auto-submitted, with a Message-ID of the site, a Date, a no-reply Reply-To and its own headers', async () => {
    const site = createMailer({
      smtpUrl: smtp.url,
      from: 'CrewBase <no-reply@crewbase.test>',
      dataDir: '/nonexistent',
      log: quiet,
      messageIdHost: 'crew.example',
    });
    const unsubscribe = 'https://crew.example/api/email/unsubscribe?token=abc.def';
    await enqueueMail(db, { ...mail('headers@example.com'), headers: unsubscribeHeaders(unsubscribe) });
    expect((await row('headers@example.com')).headers).toEqual({
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const before = Date.now();
    expect(await deliverDueMail(db, site)).toMatchObject({ sent: 1 });
    const [received] = smtp.to('headers@example.com');
    expect(received?.headers).toMatchObject({
      'auto-submitted': 'auto-generated',
      'list-unsubscribe': `<${unsubscribe}>`,
      'list-unsubscribe-post': 'List-Unsubscribe=One-Click',
    });
    expect(received?.headers['message-id']).toMatch(/^<[0-9a-f-]{36}@crew\.example>$/);
    expect(Date.parse(received?.headers.date ?? '')).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(received?.replyTo).toContain('<no-reply@crewbase.test>');
    // Sent: the headers (an unsubscribe token) go with the body.
    expect((await row('headers@example.com')).headers).toBeNull();
  });

  it('renders a notification’s mail when it is sent, and skips it when it is no longer wanted', async () => {
    const [member] = (
      await db.execute<{ id: number }>(
        sql`INSERT INTO users (username, email) VALUES ('render_me', 'render-me@example.com') RETURNING id`,
      )
    ).rows;
    const notification = async () => {
      const [created] = (
        await db.execute<{ id: number }>(sql`
          INSERT INTO notifications (user_id, type, title, message)
          VALUES (${member?.id}, 'system', 'Hello', 'A notification') RETURNING id`)
      ).rows;
      return Number(created?.id);
    };
    const [wanted, unwanted, gone, orphan] = [
      await notification(),
      await notification(),
      await notification(),
      await notification(),
    ];
    const later = (to: string, notificationId: number | undefined) =>
      enqueueMail(db, { to, subject: '', text: '', html: '', kind: 'notification:test', notificationId });
    await later('wanted@example.com', wanted);
    await later('unwanted@example.com', unwanted);
    await later('gone@example.com', gone);
    await db.execute(sql`DELETE FROM notifications WHERE id = ${gone}`);
    // The notification went: its waiting mail went with it.
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'gone@example.com'))).toEqual(
      [],
    );

    const asked: Parameters<RenderAtSend>[0][] = [];
    const render: RenderAtSend = async (queued) => {
      asked.push(queued);
      if (queued.notificationId !== wanted) return null;
      return {
        subject: 'Rendered now',
        text: 'Rendered text.',
        html: '<p>Rendered html.</p>',
        headers: unsubscribeHeaders('https://crewbase.test/u?token=t'),
      };
    };
    expect(await deliverDueMail(db, mailer, { render, log })).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
      skipped: 1,
    });
    expect(asked).toEqual([
      expect.objectContaining({
        kind: 'notification:test',
        recipient: 'wanted@example.com',
        notificationId: wanted,
      }),
      expect.objectContaining({ recipient: 'unwanted@example.com', notificationId: unwanted }),
    ]);
    const [received, ...more] = smtp.to('wanted@example.com');
    expect(more).toEqual([]);
    expect(received).toMatchObject({ subject: 'Rendered now', text: 'Rendered text.' });
    expect(received?.headers['list-unsubscribe']).toBe('<https://crewbase.test/u?token=t>');
    expect(await row('wanted@example.com')).toMatchObject({ subject: 'Rendered now', text: '', html: '' });
    expect(smtp.to('unwanted@example.com')).toEqual([]);
    const skipped = await row('unwanted@example.com');
    expect(skipped.skippedAt).not.toBeNull();
    expect(skipped.sentAt).toBeNull();
    expect(logged).toContainEqual({
      level: 'info',
      msg: 'mail no longer wanted, skipped',
      obj: { mailId: skipped.id, kind: 'notification:test', attempt: 1 },
    });
    // Skipped is done: never taken again.
    await makeDue('unwanted@example.com');
    expect(await deliverDueMail(db, mailer, { render })).toMatchObject({ sent: 0, skipped: 0 });

    // A worker without a renderer cannot write it: it waits and retries, it does not send it empty.
    await later('orphan@example.com', orphan);
    expect(await deliverDueMail(db, mailer)).toMatchObject({ sent: 0, retrying: 1 });
    expect((await row('orphan@example.com')).lastError).toMatch(/no renderer/);
    await makeDue('orphan@example.com');
    expect(await deliverDueMail(db, mailer, { render: async () => null })).toMatchObject({ skipped: 1 });
  });

  it.each([
    [1, 60],
    [2, 120],
    [3, 240],
    [8, 7_680],
    [9, 14_400],
    [20, 14_400],
  ])('waits %i attempt(s) later %i seconds', (attempts, seconds) => {
    expect(retryDelaySeconds(attempts)).toBe(seconds);
  });
});
