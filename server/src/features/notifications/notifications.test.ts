import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_PREFERENCES } from '#common/policies/email';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_MESSAGES,
  notificationListResponse,
  notificationPreferencesSchema,
  testNotificationResponse,
  unreadCountResponse,
} from '#common/schemas/notifications';
import { notifications } from '#server/db/schema/index.ts';
import { CSRF_REFUSED } from '#server/plugins/csrf.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { notify } from './notify.ts';
import { member } from './test-support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

const newMember = () => member(t.db, t.app);

/** n notifications for a user, oldest first, one second apart (so their order is certain). */
async function seed(userId: number, n: number, type: 'review' | 'system' | 'message' = 'system') {
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const created = await notify(t.db, userId, type, `Title ${i}`, `Message ${i}`, { rating: 4 });
    if (!created) throw new Error('not created');
    await t.db
      .update(notifications)
      .set({ createdAt: sql`now() - make_interval(secs => ${n - i})` })
      .where(eq(notifications.id, created.id));
    ids.push(created.id);
  }
  return ids;
}

const rowsOf = (userId: number) => t.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('GET /api/notifications', () => {
  it('answers newest first with the total unread count, in the shared shape', async () => {
    const me = await newMember();
    const ids = await seed(me.id, 3);
    const res = await me.browser.request('GET', '/api/notifications');
    expect(res.statusCode).toBe(200);
    const body = notificationListResponse.parse(res.json());
    expect(body.notifications.map((n) => n.id)).toEqual([...ids].reverse());
    expect(body.unreadCount).toBe(3);
    expect(body.nextCursor).toBeNull();
    expect(body.notifications[0]).toEqual({
      id: ids[2],
      userId: me.id,
      type: 'system',
      title: 'Title 2',
      message: 'Message 2',
      isRead: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: { rating: 4 },
      // Issue 31: a type that asks nothing is never resolved.
      resolved: null,
    });
  });

  it('unread=true&limit=8 gives the dropdown: unread only, at most 8, the count of all unread', async () => {
    const me = await newMember();
    const ids = await seed(me.id, 10);
    await t.db
      .update(notifications)
      .set({ isRead: true })
      .where(eq(notifications.id, ids[9] as number));
    const body = notificationListResponse.parse(
      (await me.browser.request('GET', '/api/notifications?unread=true&limit=8')).json(),
    );
    expect(body.notifications).toHaveLength(8);
    expect(body.notifications.every((n) => !n.isRead)).toBe(true);
    expect(body.notifications[0]?.id).toBe(ids[8]);
    expect(body.unreadCount).toBe(9);
  });

  it('pages with the cursor through everything exactly once, even with equal timestamps', async () => {
    const me = await newMember();
    const ids = await seed(me.id, 7);
    // Two rows at the very same instant: the id breaks the tie.
    await t.db
      .update(notifications)
      .set({ createdAt: sql`date_trunc('second', now())` })
      .where(sql`${notifications.id} in (${ids[5]}, ${ids[6]})`);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `limit=3&cursor=${cursor}` : 'limit=3';
      const page = notificationListResponse.parse(
        (await me.browser.request('GET', `/api/notifications?${query}`)).json(),
      );
      expect(page.notifications.length).toBeLessThanOrEqual(3);
      seen.push(...page.notifications.map((n) => n.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
  });

  it('refuses a bad limit or cursor with a message, and visitors with 401', async () => {
    const me = await newMember();
    for (const query of ['limit=0', 'limit=51', 'limit=x', 'unread=yes', 'cursor=abc']) {
      const res = await me.browser.request('GET', `/api/notifications?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count' })).statusCode).toBe(
      401,
    );
  });
});

describe('unread count, read, read all, delete, clear all', () => {
  it('GET unread-count answers {unreadCount}', async () => {
    const me = await newMember();
    await seed(me.id, 2);
    const res = await me.browser.request('GET', '/api/notifications/unread-count');
    expect(res.statusCode).toBe(200);
    expect(unreadCountResponse.strict().parse(res.json())).toEqual({ unreadCount: 2 });
  });

  it('marks one read, and answers the count after', async () => {
    const me = await newMember();
    const [first] = await seed(me.id, 2);
    const res = await me.browser.request('PATCH', `/api/notifications/${first}/read`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unreadCount: 1 });
    // Again: still found, nothing changes.
    expect((await me.browser.request('PATCH', `/api/notifications/${first}/read`)).json()).toEqual({
      unreadCount: 1,
    });
    const rows = await rowsOf(me.id);
    expect(rows.find((r) => r.id === first)?.isRead).toBe(true);
  });

  it('marks all read', async () => {
    const me = await newMember();
    await seed(me.id, 3);
    const res = await me.browser.request('PATCH', '/api/notifications/read-all');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unreadCount: 0 });
    expect((await rowsOf(me.id)).every((r) => r.isRead)).toBe(true);
  });

  it('deletes one, and clears all', async () => {
    const me = await newMember();
    const [first, second] = await seed(me.id, 3);
    await t.db
      .update(notifications)
      .set({ isRead: true })
      .where(eq(notifications.id, second as number));
    const res = await me.browser.request('DELETE', `/api/notifications/${first}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unreadCount: 1 });
    expect((await rowsOf(me.id)).map((r) => r.id)).not.toContain(first);
    expect((await me.browser.request('DELETE', `/api/notifications/${first}`)).statusCode).toBe(404);

    const cleared = await me.browser.request('DELETE', '/api/notifications/clear-all');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ unreadCount: 0 });
    expect(await rowsOf(me.id)).toHaveLength(0);
  });

  it("only the owner touches a notification: another's id is 404 and nothing changes", async () => {
    const owner = await newMember();
    const other = await newMember();
    const [id] = await seed(owner.id, 1);
    await seed(other.id, 1);
    for (const [method, url] of [
      ['PATCH', `/api/notifications/${id}/read`],
      ['DELETE', `/api/notifications/${id}`],
    ] as const) {
      const res = await other.browser.request(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.message).toBe(NOTIFICATION_MESSAGES.notFound);
    }
    // read-all and clear-all of the other user leave the owner's notification alone.
    await other.browser.request('PATCH', '/api/notifications/read-all');
    await other.browser.request('DELETE', '/api/notifications/clear-all');
    const rows = await rowsOf(owner.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.isRead).toBe(false);
    // And the other's list never shows it.
    const list = notificationListResponse.parse(
      (await other.browser.request('GET', '/api/notifications')).json(),
    );
    expect(list.notifications).toEqual([]);
  });

  it('refuses a malformed id with 400, an unknown one with 404', async () => {
    const me = await newMember();
    expect((await me.browser.request('PATCH', '/api/notifications/abc/read')).statusCode).toBe(400);
    expect((await me.browser.request('DELETE', '/api/notifications/99999999999')).statusCode).toBe(400);
    expect((await me.browser.request('PATCH', '/api/notifications/2147483647/read')).statusCode).toBe(404);
  });

  it('every write needs the CSRF token and a session', async () => {
    const me = await newMember();
    const [id] = await seed(me.id, 1);
    for (const [method, url] of [
      ['PATCH', `/api/notifications/${id}/read`],
      ['PATCH', '/api/notifications/read-all'],
      ['DELETE', `/api/notifications/${id}`],
      ['DELETE', '/api/notifications/clear-all'],
      ['PATCH', '/api/notifications/preferences'],
      ['POST', '/api/notifications/test'],
    ] as const) {
      const res = await me.browser.request(method, url, { csrf: false, body: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.message).toBe(CSRF_REFUSED);
    }
    expect((await rowsOf(me.id))[0]?.isRead).toBe(false);
  });

  it('writes count against the write rate limit', async () => {
    const me = await newMember();
    let limited = false;
    for (let i = 0; i < 70 && !limited; i += 1) {
      const res = await me.browser.request('PATCH', '/api/notifications/read-all');
      limited = res.statusCode === 429;
    }
    expect(limited).toBe(true);
  });
});

describe('preferences', () => {
  it('are all on by default, and PATCH changes only what it names', async () => {
    const me = await newMember();
    const initial = await me.browser.request('GET', '/api/notifications/preferences');
    expect(initial.statusCode).toBe(200);
    // SPEC's five, all on; beside them the e-mail keys of issue 32 (email-preferences.test.ts).
    expect(notificationPreferencesSchema.parse(initial.json())).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    const defaults = {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      ...DEFAULT_EMAIL_PREFERENCES,
      call_match_notifications: false,
    };
    expect(initial.json()).toEqual(defaults);

    const res = await me.browser.request('PATCH', '/api/notifications/preferences', {
      body: { review_notifications: false, browser_notifications: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...defaults,
      review_notifications: false,
      browser_notifications: false,
    });
    await me.browser.request('PATCH', '/api/notifications/preferences', {
      body: { browser_notifications: true },
    });
    expect((await me.browser.request('GET', '/api/notifications/preferences')).json()).toEqual({
      ...defaults,
      review_notifications: false,
    });
  });

  it('refuses a preference that is not a boolean', async () => {
    const me = await newMember();
    const res = await me.browser.request('PATCH', '/api/notifications/preferences', {
      body: { review_notifications: 'no' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('a type turned off is not written; the other types still are', async () => {
    const me = await newMember();
    await me.browser.request('PATCH', '/api/notifications/preferences', {
      body: {
        review_notifications: false,
        message_notifications: false,
        team_invite_notifications: false,
        system_notifications: false,
      },
    });
    for (const type of ['review', 'message', 'team_invite', 'system'] as const) {
      expect(await notify(t.db, me.id, type, 'Off', 'Silenced'), type).toBeNull();
    }
    // browser_notifications only concerns the browser pop-up; types without a switch always arrive.
    expect(
      await notify(t.db, me.id, 'booking_request', 'Booking', 'Someone wants to book you'),
    ).not.toBeNull();
    expect((await rowsOf(me.id)).map((r) => r.type)).toEqual(['booking_request']);
  });
});

describe('POST /api/notifications/test', () => {
  it('sends the user a notification of the chosen type, outside production', async () => {
    const me = await newMember();
    const res = await me.browser.request('POST', '/api/notifications/test', {
      body: { type: 'review', title: 'Test review', message: 'Five stars', data: { rating: 5, reviewId: 1 } },
    });
    expect(res.statusCode).toBe(201);
    const body = testNotificationResponse.parse(res.json());
    expect(body.notification).toMatchObject({
      userId: me.id,
      type: 'review',
      data: { rating: 5, reviewId: 1 },
    });
    const defaults = await me.browser.request('POST', '/api/notifications/test', { body: {} });
    expect(defaults.json().notification).toMatchObject({ type: 'system', title: 'Test notification' });
  });

  it('answers null when the user turned that type off', async () => {
    const me = await newMember();
    await me.browser.request('PATCH', '/api/notifications/preferences', {
      body: { system_notifications: false },
    });
    const res = await me.browser.request('POST', '/api/notifications/test', { body: { type: 'system' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ notification: null });
  });

  it('in production, admins only', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    const user = await member(prod.db, prod.app);
    const admin = await member(prod.db, prod.app, { role: 'admin' });
    const refused = await user.browser.request('POST', '/api/notifications/test', { body: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(NOTIFICATION_MESSAGES.testNotAllowed);
    expect((await admin.browser.request('POST', '/api/notifications/test', { body: {} })).statusCode).toBe(
      201,
    );
  });
});
