import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_MESSAGES, FORMER_MEMBER } from '#common/schemas/account-deletion';
import { TWO_FACTOR_MESSAGES } from '#common/schemas/admin';
import { INVALID_CREDENTIALS, WRONG_CURRENT_PASSWORD } from '#common/schemas/auth';
import {
  bookings,
  connections,
  crewSearch,
  experiences,
  messages,
  notifications,
  payments,
  securityEvents,
  sessions,
  subscriptions,
  teamMembers,
  userRoles,
  users,
} from '#server/db/schema/index.ts';
import { hashPassword } from '#server/features/auth/index.ts';
import { member, roleIdNamed } from '#server/features/notifications/test-support.ts';
import { createStorage } from '#server/uploads/storage.ts';
import { newUser, TestBrowser } from '../../../test/client.ts';
import { clientShellDist, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { eraseDueAccounts } from './deletion-service.ts';

/**
 * Issue 33, ADR 026: "Delete my account". Signed out everywhere and hidden at once, what waits for
 * an answer withdrawn, restorable by signing in for 14 days, then erased by the sweep; the reviews
 * the member wrote stay as "Former member", payments and invoices stay.
 */
let t: TestApp;
let gafferRole: number;
const PASSWORD = 'grip-truck-dolly-42';
const DAY = 86_400_000;
beforeAll(async () => {
  t = await createTestApp(await clientShellDist());
  gafferRole = await roleIdNamed(t.app, 'Gaffer');
});

let ipCounter = 0;
const anotherDevice = () => {
  ipCounter += 1;
  return new TestBrowser(t.app, `10.91.0.${ipCounter}`);
};

/** A member with a password, a name, a role (so in search) and an experience. */
async function crew(options: { premium?: boolean } = {}) {
  const m = await member(t.db, t.app, options);
  const name = `Deletable ${m.username}`;
  await t.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD), displayName: name, bio: 'Gaffer on night exteriors.' })
    .where(eq(users.id, m.id));
  await t.db.insert(userRoles).values({ userId: m.id, roleId: gafferRole, position: 0 });
  await t.db
    .insert(experiences)
    .values({ userId: m.id, title: 'Gaffer', projectName: 'Night Shift', position: 0 });
  return { ...m, name };
}

const deleteAccount = (b: TestBrowser, body: Record<string, unknown>, csrf?: boolean | string) =>
  b.request('DELETE', '/api/account', { body, ...(csrf === undefined ? {} : { csrf }) });

const row = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const signedIn = async (b: TestBrowser) => (await b.request('GET', '/api/auth/me')).statusCode === 200;
const profileStatus = async (id: number, b?: TestBrowser) =>
  (b
    ? await b.request('GET', `/api/users/${id}`)
    : await t.app.inject({ method: 'GET', url: `/api/users/${id}` })
  ).statusCode;
const inSearch = async (id: number) =>
  (await t.db.select().from(crewSearch).where(eq(crewSearch.userId, id))).length > 0;
const login = (b: TestBrowser, login: string, password = PASSWORD) => b.login(login, password);

describe('DELETE /api/account: who may, and what is refused', { timeout: 90_000 }, () => {
  it('needs a session and the CSRF token; a forged token or none changes nothing', async () => {
    const m = await crew();
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/account', payload: { password: PASSWORD } }))
        .statusCode,
    ).toBe(403);
    const stranger = anotherDevice();
    expect((await deleteAccount(stranger, { password: PASSWORD })).statusCode).toBe(401);
    expect((await deleteAccount(m.browser, { password: PASSWORD }, false)).statusCode).toBe(403);
    expect((await deleteAccount(m.browser, { password: PASSWORD }, 'forged-token')).statusCode).toBe(403);
    // Another member's CSRF token with my cookie: still refused.
    const other = await crew();
    const theirToken = await other.browser.token();
    expect((await deleteAccount(m.browser, { password: PASSWORD }, theirToken)).statusCode).toBe(403);
    expect((await row(m.id))?.deletedAt).toBeNull();
    expect(await signedIn(m.browser)).toBe(true);
  });

  it('refuses a wrong, missing or huge password on its field, and changes nothing', async () => {
    const m = await crew();
    const wrong = await deleteAccount(m.browser, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      message: WRONG_CURRENT_PASSWORD,
      fields: { password: WRONG_CURRENT_PASSWORD },
    });
    expect(typeof wrong.json().error.timestamp).toBe('string');
    expect((await deleteAccount(m.browser, {})).json().error.fields).toHaveProperty('password');
    expect((await deleteAccount(m.browser, { password: 'x'.repeat(100_000) })).statusCode).toBe(400);
    expect((await row(m.id))?.deletedAt).toBeNull();
    expect(await profileStatus(m.id)).toBe(200);
    expect(await signedIn(m.browser)).toBe(true);
  });

  it('asks a two-factor account for its code: none or a wrong one changes nothing', async () => {
    const b = anotherDevice();
    const user = newUser('deltotp');
    expect((await b.register(user)).statusCode).toBe(201);
    const { secret } = (await b.request('POST', '/api/account/2fa/setup')).json();
    const codeFor = (offset: number) =>
      TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offset * 30_000 });
    expect(
      (
        await b.request('POST', '/api/account/2fa/enable', {
          body: { code: codeFor(0), password: user.password },
        })
      ).statusCode,
    ).toBe(200);
    // Enabling two-factor ended other sessions, not this one.
    const id = (await b.request('GET', '/api/auth/me')).json().id as number;
    const noCode = await deleteAccount(b, { password: user.password });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.fields).toEqual({ code: TWO_FACTOR_MESSAGES.codeRequired });
    const wrongCode = await deleteAccount(b, { password: user.password, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error.fields).toEqual({ code: TWO_FACTOR_MESSAGES.wrongCode });
    expect((await row(id))?.deletedAt).toBeNull();
    const done = await deleteAccount(b, { password: user.password, code: codeFor(1) });
    expect(done.statusCode, done.body).toBe(200);
    // Restoring asks for a code too: the offer says so, and the token alone is not enough.
    const device = anotherDevice();
    const offer = (await login(device, user.username, user.password)).json();
    expect(offer).toMatchObject({ restoreRequired: true, codeRequired: true });
    const bare = await device.request('POST', '/api/account/restore', {
      body: { restoreToken: offer.restoreToken },
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.fields).toEqual({ code: TWO_FACTOR_MESSAGES.codeRequired });
    await t.db.update(users).set({ totpLastStep: null }).where(eq(users.id, id));
    const restored = await device.request('POST', '/api/account/restore', {
      body: { restoreToken: offer.restoreToken, code: codeFor(0) },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await row(id))?.deletedAt).toBeNull();
  });

  it('deletes once when asked twice at once', async () => {
    const m = await crew();
    const [a, b] = await Promise.all([
      deleteAccount(m.browser, { password: PASSWORD }),
      deleteAccount(m.browser, { password: PASSWORD }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0]).toBe(200);
    // The second waited for the first: already deleted (409), or its session already gone (401).
    expect([401, 409]).toContain(codes[1]);
    const events = await t.db
      .select()
      .from(securityEvents)
      .where(sql`${securityEvents.userId} = ${m.id} and ${securityEvents.type} = 'account_deleted'`);
    expect(events).toHaveLength(1);
  });
});

describe('what deleting does at once', { timeout: 90_000 }, () => {
  it('signs out every device, hides the profile (cached or not) and takes it out of search and the sitemap', async () => {
    const m = await crew();
    const phone = anotherDevice();
    expect((await login(phone, m.username)).statusCode).toBe(200);
    const viewer = await crew();
    // Cached before the deletion, by visitors and members.
    expect(await profileStatus(m.id)).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/profile/${m.id}` })).statusCode).toBe(200);
    expect(await inSearch(m.id)).toBe(true);

    const done = await deleteAccount(m.browser, { password: PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    const eraseAfter = Date.parse(done.json().eraseAfter);
    expect(Math.abs(eraseAfter - (Date.now() + 14 * DAY))).toBeLessThan(60_000);
    expect(done.headers['set-cookie']).toBeDefined();

    expect(await signedIn(m.browser)).toBe(false);
    expect(await signedIn(phone)).toBe(false);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, m.id))).toEqual([]);
    expect(await profileStatus(m.id)).toBe(404);
    expect(await profileStatus(m.id, viewer.browser)).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: `/profile/${m.id}` });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain(m.name);
    expect(await inSearch(m.id)).toBe(false);
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent(m.username)}`,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().results.map((r: { id: number }) => r.id)).not.toContain(m.id);
    const browse = await t.app.inject({
      method: 'GET',
      url: `/api/browse/crew?roleId=${gafferRole}&limit=100`,
    });
    expect(JSON.stringify(browse.json())).not.toContain(m.name);
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain(`/profile/${viewer.id}<`);
    expect(sitemap.body).not.toContain(`/profile/${m.id}<`);
    // An edit that touches the index does not bring it back.
    await t.db
      .insert(userRoles)
      .values({ userId: m.id, roleId: (await roleIdNamed(t.app, 'Editor')) ?? gafferRole, position: 1 });
    expect(await inSearch(m.id)).toBe(false);
    // Nobody can start anything new with them.
    const message = await viewer.browser.request('POST', '/api/conversations', {
      body: { userId: m.id, body: 'Hi' },
    });
    expect(message.statusCode).toBe(404);
  });

  it('withdraws requests, holds, invitations and connection requests both ways, and stops Premium renewing', async () => {
    const m = await crew({ premium: true });
    const producer = await crew({ premium: true });
    const otherCrew = await crew();
    const days = {
      startDate: '2027-11-02',
      endDate: '2027-11-03',
      rate: 50000,
      currency: 'usd',
      roleId: gafferRole,
    };
    const toMe = await producer.browser.request('POST', '/api/bookings', { body: { crewId: m.id, ...days } });
    expect(toMe.statusCode, toMe.body).toBe(201);
    const mine = await m.browser.request('POST', '/api/bookings', {
      body: { crewId: otherCrew.id, ...days, hold: 'first' },
    });
    expect(mine.statusCode, mine.body).toBe(201);
    // An accepted booking stands: it is a hire both sides agreed to.
    const agreed = await producer.browser.request('POST', '/api/bookings', {
      body: { crewId: m.id, ...days, startDate: '2027-12-01', endDate: '2027-12-01' },
    });
    expect(
      (await m.browser.request('POST', `/api/bookings/${agreed.json().id}/accept`, { body: {} })).statusCode,
    ).toBe(200);
    expect(
      (await producer.browser.request('POST', '/api/connections', { body: { userId: m.id } })).statusCode,
    ).toBeLessThan(300);
    expect(
      (await m.browser.request('POST', '/api/connections', { body: { userId: otherCrew.id } })).statusCode,
    ).toBeLessThan(300);
    const team = (
      await m.browser.request('POST', '/api/teams', { body: { name: 'Deleted Owner Team' } })
    ).json();
    const position = await m.browser.request('POST', `/api/teams/${team.id}/positions`, {
      body: { roleId: gafferRole },
    });
    const invite = await m.browser.request('POST', `/api/teams/${team.id}/invites`, {
      body: { userId: otherCrew.id, positionId: position.json().id },
    });
    expect(invite.statusCode, invite.body).toBeLessThan(300);

    expect((await deleteAccount(m.browser, { password: PASSWORD })).statusCode).toBe(200);

    const status = async (id: number) =>
      (await t.db.select({ s: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]?.s;
    expect(await status(toMe.json().id)).toBe('cancelled');
    expect(await status(mine.json().id)).toBe('cancelled');
    expect(await status(agreed.json().id)).toBe('accepted');
    const titles = async (id: number) =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, id))).map((n) => n.message);
    expect((await titles(producer.id)).some((text) => text.includes('closed their CrewBase account'))).toBe(
      true,
    );
    expect((await titles(otherCrew.id)).some((text) => text.includes('closed their CrewBase account'))).toBe(
      true,
    );
    // The withdrawn asks are gone from the other side's notifications.
    const asks = await t.db
      .select()
      .from(notifications)
      .where(
        sql`${notifications.userId} = ${otherCrew.id} and ${notifications.type} in ('team_invite', 'connection_request')`,
      );
    expect(asks).toEqual([]);
    expect(
      await t.db
        .select()
        .from(connections)
        .where(sql`${connections.requesterId} = ${m.id} or ${connections.addresseeId} = ${m.id}`),
    ).toEqual([]);
    expect(await t.db.select().from(teamMembers).where(eq(teamMembers.userId, otherCrew.id))).toEqual([]);
    const [subscription] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, m.id));
    expect(subscription?.cancelAtPeriodEnd).toBe(true);
  });
});

describe('restoring within 14 days, erasure after', { timeout: 90_000 }, () => {
  /** A deleted member who wrote a review, sent a message and paid for Premium (demo checkout). */
  async function deletedWithHistory() {
    const m = await crew();
    const checkout = await m.browser.request('POST', '/api/subscription/checkout', {
      body: { plan: 'monthly' },
    });
    const session = new URL(checkout.json().url, 'http://localhost').searchParams.get('session');
    expect(
      (await m.browser.request('POST', '/api/subscription/demo/complete', { body: { session } })).statusCode,
    ).toBe(200);
    const subject = await crew();
    const review = await m.browser.request('POST', `/api/users/${subject.id}/reviews`, {
      body: { rating: 4, text: 'Calm, quick and kind on a long night exterior.', projectName: 'Night Shift' },
    });
    expect(review.statusCode, review.body).toBe(201);
    const sent = await m.browser.request('POST', '/api/conversations', {
      body: { userId: subject.id, body: 'My private phone is 555-0100' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const reply = await subject.browser.request(
      'POST',
      `/api/conversations/${sent.json().conversation.id}/messages`,
      {
        body: { body: 'Thanks, talk soon' },
      },
    );
    expect(reply.statusCode).toBe(201);
    const deleted = await deleteAccount(m.browser, { password: PASSWORD });
    expect(deleted.statusCode).toBe(200);
    return { m, subject, conversationId: sent.json().conversation.id as number, deletedAt: Date.now() };
  }
  const media = () => createStorage(t.config.storage);

  it('offers "Restore my account" to the right password, and restores it: signed in, profile and search back', async () => {
    const { m } = await deletedWithHistory();
    const device = anotherDevice();
    // A wrong password is the usual answer: nothing says the account exists.
    const wrong = await login(device, m.username, 'wrong-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(INVALID_CREDENTIALS);
    const offered = await login(device, m.username);
    expect(offered.statusCode).toBe(200);
    const offer = offered.json();
    expect(offer).toMatchObject({ restoreRequired: true, codeRequired: false });
    expect(typeof offer.restoreToken).toBe('string');
    expect(Date.parse(offer.eraseAfter)).toBeGreaterThan(Date.now() + 13 * DAY);
    // Not signed in by the offer.
    expect(await signedIn(device)).toBe(false);
    // A forged token, or none, restores nothing.
    const forged = await device.request('POST', '/api/account/restore', { body: { restoreToken: 'forged' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.message).toBe(ACCOUNT_DELETION_MESSAGES.restoreExpired);
    expect((await device.request('POST', '/api/account/restore', { body: {} })).statusCode).toBe(400);
    expect((await row(m.id))?.deletedAt).not.toBeNull();

    const restored = await device.request('POST', '/api/account/restore', {
      body: { restoreToken: offer.restoreToken },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().id).toBe(m.id);
    device.forgetCsrfToken();
    expect(await signedIn(device)).toBe(true);
    expect((await row(m.id))?.deletedAt).toBeNull();
    expect(await profileStatus(m.id)).toBe(200);
    expect(await inSearch(m.id)).toBe(true);
    // The token is spent.
    const again = await anotherDevice().request('POST', '/api/account/restore', {
      body: { restoreToken: offer.restoreToken },
    });
    expect(again.statusCode).toBe(401);
  });

  it('is still restorable on day 13; erased after day 14: sign-in is refused, personal data gone, reviews as "Former member", payments kept', async () => {
    const { m, subject, conversationId, deletedAt } = await deletedWithHistory();
    const paymentsBefore = await t.db.select().from(payments).where(eq(payments.userId, m.id));
    expect(paymentsBefore.length).toBeGreaterThan(0);

    expect(await eraseDueAccounts(t.db, media(), new Date(deletedAt + 13 * DAY))).not.toContain(m.id);
    expect((await row(m.id))?.erasedAt).toBeNull();
    expect((await login(anotherDevice(), m.username)).json().restoreRequired).toBe(true);
    // During the 14 days a review they wrote already shows no name or link.
    const during = (await t.app.inject({ method: 'GET', url: `/api/users/${subject.id}/reviews` })).json();
    expect(during.reviews[0].reviewer).toMatchObject({
      formerMember: true,
      displayName: FORMER_MEMBER,
      profileImage: null,
    });

    const pendingOffer = (await login(anotherDevice(), m.username)).json();
    const erased = await eraseDueAccounts(t.db, media(), new Date(deletedAt + 14 * DAY + 60_000));
    expect(erased).toContain(m.id);
    // A second sweep finds nothing more to do.
    expect(await eraseDueAccounts(t.db, media(), new Date(deletedAt + 15 * DAY))).not.toContain(m.id);

    const tomb = await row(m.id);
    expect(tomb).toMatchObject({
      displayName: FORMER_MEMBER,
      passwordHash: null,
      bio: null,
      location: null,
      contactInfo: null,
      profileImage: null,
      totpSecret: null,
    });
    expect(tomb?.username).not.toBe(m.username);
    expect(tomb?.email).not.toContain(m.username);
    expect(tomb?.erasedAt).not.toBeNull();
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, m.id))).toEqual([]);
    expect(await t.db.select().from(experiences).where(eq(experiences.userId, m.id))).toEqual([]);
    expect(await t.db.select().from(securityEvents).where(eq(securityEvents.userId, m.id))).toEqual([]);

    // Sign-in is the usual wrong-credentials answer, by username or e-mail; the old offer is gone.
    for (const name of [m.username, `${m.username}@example.com`]) {
      const refused = await login(anotherDevice(), name);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error.message).toBe(INVALID_CREDENTIALS);
    }
    const late = await anotherDevice().request('POST', '/api/account/restore', {
      body: { restoreToken: pendingOffer.restoreToken },
    });
    expect(late.statusCode).toBe(401);
    expect(await profileStatus(m.id)).toBe(404);

    // The review stays, by "Former member", text and rating kept; the profile's page says so too.
    const reviews = (await t.app.inject({ method: 'GET', url: `/api/users/${subject.id}/reviews` })).json()
      .reviews;
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({ rating: 4, text: 'Calm, quick and kind on a long night exterior.' });
    expect(reviews[0].reviewer).toMatchObject({
      formerMember: true,
      displayName: FORMER_MEMBER,
      username: FORMER_MEMBER,
    });
    expect(JSON.stringify(reviews)).not.toContain(m.username);

    // The other side's conversation keeps working: their own words stay, the erased member's go.
    const thread = (
      await subject.browser.request('GET', `/api/conversations/${conversationId}/messages`)
    ).json();
    const bodies = thread.messages.map((msg: { body: string }) => msg.body);
    expect(bodies).toContain('Thanks, talk soon');
    expect(JSON.stringify(bodies)).not.toContain('555-0100');
    expect(
      (await t.db.select().from(messages).where(eq(messages.senderId, m.id))).every(
        (msg) => msg.body !== 'My private phone is 555-0100',
      ),
    ).toBe(true);

    // Payments and invoices are kept, with their invoice snapshot, tied only to the tombstone.
    const paymentsAfter = await t.db.select().from(payments).where(eq(payments.userId, m.id));
    expect(paymentsAfter.map((p) => [p.id, p.amount, p.invoiceNumber])).toEqual(
      paymentsBefore.map((p) => [p.id, p.amount, p.invoiceNumber]),
    );
  });
});
