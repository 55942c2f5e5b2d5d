import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_REQUESTED } from '#common/schemas/auth';
import { hashToken, randomToken } from '#server/crypto/tokens.ts';
import { passwordResetTokens, securityEvents } from '#server/db/schema/index.ts';
import { newUser, TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { RESET_LINK_INVALID } from './service.ts';

interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback: the app's mail goes through nodemailer and SMTP like in production. */
const inbox: ReceivedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    stream.on('end', () => {
      inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});

let t: TestApp;
let ipCounter = 1;
const browser = () => new TestBrowser(t.app, `10.5.0.${ipCounter++}`);

function resetLinkIn(mail: ReceivedMail | undefined): string {
  // Quoted-printable may wrap long lines with "=\r\n" and encode "=" as "=3D".
  const text = (mail?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /https?:\/\/\S+\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in mail:\n${text}`);
  return decodeURIComponent(match[1]);
}

async function waitForMail(to: string): Promise<ReceivedMail> {
  for (let i = 0; i < 100; i++) {
    const mail = inbox.find((m) => m.to.includes(to));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail reached ${to}`);
}

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'http://crewbase.test' });
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

describe('password reset', () => {
  it('mails a one-time link, sets the new password with it, and ends every session', async () => {
    const account = newUser('forgetful');
    const laptop = browser();
    await laptop.register(account);
    const phone = browser();
    expect((await phone.login(account.username, account.password)).statusCode).toBe(200);

    const asked = await browser().request('POST', '/api/password-reset/request', {
      body: { email: account.email },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe(PASSWORD_RESET_REQUESTED);
    const mail = await waitForMail(account.email);
    expect(mail.raw).toContain('Subject: Reset your CrewBase password');
    const token = resetLinkIn(mail);

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

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const before = inbox.length;
    const res = await browser().request('POST', '/api/password-reset/request', {
      body: { email: 'nobody@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PASSWORD_RESET_REQUESTED);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(inbox.length).toBe(before);
    const logged = await t.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.type, 'password_reset_requested'));
    expect(logged.some((row) => row.subject === 'nobody@example.com')).toBe(true);
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
