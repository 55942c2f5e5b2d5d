import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_REQUESTED } from '#common/schemas/auth';
import { hashToken, randomToken } from '#server/crypto/tokens.ts';
import { mailOutbox, passwordResetTokens, securityEvents } from '#server/db/schema/index.ts';
import { newUser, TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { type ReceivedMail, startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { RESET_LINK_INVALID, RESET_MAILS_PER_HOUR } from './service.ts';

/** A real SMTP server on loopback: the app's mail goes through nodemailer and SMTP like in production. */
let smtp: TestSmtp;
let t: TestApp;
let ipCounter = 1;
const browser = () => new TestBrowser(t.app, `10.5.0.${ipCounter++}`);

function resetLinkIn(mail: ReceivedMail | undefined): string {
  const match = /https?:\/\/\S+\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no reset link in mail:\n${mail?.text}`);
  return decodeURIComponent(match[1]);
}

/** Sends what the outbox holds, as the worker would, and answers the one mail `to` received with `subject`. */
async function deliveredTo(to: string, subject: string): Promise<ReceivedMail> {
  await t.app.deliverMail();
  const found = smtp.to(to).filter((mail) => mail.subject === subject);
  if (found.length !== 1) throw new Error(`${to} received ${found.length} mails "${subject}", not one`);
  return found[0] as ReceivedMail;
}

function outboxRowsTo(recipient: string) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));
}

function askForReset(email: string) {
  return browser().request('POST', '/api/password-reset/request', { body: { email } });
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://crewbase.test' });
});

describe('password reset', () => {
  it('mails a one-time link, sets the new password with it, and ends every session', async () => {
    const account = newUser('forgetful');
    const laptop = browser();
    await laptop.register(account);
    const phone = browser();
    expect((await phone.login(account.username, account.password)).statusCode).toBe(200);

    const asked = await askForReset(account.email);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe(PASSWORD_RESET_REQUESTED);
    const mail = await deliveredTo(account.email, 'Reset your CrewBase password');
    expect(mail.text).toContain('Someone asked to reset the password of your CrewBase account.');
    const token = resetLinkIn(mail);
    // Once sent, the outbox keeps who and when, not the link.
    const [sentRow] = await outboxRowsTo(account.email).then((rows) =>
      rows.filter((r) => r.kind === 'password_reset'),
    );
    expect(sentRow?.sentAt).not.toBeNull();
    expect(JSON.stringify(sentRow)).not.toContain(token);

    // The token is stored only as a hash.
    const stored = await t.db.select().from(passwordResetTokens);
    expect(stored.some((row) => row.tokenHash === hashToken(token))).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(token);

    const reset = await browser().request('POST', '/api/password-reset/confirm', {
      body: { token, password: 'new-dolly-track-9' },
    });
    expect(reset.statusCode).toBe(200);

    expect((await laptop.request('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await phone.request('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await browser().login(account.username, account.password)).statusCode).toBe(401);
    expect((await browser().login(account.username, 'new-dolly-track-9')).statusCode).toBe(200);

    const again = await browser().request('POST', '/api/password-reset/confirm', {
      body: { token, password: 'another-one-77' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(RESET_LINK_INVALID);
    expect((await browser().login(account.username, 'new-dolly-track-9')).statusCode).toBe(200);
  });

  it('does the same work for a known and an unknown address: one outbox row, no SMTP, one answer', async () => {
    const account = newUser('same-work');
    await browser().register(account);
    await t.app.deliverMail();
    const connectionsBefore = smtp.connections();
    const unknown = 'nobody-here@example.com';

    const known = await askForReset(account.email);
    const stranger = await askForReset(unknown);

    // The same answer, byte for byte.
    expect(stranger.statusCode).toBe(known.statusCode);
    expect(stranger.body).toBe(known.body);
    expect(known.json().message).toBe(PASSWORD_RESET_REQUESTED);
    // One queued mail each, of one kind, and nothing tried to reach SMTP inside either request.
    const queued = await t.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.sentAt} is null and ${mailOutbox.kind} = 'password_reset'`);
    expect(queued.map((row) => row.recipient).sort()).toEqual([account.email, unknown].sort());
    expect(smtp.connections()).toBe(connectionsBefore);
    expect(smtp.to(unknown)).toEqual([]);
    // Both are in the security log.
    const logged = await t.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.type, 'password_reset_requested'));
    expect(logged.map((row) => row.subject)).toEqual(expect.arrayContaining([account.email, unknown]));

    // The worker sends them: a link for the account, a "no account here" notice for the stranger.
    resetLinkIn(await deliveredTo(account.email, 'Reset your CrewBase password'));
    const notice = await deliveredTo(unknown, 'CrewBase password reset: no account for this address');
    expect(notice.text).toContain(
      `Someone asked to reset the password of a CrewBase account for this address (${unknown}), but no CrewBase account uses it.`,
    );
    expect(notice.text).toContain('create an account at http://crewbase.test');
    expect(notice.text).not.toMatch(/reset-password\?token=/);
  });

  it('sends the link to the address the account holds, whatever letter case was typed', async () => {
    const account = newUser('case');
    await browser().register(account);
    expect((await askForReset(account.email.toUpperCase())).statusCode).toBe(200);
    expect(await outboxRowsTo(account.email.toUpperCase())).toEqual([]);
    resetLinkIn(await deliveredTo(account.email, 'Reset your CrewBase password'));
  });

  it(`queues at most ${RESET_MAILS_PER_HOUR} reset mails an hour for one address, known or not`, async () => {
    // An attacker asking from many networks to fill someone's mailbox.
    const account = newUser('flooded');
    await browser().register(account);
    const unknown = 'flooded-stranger@example.com';
    for (const email of [account.email, unknown]) {
      const answers = await Promise.all(
        Array.from({ length: RESET_MAILS_PER_HOUR + 3 }, () => askForReset(email)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      const rows = (await outboxRowsTo(email)).filter((row) => row.kind === 'password_reset');
      expect(rows).toHaveLength(RESET_MAILS_PER_HOUR);
    }
    // An hour later the address may ask again.
    await t.db.execute(
      sql`update mail_outbox set created_at = created_at - interval '61 minutes' where kind = 'password_reset'`,
    );
    await askForReset(unknown);
    expect((await outboxRowsTo(unknown)).filter((row) => row.kind === 'password_reset')).toHaveLength(
      RESET_MAILS_PER_HOUR + 1,
    );
  });

  it('refuses an expired token and leaves the password alone', async () => {
    const account = newUser('late');
    const b = browser();
    const { id } = (await b.register(account)).json();
    const token = randomToken();
    await t.db
      .insert(passwordResetTokens)
      .values({ tokenHash: hashToken(token), userId: id, expiresAt: new Date(Date.now() - 60_000) });
    const res = await browser().request('POST', '/api/password-reset/confirm', {
      body: { token, password: 'late-night-shoot-3' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(RESET_LINK_INVALID);
    expect((await browser().login(account.username, account.password)).statusCode).toBe(200);
  });

  it('refuses a common password for the new one', async () => {
    const res = await browser().request('POST', '/api/password-reset/confirm', {
      body: { token: 'whatever', password: 'iloveyou' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.password).toMatch(/too common/);
  });
});
