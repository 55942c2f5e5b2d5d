import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Notification, NotificationListResponse } from '#common/schemas/notifications';
import {
  clearCache,
  createSeenIds,
  markAllReadInCache,
  markReadInCache,
  type NotificationPages,
  receiveNotification,
  receiveNotificationUpdate,
  receiveUnreadCount,
  removeFromCache,
  unreadCountKey,
} from './cache.ts';

const item = (id: number, isRead = false): Notification => ({
  id,
  userId: 1,
  type: 'system',
  title: `Notification ${id}`,
  message: 'Something happened.',
  isRead,
  createdAt: new Date(Date.UTC(2025, 0, id)).toISOString(),
  data: null,
});

const unreadKey = ['/api/notifications', { unread: 'true', limit: 8 }];
const allKey = ['/api/notifications', { limit: 8 }];
const pagesKey = ['/api/notifications', { limit: 20 }, 'pages'];

function seeded() {
  const client = new QueryClient();
  const list = (items: Notification[]): NotificationListResponse => ({
    notifications: items,
    unreadCount: 3,
    nextCursor: null,
  });
  client.setQueryData(unreadCountKey, { unreadCount: 3 });
  client.setQueryData(unreadKey, list([item(8), item(7), item(5)]));
  client.setQueryData(allKey, list([8, 7, 6, 5, 4, 3, 2, 1].map((id) => item(id, id === 6 || id < 5))));
  client.setQueryData<NotificationPages>(pagesKey, {
    pages: [
      { notifications: [item(8), item(7), item(6, true)], unreadCount: 3, nextCursor: 'c1' },
      { notifications: [item(5), item(4, true)], unreadCount: 3, nextCursor: null },
    ],
    pageParams: [null, 'c1'],
  });
  const ids = (key: unknown[]) => {
    const data = client.getQueryData<NotificationListResponse | NotificationPages>(key);
    if (!data) return [];
    return ('pages' in data ? data.pages.map((page) => page.notifications) : [data.notifications]).map(
      (items) => items.map((n) => (n.isRead ? n.id : `${n.id}*`)),
    );
  };
  const count = () => client.getQueryData<{ unreadCount: number }>(unreadCountKey)?.unreadCount;
  return { client, ids, count };
}

describe('notification caches', () => {
  it('an arriving notification raises the count by one and goes on top of every list, the dropdowns keeping 8', () => {
    const { client, ids, count } = seeded();
    receiveNotification(client, item(9));
    expect(count()).toBe(4);
    expect(ids(unreadKey)).toEqual([['9*', '8*', '7*', '5*']]);
    expect(ids(allKey)).toEqual([['9*', '8*', '7*', 6, '5*', 4, 3, 2]]);
    expect(ids(pagesKey)).toEqual([
      ['9*', '8*', '7*', 6],
      ['5*', 4],
    ]);
    // The same event twice changes nothing.
    receiveNotification(client, item(9));
    expect(count()).toBe(4);
    expect(ids(unreadKey)).toEqual([['9*', '8*', '7*', '5*']]);
  });

  it('an arriving notification does not invent a count that was never fetched', () => {
    const client = new QueryClient();
    receiveNotification(client, item(1));
    expect(client.getQueryData(unreadCountKey)).toBeUndefined();
  });

  it('mark read: leaves the unread list, turns read elsewhere, takes the count from the server', () => {
    const { client, ids, count } = seeded();
    markReadInCache(client, 7, 2);
    expect(count()).toBe(2);
    expect(ids(unreadKey)).toEqual([['8*', '5*']]);
    expect(ids(pagesKey)).toEqual([
      ['8*', 7, 6],
      ['5*', 4],
    ]);
    expect(client.getQueryState(unreadKey)?.isInvalidated).toBe(true);
  });

  it('mark all read empties the unread list and zeroes the count', () => {
    const { client, ids, count } = seeded();
    markAllReadInCache(client);
    expect(count()).toBe(0);
    expect(ids(unreadKey)).toEqual([[]]);
    expect(ids(allKey)).toEqual([[8, 7, 6, 5, 4, 3, 2, 1]]);
  });

  it('delete removes the item everywhere', () => {
    const { client, ids, count } = seeded();
    removeFromCache(client, 5, 2);
    expect(count()).toBe(2);
    expect(ids(unreadKey)).toEqual([['8*', '7*']]);
    expect(ids(pagesKey)).toEqual([['8*', '7*', 6], [4]]);
  });

  it('clear all leaves one empty last page', () => {
    const { client, ids, count } = seeded();
    clearCache(client);
    expect(count()).toBe(0);
    expect(ids(pagesKey)).toEqual([[]]);
    expect(client.getQueryData<NotificationPages>(pagesKey)?.pages[0]?.nextCursor).toBeNull();
    expect(ids(allKey)).toEqual([[]]);
  });
});

describe('unread_count_update', () => {
  it('the same number as ours changes nothing else', () => {
    const { client, count } = seeded();
    receiveUnreadCount(client, 3);
    expect(count()).toBe(3);
    expect(client.getQueryState(unreadKey)?.isInvalidated).toBe(false);
  });

  it('0 from another tab turns every list read without a refetch', () => {
    const { client, ids, count } = seeded();
    receiveUnreadCount(client, 0);
    expect(count()).toBe(0);
    expect(ids(unreadKey)).toEqual([[]]);
    expect(ids(pagesKey)).toEqual([
      [8, 7, 6],
      [5, 4],
    ]);
  });

  it('another number marks the lists for a refetch', () => {
    const { client, count } = seeded();
    receiveUnreadCount(client, 2);
    expect(count()).toBe(2);
    expect(client.getQueryState(unreadKey)?.isInvalidated).toBe(true);
  });

  it('an answered request replaces every copy with its outcome; read, it leaves the unread list (issue 31)', () => {
    const { client, ids, count } = seeded();
    const resolved = { status: 'accepted', at: '2025-12-02T10:00:00.000Z' } as const;
    receiveNotificationUpdate(client, { ...item(7, true), resolved });
    const all = client.getQueryData<NotificationListResponse>(allKey);
    expect(all?.notifications.find((n) => n.id === 7)?.resolved).toEqual(resolved);
    expect(ids(unreadKey)).toEqual([['8*', '5*']]);
    expect(ids(pagesKey)).toEqual([
      ['8*', 7, 6],
      ['5*', 4],
    ]);
    // The count is the server's to say (unread_count_update follows).
    expect(count()).toBe(3);
    expect(client.getQueryState(allKey)?.isInvalidated).toBe(true);
  });

  it('a list fetch answered before the change does not bring the buttons back (issue 31)', async () => {
    const client = new QueryClient();
    const resolved = { status: 'cancelled', at: '2025-12-02T10:00:00.000Z' } as const;
    const list = (notification: Notification) => ({
      notifications: [notification],
      unreadCount: 1,
      nextCursor: null,
    });
    let answers = 0;
    // The first two answers were read before the request was cancelled (the second lands after the
    // event); every later one after it.
    const observer = new QueryObserver(client, {
      queryKey: allKey,
      queryFn: async () => {
        answers += 1;
        if (answers === 1) return list(item(7));
        if (answers === 2) return new Promise((resolve) => setTimeout(() => resolve(list(item(7))), 30));
        return list({ ...item(7, true), resolved });
      },
    });
    const shown = () =>
      (observer.getCurrentResult().data as NotificationListResponse | undefined)?.notifications[0];
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(shown()?.id).toBe(7));
    void observer.refetch();
    receiveNotificationUpdate(client, { ...item(7, true), resolved });
    await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
    expect(shown()?.resolved).toEqual(resolved);
    unsubscribe();
  });
});

describe('seen notification ids', () => {
  it('lets each id through once, so a re-sent notification is neither counted nor shown again', () => {
    const seen = createSeenIds(3);
    expect([1, 2, 1, 3, 2].map((id) => seen.firstTime(id))).toEqual([true, true, false, true, false]);
    // Bounded: the oldest id is forgotten once more than `limit` are held.
    expect(seen.firstTime(4)).toBe(true);
    expect(seen.firstTime(1)).toBe(true);
    expect(seen.firstTime(4)).toBe(false);
  });

  it('with the cache: the same notification twice, no list cached, raises the count once', () => {
    const client = new QueryClient();
    client.setQueryData(unreadCountKey, { unreadCount: 2 });
    const seen = createSeenIds();
    for (const notification of [item(5), item(5)]) {
      if (seen.firstTime(notification.id)) receiveNotification(client, notification);
    }
    expect(client.getQueryData(unreadCountKey)).toEqual({ unreadCount: 3 });
  });
});
