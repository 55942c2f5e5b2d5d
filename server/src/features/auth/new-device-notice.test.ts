import { beforeAll, describe, expect, it } from 'vitest';
import { newUser, TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { signInWithProvider } from './oauth.ts';

/** Issue 29: a sign-in from a browser the account has not seen before is told to its owner by email. */
const SUBJECT = 'New sign-in to your CrewBase account';
const FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0';

let smtp: TestSmtp;
let t: TestApp;
let network = 0;
const browser = (userAgent?: string) => {
  network += 1;
  return new TestBrowser(t.app, `10.63.0.${network}`, userAgent);
};

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url });
});

/** Sends what the outbox holds, then answers the new-device notices `to` has received so far. */
async function noticesTo(to: string) {
  await t.app.deliverMail();
  return smtp.to(to).filter((mail) => mail.subject === SUBJECT);
}

describe('the new-device notice', () => {
  it('is not sent for the sign-up, nor when the same browser signs in again', async () => {
    const input = newUser('notice');
    const b = browser();
    expect((await b.register(input)).statusCode).toBe(201);
    await b.logout();
    expect((await b.login(input.username, input.password)).statusCode).toBe(200);
    expect(await noticesTo(input.email)).toEqual([]);
  });

  it('is sent once when another browser signs in, naming it and its address; not again from it', async () => {
    const input = newUser('notice');
    await browser().register(input);
    const laptop = browser(FIREFOX);
    // A wrong password is no sign-in.
    expect((await laptop.login(input.username, 'not-the-password-1')).statusCode).toBe(401);
    expect(await noticesTo(input.email)).toEqual([]);

    expect((await laptop.login(input.username, input.password)).statusCode).toBe(200);
    const [notice, ...more] = await noticesTo(input.email);
    expect(more).toEqual([]);
    expect(notice?.to).toEqual([input.email]);
    expect(notice?.text).toContain(`Hello ${input.username},`);
    expect(notice?.text).toContain(`Firefox on macOS, from the network address ${laptop.ip}`);

    await laptop.logout();
    expect((await laptop.login(input.username, input.password)).statusCode).toBe(200);
    expect(await noticesTo(input.email)).toHaveLength(1);
  });

  it('is sent for a browser whose known-device cookie is forged or another account’s', async () => {
    const input = newUser('notice');
    const owner = browser();
    const id = (await owner.register(input)).json().id as number;
    const other = browser();
    await other.register(newUser('other'));

    const forged = browser();
    forged.cookies.set(t.config.cookies.knownDevice, `${id}.${'a'.repeat(43)}.${'b'.repeat(43)}`);
    expect((await forged.login(input.username, input.password)).statusCode).toBe(200);
    const borrowed = browser();
    borrowed.cookies.set(t.config.cookies.knownDevice, other.cookies.get(t.config.cookies.knownDevice) ?? '');
    expect((await borrowed.login(input.username, input.password)).statusCode).toBe(200);
    expect(await noticesTo(input.email)).toHaveLength(2);
  });

  it('covers a provider sign-in too: not for the account it creates, then for each new browser', async () => {
    const tag = newUser('google');
    const profile = {
      providerUserId: `google-${tag.username}`,
      email: tag.email,
      emailVerified: true,
      name: null,
      handle: tag.username,
    };
    const meta = { ip: '10.63.1.1', ipPrefix: '10.63.1.1', userAgent: FIREFOX };
    const fresh = { sessionToken: null, knownDevices: [] };
    const first = await signInWithProvider(t.app.db, 'google', profile, meta, t.config.publicUrl, fresh);
    expect(await noticesTo(tag.email)).toEqual([]);

    // The same browser again: its session is ended and replaced, and it is known by now.
    const again = await signInWithProvider(t.app.db, 'google', profile, meta, t.config.publicUrl, {
      sessionToken: first.session.token,
      knownDevices: [first.device],
    });
    expect(again.endedSessionId).not.toBeNull();
    expect(await noticesTo(tag.email)).toEqual([]);

    await signInWithProvider(t.app.db, 'google', profile, meta, t.config.publicUrl, fresh);
    expect(await noticesTo(tag.email)).toHaveLength(1);
  });
});
