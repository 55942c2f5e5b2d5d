import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONTACT_SENT } from '#common/schemas/site';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { newUser, TestBrowser } from '../../test/client.ts';
import { createTestApp, createTestDatabase } from '../../test/helpers.ts';
import { startTestSmtp } from '../../test/smtp.ts';

describe('the mail outbox worker', () => {
  it('starts with the app, sends what waits, and finishes its run before the app closes', async () => {
    const smtp = await startTestSmtp();
    const { url, handle } = await createTestDatabase();
    // Queued while no server ran (say, just before a restart).
    await enqueueMail(handle.db, {
      to: 'waiting@example.com',
      subject: 'Queued before the start',
      text: 'Sent by the worker.',
      html: '<p>Sent by the worker.</p>',
      kind: 'test',
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: await mkdtemp(path.join(tmpdir(), 'crewbase-data-')),
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      SMTP_URL: smtp.url,
    });
    const app = await buildApp({ config, databaseUrl: url, logger: false, mailWorker: true });
    // The worker's first run began when the app became ready; closing waits for it.
    await app.close();
    expect(smtp.to('waiting@example.com').map((mail) => mail.subject)).toEqual(['Queued before the start']);
  });

  it('loses no mail and fails no request while SMTP is down, and sends it when SMTP is back', async () => {
    const smtp = await startTestSmtp();
    const t = await createTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'http://crewbase.test',
      CONTACT_EMAIL: 'team@crewbase.test',
      METRICS_TOKEN: 'outage-metrics-token',
    });
    await smtp.stop();

    // Two requests that mail: a sign-up (its verification link) and the contact form.
    const member = newUser('outage');
    expect((await new TestBrowser(t.app, '10.32.0.1').register(member)).statusCode).toBe(201);
    const contact = await new TestBrowser(t.app, '10.32.0.2').request('POST', '/api/contact', {
      body: {
        name: 'Rosa Delgado',
        email: 'rosa@example.com',
        topic: 'billing',
        message: 'Can a production company pay for Premium for five crew members at once?',
      },
    });
    expect(contact.statusCode).toBe(200);
    expect(contact.json().message).toBe(CONTACT_SENT);

    expect(await t.app.deliverMail()).toEqual({ sent: 0, retrying: 2, failed: 0, skipped: 0 });
    const waiting = await t.db.execute<{ last_error: string }>(
      sql`SELECT last_error FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL`,
    );
    expect(waiting.rows.map((row) => row.last_error)).toEqual([
      expect.stringMatching(/ECONNREFUSED/),
      expect.stringMatching(/ECONNREFUSED/),
    ]);

    await smtp.restart();
    // As the clock would after the retry delay.
    await t.db.execute(sql`UPDATE mail_outbox SET next_attempt_at = now() WHERE sent_at IS NULL`);
    expect(await t.app.deliverMail()).toEqual({ sent: 2, retrying: 0, failed: 0, skipped: 0 });

    const [verify, ...moreVerify] = smtp.to(member.email);
    expect(moreVerify).toEqual([]);
    expect(verify?.to).toEqual([member.email]);
    expect(verify?.subject).toBe('Confirm your CrewBase email');
    const link = /^http:\/\/crewbase\.test\/verify-email\?token=[A-Za-z0-9_%-]+$/m.exec(
      verify?.text ?? '',
    )?.[0];
    expect(link).toBeDefined();
    expect(verify?.text).toContain(`Welcome to CrewBase, ${member.username}.`);
    expect(verify?.text).toContain('Notification preferences: http://crewbase.test/');
    // The button and every link are absolute to PUBLIC_URL.
    expect(verify?.html).toContain(`href="${link}"`);
    expect(verify?.html).toContain('Confirm my address');
    for (const [, href] of verify?.html.matchAll(/href="([^"]*)"/g) ?? []) {
      expect(href).toMatch(/^http:\/\/crewbase\.test\//);
    }

    const [message, ...moreMessages] = smtp.to('team@crewbase.test');
    expect(moreMessages).toEqual([]);
    expect(message?.to).toEqual(['team@crewbase.test']);
    expect(message?.subject).toBe('[CrewBase contact] Billing and Premium: Rosa Delgado');
    expect(message?.replyTo).toBe('rosa@example.com');
    expect(message?.text).toContain('From: Rosa Delgado <rosa@example.com>');
    expect(message?.text).toContain(
      'Can a production company pay for Premium for five crew members at once?',
    );
    expect(message?.html).toContain('Rosa Delgado &lt;rosa@example.com&gt;');
    expect(message?.html).toContain('five crew members at once?');

    for (const mail of [verify, message]) {
      expect(mail?.headers['auto-submitted']).toBe('auto-generated');
      expect(mail?.headers['message-id']).toMatch(/^<[^@>]+@crewbase\.test>$/);
      expect(Number.isNaN(Date.parse(mail?.headers.date ?? ''))).toBe(false);
    }
    expect(verify?.replyTo).toContain('<no-reply@crewbase.app>');

    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer outage-metrics-token' },
    });
    expect(metrics.body).toContain('mail_outbox_deliveries_total{outcome="sent"} 2');
    expect(metrics.body).toContain('mail_outbox_deliveries_total{outcome="retried"} 2');
    expect(metrics.body).toContain('mail_outbox_deliveries_total{outcome="failed"} 0');
    expect(metrics.body).toContain('mail_outbox_deliveries_total{outcome="skipped"} 0');
  });
});
