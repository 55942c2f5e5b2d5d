import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { providerPlaceholderEmail } from '#common/placeholder-email';
import { mailOutbox } from '#server/db/schema/index.ts';
import { newUser, TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { type ReceivedMail, startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { type SecurityNoticeKind, securityNotice } from './security-notices.ts';

let smtp: TestSmtp;
let t: TestApp;
let ipCounter = 0;
const browser = () => new TestBrowser(t.app, `10.47.0.${++ipCounter}`);

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url });
});

const codeFor = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret) });

/** Runs the outbox worker once and answers the mails `to` received with `subject`. */
async function deliveredTo(to: string, subject: string): Promise<ReceivedMail[]> {
  await t.app.deliverMail();
  return smtp.to(to).filter((mail) => mail.subject === subject);
}

async function signedUp() {
  const b = browser();
  const user = newUser('notice');
  expect((await b.register(user)).statusCode).toBe(201);
  return { b, user };
}

const HELLO = (username: string) => `Hello ${username},`;
const IF_NOT_YOU = 'If it was not you, someone else may know your password.';

describe('security notices by email', () => {
  it('tells the owner their password was changed, after the change and only once', async () => {
    const { b, user } = await signedUp();
    const changed = await b.request('POST', '/api/account/password', {
      body: { currentPassword: user.password, newPassword: 'a-fresh-clapper-41' },
    });
    expect(changed.statusCode).toBe(200);
    // Queued with the change; no SMTP inside the request.
    expect(smtp.to(user.email).some((mail) => mail.subject === 'Your CrewBase password was changed')).toBe(
      false,
    );

    const [mail, ...more] = await deliveredTo(user.email, 'Your CrewBase password was changed');
    expect(more).toEqual([]);
    expect(mail?.to).toEqual([user.email]);
    expect(mail?.text).toContain(HELLO(user.username));
    expect(mail?.text).toMatch(
      /The password of your CrewBase account was changed on \d+ \w+ \d{4} at \d\d:\d\d UTC\. Every other device that was signed in has been signed out\./,
    );
    expect(mail?.text).toContain(IF_NOT_YOU);
    expect(mail?.html).toMatch(/<p [^>]*>If it was you, there is nothing more to do\.<\/p>/);
    // No links at all, not even to the preferences (ADR 005), and no unsubscribe.
    expect(mail?.html).not.toMatch(/href=/);
    expect(mail?.headers['list-unsubscribe']).toBeUndefined();
  });

  it('sends nothing when the password change is refused', async () => {
    const { b, user } = await signedUp();
    const refused = await b.request('POST', '/api/account/password', {
      body: { currentPassword: 'not-the-password-1', newPassword: 'a-fresh-clapper-41' },
    });
    expect(refused.statusCode).toBe(400);
    const queued = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email));
    expect(queued.map((row) => row.kind)).not.toContain('security_notice:password_changed');
  });

  it('tells the owner when two-factor sign-in is turned on and when it is turned off', async () => {
    const { b, user } = await signedUp();
    const { secret } = (await b.request('POST', '/api/account/2fa/setup')).json();
    const on = await b.request('POST', '/api/account/2fa/enable', {
      body: { code: codeFor(secret), password: user.password },
    });
    expect(on.statusCode).toBe(200);
    const [onMail] = await deliveredTo(
      user.email,
      'Two-factor sign-in was turned on for your CrewBase account',
    );
    expect(onMail?.to).toEqual([user.email]);
    expect(onMail?.text).toContain('Two-factor sign-in was turned on for your CrewBase account on ');
    expect(onMail?.text).toContain('If it was you, keep your recovery codes somewhere safe.');

    const [recoveryCode] = on.json().recoveryCodes as string[];
    const off = await b.request('POST', '/api/account/2fa/disable', {
      body: { recoveryCode, password: user.password },
    });
    expect(off.statusCode).toBe(200);
    const [offMail] = await deliveredTo(
      user.email,
      'Two-factor sign-in was turned off for your CrewBase account',
    );
    expect(offMail?.text).toContain('Signing in now needs only the password.');
    expect(offMail?.text).toContain(IF_NOT_YOU);
  });

  it('writes every kind of notice in plain words, in the caller’s transaction', async () => {
    const user = { email: 'kinds@example.com', username: 'kinds_of_notice' };
    const at = new Date('2026-03-12T14:05:00Z');
    const expected: Record<SecurityNoticeKind, [string, string]> = {
      password_changed: [
        'Your CrewBase password was changed',
        'The password of your CrewBase account was changed',
      ],
      email_changed: [
        'Your CrewBase email address was changed',
        'The email address of your CrewBase account was changed on 12 March 2026 at 14:05 UTC. From now on, mail about the account goes to the new address, not to this one',
      ],
      two_factor_on: [
        'Two-factor sign-in was turned on for your CrewBase account',
        'Two-factor sign-in was turned on',
      ],
      two_factor_off: [
        'Two-factor sign-in was turned off for your CrewBase account',
        'Two-factor sign-in was turned off',
      ],
      new_device: [
        'New sign-in to your CrewBase account',
        'Your CrewBase account was signed in to from a device it had not seen before, on 12 March 2026 at 14:05 UTC: Firefox on Linux, from the network address 203.0.113.9.',
      ],
    };
    await t.db.transaction(async (tx) => {
      for (const kind of Object.keys(expected) as SecurityNoticeKind[]) {
        await securityNotice(tx, user, kind, { at, device: 'Firefox on Linux', ip: '203.0.113.9' });
      }
    });
    for (const [kind, [subject, sentence]] of Object.entries(expected)) {
      const [mail, ...more] = await deliveredTo(user.email, subject);
      expect(more, kind).toEqual([]);
      expect(mail?.text, kind).toContain(sentence);
      expect(mail?.text, kind).toContain(HELLO(user.username));
      expect(mail?.text, kind).not.toMatch(/https?:\/\//);
    }

    // A change that rolls back tells no one.
    await expect(
      t.db.transaction(async (tx) => {
        await securityNotice(tx, { ...user, email: 'rolled-back@example.com' }, 'password_changed');
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.app.deliverMail();
    expect(smtp.to('rolled-back@example.com')).toEqual([]);

    // A social sign-up's placeholder address is no one's mailbox.
    const placeholder = providerPlaceholderEmail('twitter', '12345');
    await securityNotice(t.db, { email: placeholder, username: 'bird' }, 'two_factor_on');
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, placeholder))).toEqual([]);
  });

  it('escapes what it quotes in the HTML part', async () => {
    const user = { email: 'escape@example.com', username: 'x' };
    await securityNotice(t.db, user, 'new_device', { device: '<script>alert(1)</script>' });
    const [mail] = await deliveredTo(user.email, 'New sign-in to your CrewBase account');
    expect(mail?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail?.html).not.toContain('<script>');
  });
});
