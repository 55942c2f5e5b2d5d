import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_EMAIL_PREFERENCES,
  EMAIL_CATEGORIES,
  EMAIL_PREFERENCE_KEYS,
  type EmailCategory,
} from '#common/policies/email';
import { allPreferencesSchema, UNSUBSCRIBE_MESSAGES } from '#common/schemas/email-preferences';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '#common/schemas/notifications';
import { notificationPreferences, users } from '#server/db/schema/index.ts';
import { TOO_MANY_REQUESTS } from '#server/plugins/rate-limit.ts';
import type { TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { emailWanted, emailWantedSql, preferencesUrl, unsubscribeUrl } from './index.ts';
import { member } from './test-support.ts';
import {
  deriveUnsubscribeKey,
  signUnsubscribeToken,
  UNSUBSCRIBE_TOKEN_VERSION,
  verifyUnsubscribeToken,
} from './unsubscribe-token.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

// Issue 36: the call_match opt-in is off until the member turns it on.
const ALL_DEFAULTS = {
  ...DEFAULT_NOTIFICATION_PREFERENCES,
  ...DEFAULT_EMAIL_PREFERENCES,
  call_match_notifications: false,
};

async function verifiedMember(options: { verified?: boolean } = {}) {
  const m = await member(t.db, t.app);
  if (options.verified !== false) {
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, m.id));
  }
  const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, m.id));
  return { ...m, email: row?.email ?? '' };
}

const preferencesOf = async (m: { browser: TestBrowser }) =>
  allPreferencesSchema
    .strict()
    .parse((await m.browser.request('GET', '/api/notifications/preferences')).json());

const preferenceRow = async (userId: number) =>
  (await t.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)))[0] ??
  null;

const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';

/** The one-click POST as a mail provider sends it: no cookie, no CSRF token, RFC 8058's body. */
function oneClick(app: FastifyInstance, url: string, remoteAddress = '10.99.0.1') {
  const { pathname, search } = new URL(url);
  return app.inject({
    method: 'POST',
    url: `${pathname}${search}`,
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
}

describe('GET and PATCH /api/notifications/preferences: the e-mail keys', () => {
  it('answer SPEC’s five keys and the seven e-mail keys, with their defaults, without a saved row', async () => {
    const me = await verifiedMember();
    expect(await preferencesOf(me)).toEqual(ALL_DEFAULTS);
    expect(ALL_DEFAULTS.email_product_news).toBe(false);
    expect(ALL_DEFAULTS.email_daily_digest).toBe(false);
    expect(ALL_DEFAULTS.email_booking_notifications).toBe(true);
  });

  it('PATCH changes only what it names, e-mail keys and SPEC keys alike, and it is kept', async () => {
    const me = await verifiedMember();
    const res = await me.browser.request('PATCH', '/api/notifications/preferences', {
      body: { email_message_notifications: false, email_daily_digest: true, review_notifications: false },
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      ...ALL_DEFAULTS,
      email_message_notifications: false,
      email_daily_digest: true,
      review_notifications: false,
    };
    expect(res.json()).toEqual(expected);
    expect(await preferencesOf(me)).toEqual(expected);
    await me.browser.request('PATCH', '/api/notifications/preferences', {
      body: { email_product_news: true },
    });
    expect(await preferencesOf(me)).toEqual({ ...expected, email_product_news: true });
  });

  it('refuses an e-mail preference that is not a boolean, and changes nothing', async () => {
    const me = await verifiedMember();
    const res = await me.browser.request('PATCH', '/api/notifications/preferences', {
      body: { email_booking_notifications: 'no', email_team_notifications: false },
    });
    expect(res.statusCode).toBe(400);
    expect(await preferencesOf(me)).toEqual(ALL_DEFAULTS);
  });
});

describe('emailWanted', () => {
  it('a verified member with no saved choice: every category but product news, single mails', async () => {
    const me = await verifiedMember();
    for (const category of EMAIL_CATEGORIES) {
      expect(await emailWanted(t.db, me.id, category), category).toEqual(
        category === 'product_news' ? null : { to: me.email, digest: false },
      );
    }
  });

  it('null for an unverified address, whatever the preferences', async () => {
    const me = await verifiedMember({ verified: false });
    await me.browser.request('PATCH', '/api/notifications/preferences', {
      body: { email_product_news: true },
    });
    for (const category of EMAIL_CATEGORIES) expect(await emailWanted(t.db, me.id, category)).toBeNull();
  });

  it('null for a suspended member', async () => {
    const me = await verifiedMember();
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, me.id));
    expect(await emailWanted(t.db, me.id, 'bookings')).toBeNull();
  });

  it('null for a category turned off; digest says whether the daily digest was chosen', async () => {
    const me = await verifiedMember();
    await me.browser.request('PATCH', '/api/notifications/preferences', {
      body: { email_team_notifications: false, email_daily_digest: true, email_product_news: true },
    });
    expect(await emailWanted(t.db, me.id, 'teams')).toBeNull();
    expect(await emailWanted(t.db, me.id, 'bookings')).toEqual({ to: me.email, digest: true });
    expect(await emailWanted(t.db, me.id, 'product_news')).toEqual({ to: me.email, digest: true });
  });

  it('null for a member who does not exist', async () => {
    expect(await emailWanted(t.db, 2_000_000_000, 'bookings')).toBeNull();
  });

  it('emailWantedSql is the same rule inside one statement, on a column of the outer query', async () => {
    const [on, off, unverified] = [
      await verifiedMember(),
      await verifiedMember(),
      await verifiedMember({ verified: false }),
    ];
    await off.browser.request('PATCH', '/api/notifications/preferences', {
      body: { email_review_notifications: false },
    });
    const ids = [on.id, off.id, unverified.id];
    const result = await t.db.execute<{ id: number }>(sql`
      select x.id from unnest(${`{${ids.join(',')}}`}::int[]) as x(id)
      where ${emailWantedSql(sql`x.id`, 'reviews')}`);
    expect(result.rows.map((r) => r.id)).toEqual([on.id]);
  });
});

describe('unsubscribe tokens', () => {
  const key = deriveUnsubscribeKey('a-secret');

  it('name one member and one category, and read back only with the same key', () => {
    const token = signUnsubscribeToken(key, 42, 'teams');
    expect(token.startsWith(`${UNSUBSCRIBE_TOKEN_VERSION}.42.teams.`)).toBe(true);
    expect(verifyUnsubscribeToken(key, token)).toEqual({ userId: 42, category: 'teams' });
    expect(verifyUnsubscribeToken(deriveUnsubscribeKey('another-secret'), token)).toBeNull();
  });

  it('are not the session secret’s HMAC: the key is derived for this use only', () => {
    expect(deriveUnsubscribeKey('a-secret').toString('hex')).not.toBe(
      Buffer.from('a-secret').toString('hex'),
    );
    expect(deriveUnsubscribeKey('a-secret')).toHaveLength(32);
  });

  it.each([
    ['empty', ''],
    ['undefined', undefined],
    ['another version', signUnsubscribeToken(key, 42, 'teams').replace(/^v1/, 'v2')],
    ['an unknown category', 'v1.42.spam.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['a zero id', signUnsubscribeToken(key, 42, 'teams').replace('.42.', '.0.')],
    ['a huge id', 'v1.99999999999.teams.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['extra parts', `${signUnsubscribeToken(key, 42, 'teams')}.x`],
    ['a short mac', signUnsubscribeToken(key, 42, 'teams').slice(0, -1)],
  ])('refuse %s', (_, token) => {
    expect(verifyUnsubscribeToken(key, token)).toBeNull();
  });
});

describe('unsubscribeUrl and preferencesUrl', () => {
  it('are absolute to PUBLIC_URL', () => {
    const url = unsubscribeUrl(t.config.publicUrl, 7, 'payments');
    expect(url.startsWith(`${t.config.publicUrl.origin}/api/email/unsubscribe?token=v1.7.payments.`)).toBe(
      true,
    );
    expect(preferencesUrl(new URL('https://crew.example'))).toBe(
      'https://crew.example/notifications?tab=preferences',
    );
  });
});

describe('POST /api/email/unsubscribe (RFC 8058 one-click)', () => {
  it('without session or CSRF token turns that category off for that member, answers 200, and again 200', async () => {
    const me = await verifiedMember();
    const other = await verifiedMember();
    const url = unsubscribeUrl(t.config.publicUrl, me.id, 'bookings');
    const res = await oneClick(t.app, url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ category: 'bookings', unsubscribed: true });
    expect(await preferencesOf(me)).toEqual({ ...ALL_DEFAULTS, email_booking_notifications: false });
    expect(await emailWanted(t.db, me.id, 'bookings')).toBeNull();
    expect(await emailWanted(t.db, me.id, 'messages')).not.toBeNull();
    // Idempotent: the second click changes nothing and still answers 200.
    expect((await oneClick(t.app, url)).statusCode).toBe(200);
    expect(await preferencesOf(me)).toEqual({ ...ALL_DEFAULTS, email_booking_notifications: false });
    expect(await preferencesOf(other)).toEqual(ALL_DEFAULTS);
  });

  it('keeps the other preferences a member saved', async () => {
    const me = await verifiedMember();
    await me.browser.request('PATCH', '/api/notifications/preferences', {
      body: { email_daily_digest: true, browser_notifications: false },
    });
    expect((await oneClick(t.app, unsubscribeUrl(t.config.publicUrl, me.id, 'messages'))).statusCode).toBe(
      200,
    );
    expect(await preferencesOf(me)).toEqual({
      ...ALL_DEFAULTS,
      email_daily_digest: true,
      browser_notifications: false,
      email_message_notifications: false,
    });
  });

  it('accepts an empty body, a multipart body and a session of someone else alike (the token decides)', async () => {
    const me = await verifiedMember();
    const someoneElse = await verifiedMember();
    const { pathname, search } = new URL(unsubscribeUrl(t.config.publicUrl, me.id, 'teams'));
    const empty = await t.app.inject({
      method: 'POST',
      url: `${pathname}${search}`,
      remoteAddress: '10.99.0.2',
    });
    expect(empty.statusCode).toBe(200);
    const multipart = await t.app.inject({
      method: 'POST',
      url: `${pathname}${search}`,
      remoteAddress: '10.99.0.2',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.statusCode).toBe(200);
    const withSession = await someoneElse.browser.request('POST', `${pathname}${search}`, {
      csrf: false,
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(withSession.statusCode).toBe(200);
    expect((await preferencesOf(me)).email_team_notifications).toBe(false);
    expect(await preferencesOf(someoneElse)).toEqual(ALL_DEFAULTS);
  });

  /** Every way to change a real link: each is refused with 400 and the same message; nothing changes. */
  it('refuses a link altered to another member, another category, or by one flipped byte', async () => {
    const me = await verifiedMember();
    const victim = await verifiedMember();
    const mine = tokenOf(unsubscribeUrl(t.config.publicUrl, me.id, 'bookings'));
    const [version, , category, mac = ''] = mine.split('.');
    const flip = (s: string, at: number) => `${s.slice(0, at)}${s[at] === 'A' ? 'B' : 'A'}${s.slice(at + 1)}`;
    const forged: [string, string][] = [
      ['another member’s id', `${version}.${victim.id}.${category}.${mac}`],
      ['another category', `${version}.${me.id}.messages.${mac}`],
      ['a flipped byte of the mac', `${version}.${me.id}.${category}.${flip(mac, 10)}`],
      ['a flipped last byte', `${version}.${me.id}.${category}.${flip(mac, mac.length - 1)}`],
      ['no token', ''],
      [
        'a signature made with another secret',
        signUnsubscribeToken(deriveUnsubscribeKey('guess'), victim.id, 'bookings'),
      ],
    ];
    for (const [what, token] of forged) {
      const url = `/api/email/unsubscribe${token ? `?token=${encodeURIComponent(token)}` : ''}`;
      const res = await oneClick(t.app, `http://x${url}`);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().error.message, what).toBe(UNSUBSCRIBE_MESSAGES.invalidToken);
      const page = await t.app.inject({ method: 'GET', url, remoteAddress: '10.99.0.3' });
      expect(page.statusCode, what).toBe(400);
      expect(page.body, what).toContain('This link does not work');
    }
    expect(await preferenceRow(me.id)).toBeNull();
    expect(await preferenceRow(victim.id)).toBeNull();
    expect(await preferencesOf(victim)).toEqual(ALL_DEFAULTS);
  });

  it('a link of a member deleted since is answered as done, and writes nothing', async () => {
    const res = await oneClick(t.app, unsubscribeUrl(t.config.publicUrl, 2_000_000_001, 'bookings'));
    expect(res.statusCode).toBe(200);
    expect(await preferenceRow(2_000_000_001)).toBeNull();
  });

  it('is rate-limited per network, apart from the session-bound write limit', async () => {
    const url = unsubscribeUrl(t.config.publicUrl, 2_000_000_002, 'teams');
    let status = 0;
    let sent = 0;
    while (status !== 429 && sent < 400) {
      status = (await oneClick(t.app, url, '10.98.0.1')).statusCode;
      sent += 1;
    }
    expect(status).toBe(429);
    // More than the 60 writes a minute a member gets: a provider's burst is not refused.
    expect(sent).toBeGreaterThan(60);
    const refused = await oneClick(t.app, url, '10.98.0.1');
    expect(refused.json()).toMatchObject({ message: TOO_MANY_REQUESTS });
    // Another network is not affected.
    expect((await oneClick(t.app, url, '10.97.0.1')).statusCode).toBe(200);
  });
});

describe('GET /api/email/unsubscribe (the confirmation page) and the way back', () => {
  it.each(EMAIL_CATEGORIES.map((c) => [c] as [EmailCategory]))(
    '%s: turns it off and says which mail, links to all preferences, offers it back',
    async (category) => {
      const me = await verifiedMember();
      if (category === 'product_news') {
        await me.browser.request('PATCH', '/api/notifications/preferences', {
          body: { email_product_news: true },
        });
      }
      const url = new URL(unsubscribeUrl(t.config.publicUrl, me.id, category));
      const res = await t.app.inject({
        method: 'GET',
        url: `${url.pathname}${url.search}`,
        remoteAddress: '10.99.1.1',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('You are unsubscribed');
      expect(res.body).toContain('href="/notifications?tab=preferences"');
      expect(res.body).toContain(
        `action="/api/email/resubscribe?token=${encodeURIComponent(tokenOf(url.href))}"`,
      );
      expect((await preferencesOf(me))[EMAIL_PREFERENCE_KEYS[category]]).toBe(false);

      const back = await t.app.inject({
        method: 'POST',
        url: `/api/email/resubscribe${url.search}`,
        remoteAddress: '10.99.1.1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(back.statusCode).toBe(200);
      expect(back.body).toContain('E-mails are back on');
      expect((await preferencesOf(me))[EMAIL_PREFERENCE_KEYS[category]]).toBe(true);
    },
  );

  it('names the kind of mail in words', async () => {
    const me = await verifiedMember();
    const url = new URL(unsubscribeUrl(t.config.publicUrl, me.id, 'bookings'));
    const res = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      remoteAddress: '10.99.1.2',
    });
    expect(res.body).toContain(UNSUBSCRIBE_MESSAGES.done('Bookings and holds'));
    expect(res.body).toContain('You will no longer get e-mails about bookings and holds.');
  });

  it('a HEAD (a link checker) unsubscribes nobody', async () => {
    const me = await verifiedMember();
    const url = new URL(unsubscribeUrl(t.config.publicUrl, me.id, 'bookings'));
    const res = await t.app.inject({
      method: 'HEAD',
      url: `${url.pathname}${url.search}`,
      remoteAddress: '10.99.1.3',
    });
    expect(res.statusCode).not.toBe(200);
    expect(await preferenceRow(me.id)).toBeNull();
  });

  it('resubscribe refuses a forged token with the error page, and changes nothing', async () => {
    const me = await verifiedMember();
    await oneClick(t.app, unsubscribeUrl(t.config.publicUrl, me.id, 'teams'));
    const forged = tokenOf(unsubscribeUrl(t.config.publicUrl, me.id, 'teams')).replace(
      '.teams.',
      '.reviews.',
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/email/resubscribe?token=${encodeURIComponent(forged)}`,
      remoteAddress: '10.99.1.4',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(UNSUBSCRIBE_MESSAGES.invalidToken);
    expect((await preferencesOf(me)).email_team_notifications).toBe(false);
  });
});
