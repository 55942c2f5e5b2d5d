import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLACEHOLDER_EMAIL_DOMAIN } from '#common/placeholder-email';
import { EMAIL_LINK_MESSAGES, EMAIL_VERIFICATION_SENT, RESERVED_EMAIL } from '#common/schemas/auth';
import { hashToken, randomToken } from '#server/crypto/tokens.ts';
import { emailLinks, mailOutbox, securityEvents, users } from '#server/db/schema/index.ts';
import { newUser, TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { VERIFICATION_RESENDS_PER_HOUR } from './email-verification.ts';
import { EMAIL_CHANGES_PER_HOUR } from './service.ts';

let t: TestApp;
let smtp: TestSmtp;
let ipCounter = 1;
const browser = () => new TestBrowser(t.app, `10.29.0.${ipCounter++}`);

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://crewbase.test' });
});

/** Sends what the outbox holds, then the token of the newest link mailed to `to`. */
async function linkMailedTo(to: string): Promise<string> {
  await t.app.deliverMail();
  const mail = smtp.to(to).at(-1);
  const match = /http:\/\/crewbase\.test\/verify-email\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no verification link mailed to ${to}`);
  return decodeURIComponent(match[1]);
}

/** A member signed up in a browser of their own, with the token of their sign-up link. */
async function signedUp(prefix: string) {
  const account = newUser(prefix);
  const b = browser();
  const res = await b.register(account);
  expect(res.statusCode).toBe(201);
  return { account, b, id: res.json().id as number, token: await linkMailedTo(account.email) };
}

const me = async (b: TestBrowser) => (await b.request('GET', '/api/auth/user')).json();
const verify = (b: TestBrowser, token: string) =>
  b.request('POST', '/api/account/email/verify', { body: { token } });
const resend = (b: TestBrowser) => b.request('POST', '/api/account/email/verification');
const outboxFor = (recipient: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));

describe('verified email', () => {
  it('mails a 24-hour link at sign-up; opening it signed in verifies the address, once', async () => {
    const { account, b, id, token } = await signedUp('newcomer');
    expect((await me(b)).emailVerified).toBe(false);

    const [mail] = smtp.to(account.email);
    expect(mail?.subject).toBe('Confirm your CrewBase email');
    // Only the hash is stored, and the link lives 24 hours.
    const [link] = await t.db.select().from(emailLinks).where(eq(emailLinks.userId, id));
    expect(link?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(link)).not.toContain(token);
    const hours = ((link?.expiresAt.getTime() ?? 0) - (link?.createdAt.getTime() ?? 0)) / 3_600_000;
    expect(hours).toBeCloseTo(24, 1);

    const ok = await verify(b, token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id, email: account.email, emailVerified: true });
    expect((await me(b)).emailVerified).toBe(true);
    expect((await b.request('GET', '/api/auth/me')).json().emailVerified).toBe(true);

    const again = await verify(b, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(EMAIL_LINK_MESSAGES.used);
  });

  it('needs the member signed in: a link opened signed out verifies nothing', async () => {
    const { b, token } = await signedUp('signedout');
    const res = await browser().request('POST', '/api/account/email/verify', { body: { token } });
    expect(res.statusCode).toBe(401);
    expect((await me(b)).emailVerified).toBe(false);
    expect((await verify(b, token)).statusCode).toBe(200);
  });

  it("refuses someone else's link and changes nothing, for either account", async () => {
    const victim = await signedUp('victim');
    const other = await signedUp('other');
    const res = await verify(other.b, victim.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(EMAIL_LINK_MESSAGES.otherAccount);
    expect((await me(other.b)).emailVerified).toBe(false);
    expect((await me(victim.b)).emailVerified).toBe(false);
    // The link still works for the member it was sent to.
    expect((await verify(victim.b, victim.token)).statusCode).toBe(200);
  });

  it('refuses an expired link and an unknown one, and the address stays unverified', async () => {
    const { b, id } = await signedUp('latecomer');
    const [account] = await t.db.select().from(users).where(eq(users.id, id));
    const token = randomToken();
    await t.db.insert(emailLinks).values({
      tokenHash: hashToken(token),
      userId: id,
      email: account?.email ?? '',
      reason: 'sign_up',
      expiresAt: new Date(Date.now() - 60_000),
    });
    const expired = await verify(b, token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.message).toBe(EMAIL_LINK_MESSAGES.expired);

    const unknown = await verify(b, randomToken());
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(EMAIL_LINK_MESSAGES.invalid);

    const empty = await verify(b, '');
    expect(empty.statusCode).toBe(400);
    expect((await me(b)).emailVerified).toBe(false);
  });

  it('sends a new link at most 3 times an hour, answering 202 every time', async () => {
    const { account, b } = await signedUp('resender');
    expect(await outboxFor(account.email)).toHaveLength(1);
    for (let sent = 1; sent <= VERIFICATION_RESENDS_PER_HOUR; sent++) {
      const res = await resend(b);
      expect(res.statusCode).toBe(202);
      expect(res.json().message).toBe(EMAIL_VERIFICATION_SENT);
      expect(await outboxFor(account.email)).toHaveLength(1 + sent);
    }
    const fourth = await resend(b);
    expect(fourth.statusCode).toBe(202);
    expect(fourth.json().message).toBe(EMAIL_VERIFICATION_SENT);
    expect(await outboxFor(account.email)).toHaveLength(1 + VERIFICATION_RESENDS_PER_HOUR);

    // The newest link works, like any other still unused.
    expect((await verify(b, await linkMailedTo(account.email))).statusCode).toBe(200);
  });

  it('answers 202 to a verified member and writes no mail; signed out it is 401', async () => {
    const { account, b, token } = await signedUp('already');
    await verify(b, token);
    const res = await resend(b);
    expect(res.statusCode).toBe(202);
    expect(await outboxFor(account.email)).toHaveLength(1);
    expect((await resend(browser())).statusCode).toBe(401);
  });

  it('resends run one at a time: 10 at once still write only 3 links', async () => {
    const { account, b } = await signedUp('burst');
    await b.token();
    const answers = await Promise.all(Array.from({ length: 10 }, () => resend(b)));
    expect(answers.every((res) => res.statusCode === 202)).toBe(true);
    expect(await outboxFor(account.email)).toHaveLength(1 + VERIFICATION_RESENDS_PER_HOUR);
  });

  it('refuses sign-up with an address of the placeholder domain', async () => {
    const res = await browser().register({
      ...newUser('squatter'),
      email: `twitter-12345@${PLACEHOLDER_EMAIL_DOMAIN}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.email).toBe(RESERVED_EMAIL);
  });
});

describe('changing the email', () => {
  const change = (b: TestBrowser, password: string, email: string) =>
    b.request('POST', '/api/account/email', { body: { currentPassword: password, email } });

  it('takes effect only when the link mailed to the new address is opened', async () => {
    const { account, b, id } = await signedUp('mover');
    const newAddress = `${account.username}.new@example.com`;
    const asked = await change(b, account.password, newAddress.toUpperCase());
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ id, email: account.email, pendingEmail: newAddress });
    expect((await me(b)).email).toBe(account.email);
    // Until then the old address still signs in, the new one does not.
    expect((await browser().login(newAddress, account.password)).statusCode).toBe(401);

    const token = await linkMailedTo(newAddress);
    expect(smtp.to(newAddress).at(-1)?.subject).toBe('Confirm your new CrewBase email');
    const noticeSubject = 'Your CrewBase email address was changed';
    expect(smtp.to(account.email).map((mail) => mail.subject)).not.toContain(noticeSubject);
    const opened = await verify(b, token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ email: newAddress, emailVerified: true });
    expect((await browser().login(newAddress, account.password)).statusCode).toBe(200);
    expect((await browser().login(account.email, account.password)).statusCode).toBe(401);
    // The old address is told; the new one hears nothing more.
    await t.app.deliverMail();
    expect(smtp.to(account.email).map((mail) => mail.subject)).toContain(noticeSubject);
    expect(smtp.to(newAddress).map((mail) => mail.subject)).not.toContain(noticeSubject);
    const logged = await t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, id), eq(securityEvents.type, 'email_changed')));
    expect(logged).toHaveLength(1);
  });

  it('refuses an address another account uses', async () => {
    const taken = await signedUp('taken');
    const { account, b } = await signedUp('switcher');
    const clash = await change(b, account.password, taken.account.email);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.fields.email).toBe('An account already uses that email');
    expect(await outboxFor(taken.account.email)).toHaveLength(1);
  });

  it('refuses a reserved address and the address the account already has', async () => {
    const { account, b } = await signedUp('samer');
    const reserved = await change(b, account.password, `released-1@${PLACEHOLDER_EMAIL_DOMAIN}`);
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().error.fields.email).toBe(RESERVED_EMAIL);
    expect((await change(b, account.password, account.email)).statusCode).toBe(400);
  });

  it('refuses the link when the address was taken meanwhile, and changes nothing', async () => {
    const { account, b, id } = await signedUp('slow');
    const wanted = `${account.username}.wanted@example.com`;
    expect((await change(b, account.password, wanted)).statusCode).toBe(200);
    const token = await linkMailedTo(wanted);
    const quicker = newUser('quicker');
    expect((await browser().register({ ...quicker, email: wanted })).statusCode).toBe(201);

    const opened = await verify(b, token);
    expect(opened.statusCode).toBe(409);
    expect(opened.json().error.message).toBe(EMAIL_LINK_MESSAGES.taken);
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row?.email).toBe(account.email);
    expect(row?.emailVerifiedAt).toBeNull();
    await t.app.deliverMail();
    expect(smtp.to(account.email).map((mail) => mail.subject)).toEqual(['Confirm your CrewBase email']);
  });

  it('keeps one new address waiting: an earlier request’s link stops working', async () => {
    const { account, b } = await signedUp('twice');
    const first = `${account.username}.first@example.com`;
    const second = `${account.username}.second@example.com`;
    await change(b, account.password, first);
    const firstToken = await linkMailedTo(first);
    await change(b, account.password, second);
    expect((await verify(b, firstToken)).statusCode).toBe(409);
    expect((await me(b)).email).toBe(account.email);
    expect((await verify(b, await linkMailedTo(second))).json().email).toBe(second);
  });

  it('a sign-up link for the old address proves nothing once the address changed', async () => {
    const { account, b, token } = await signedUp('oldlink');
    const next = `${account.username}.next@example.com`;
    await change(b, account.password, next);
    expect((await verify(b, await linkMailedTo(next))).statusCode).toBe(200);
    const stale = await verify(b, token);
    expect(stale.statusCode).toBe(409);
    expect((await me(b)).email).toBe(next);
  });

  it(`mails at most ${EMAIL_CHANGES_PER_HOUR} new addresses an hour`, async () => {
    const { account, b } = await signedUp('cannon');
    for (let i = 1; i <= EMAIL_CHANGES_PER_HOUR; i++) {
      expect(
        (await change(b, account.password, `stranger${i}.${account.username}@example.com`)).statusCode,
      ).toBe(200);
    }
    const refused = await change(b, account.password, `stranger-last.${account.username}@example.com`);
    expect(refused.statusCode).toBe(429);
    expect(await outboxFor(`stranger-last.${account.username}@example.com`)).toHaveLength(0);
  });
});
