import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type {
  Notification,
  NotificationListResponse,
  UnreadCountResponse,
} from '#common/schemas/notifications';

/**
 * Query keys are the API paths (SPEC §7). Every list of notifications (the dropdown's two, the full
 * page's pages) lives under NOTIFICATIONS_PATH; the unread count has its own path, so a list key
 * never matches it.
 */
export const NOTIFICATIONS_PATH = '/api/notifications';
export const UNREAD_COUNT_PATH = '/api/notifications/unread-count';

export const unreadCountKey = [UNREAD_COUNT_PATH] as const;
export const allListsKey = [NOTIFICATIONS_PATH] as const;

export type NotificationPages = InfiniteData<NotificationListResponse, string | null>;
type ListData = NotificationListResponse | NotificationPages;

interface ListParams {
  unread?: string;
  limit?: number;
}

/**
 * Rewrites every cached list in place. `edit` gets one page's items, whether that list holds unread
 * items only, and whether the page is a first page (where new items go).
 */
function editLists(
  client: QueryClient,
  edit: (
    items: Notification[],
    list: { unreadOnly: boolean; firstPage: boolean; limit?: number },
  ) => Notification[],
): void {
  for (const [key, data] of client.getQueriesData<ListData>({ queryKey: allListsKey })) {
    if (!data) continue;
    const params = (key as QueryKey)[1] as ListParams | undefined;
    const unreadOnly = params?.unread === 'true';
    if ('pages' in data) {
      client.setQueryData<NotificationPages>(key, {
        ...data,
        pages: data.pages.map((page, index) => ({
          ...page,
          notifications: edit(page.notifications, { unreadOnly, firstPage: index === 0 }),
        })),
      });
    } else {
      client.setQueryData<NotificationListResponse>(key, {
        ...data,
        notifications: edit(data.notifications, { unreadOnly, firstPage: true, limit: params?.limit }),
      });
    }
  }
}

const contains = (client: QueryClient, id: number) =>
  client
    .getQueriesData<ListData>({ queryKey: allListsKey })
    .some(([, data]) =>
      data
        ? ('pages' in data ? data.pages.flatMap((page) => page.notifications) : data.notifications).some(
            (item) => item.id === id,
          )
        : false,
    );

/**
 * The ids of notifications this tab has already taken from the socket, the newest `limit` of them.
 * A server re-sends what was written while its event feed was broken (issue 21, scenario 3), which
 * may include items already shown: those are dropped by id, even when no list holding them is
 * cached, so neither the count nor a browser notification counts them twice.
 */
export function createSeenIds(limit = 500) {
  const seen = new Set<number>();
  return {
    /** True the first time an id is offered, false after. */
    firstTime(id: number): boolean {
      if (seen.has(id)) return false;
      seen.add(id);
      if (seen.size > limit) seen.delete(seen.values().next().value as number);
      return true;
    },
  };
}

export function setUnreadCount(client: QueryClient, unreadCount: number): void {
  client.setQueryData<UnreadCountResponse>(unreadCountKey, { unreadCount: Math.max(0, unreadCount) });
}

/**
 * SPEC §4: a notification arrived over the socket. The count goes up by one and the item goes on top
 * of every cached list (the dropdown's keep their 8), with no refetch. An item already listed (the
 * same event twice) changes nothing.
 */
export function receiveNotification(client: QueryClient, notification: Notification): void {
  if (contains(client, notification.id)) return;
  client.setQueryData<UnreadCountResponse>(unreadCountKey, (old) =>
    old ? { unreadCount: old.unreadCount + (notification.isRead ? 0 : 1) } : old,
  );
  editLists(client, (items, { firstPage, limit }) => {
    if (!firstPage) return items;
    const next = [notification, ...items];
    return limit ? next.slice(0, limit) : next;
  });
}

/**
 * Issue 31: a notification this tab may hold changed (the request it asked was answered, here or
 * anywhere): every cached copy is replaced, so its card shows the outcome instead of buttons. The
 * count follows from the unread_count_update the server sends after it. Lists that do not hold it
 * refetch when next shown.
 */
export function receiveNotificationUpdate(client: QueryClient, notification: Notification): void {
  if (contains(client, notification.id))
    editLists(client, (items, { unreadOnly }) =>
      items.flatMap((item) => {
        if (item.id !== notification.id) return [item];
        // Answered by its recipient, it was marked read: an unread-only list drops it, as on a read.
        return unreadOnly && notification.isRead ? [] : [notification];
      }),
    );
  // A list fetch under way may have been answered before this change and would put the buttons back
  // when it lands: those lists are fetched again (the one under way is dropped).
  const inFlight = client.isFetching({ queryKey: allListsKey }) > 0;
  void client.invalidateQueries({ queryKey: allListsKey, refetchType: inFlight ? 'active' : 'none' });
}

/**
 * SPEC §4: unread_count_update sets the count. The server sends it after every change, ours
 * included, so a number that differs from ours means another tab or device read or deleted
 * something: the lists on screen catch up (all read at 0 without asking, otherwise a refetch of
 * the lists being shown).
 */
export function receiveUnreadCount(client: QueryClient, unreadCount: number): void {
  const previous = client.getQueryData<UnreadCountResponse>(unreadCountKey)?.unreadCount;
  setUnreadCount(client, unreadCount);
  if (previous === undefined || previous === unreadCount) return;
  if (unreadCount === 0) {
    editLists(client, (items, { unreadOnly }) =>
      unreadOnly ? [] : items.map((item) => (item.isRead ? item : { ...item, isRead: true })),
    );
  }
  void client.invalidateQueries({
    queryKey: allListsKey,
    refetchType: unreadCount === 0 ? 'none' : 'active',
  });
}

/**
 * Lists that shrank (an unread-only list after a read, any list after a delete) may now have room
 * for items the server holds: they refetch the next time they are shown, not now.
 */
function markListsStale(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: allListsKey, refetchType: 'none' });
}

export function markReadInCache(client: QueryClient, id: number, unreadCount?: number): void {
  editLists(client, (items, { unreadOnly }) =>
    unreadOnly
      ? items.filter((item) => item.id !== id)
      : items.map((item) => (item.id === id ? { ...item, isRead: true } : item)),
  );
  if (unreadCount !== undefined) setUnreadCount(client, unreadCount);
  markListsStale(client);
}

export function markAllReadInCache(client: QueryClient): void {
  editLists(client, (items, { unreadOnly }) =>
    unreadOnly ? [] : items.map((item) => (item.isRead ? item : { ...item, isRead: true })),
  );
  setUnreadCount(client, 0);
  markListsStale(client);
}

export function removeFromCache(client: QueryClient, id: number, unreadCount?: number): void {
  editLists(client, (items) => items.filter((item) => item.id !== id));
  if (unreadCount !== undefined) setUnreadCount(client, unreadCount);
  markListsStale(client);
}

export function clearCache(client: QueryClient): void {
  for (const [key, data] of client.getQueriesData<ListData>({ queryKey: allListsKey })) {
    if (!data) continue;
    if ('pages' in data) {
      const first = data.pages[0];
      client.setQueryData<NotificationPages>(key, {
        pages: first ? [{ ...first, notifications: [], nextCursor: null }] : [],
        pageParams: data.pageParams.slice(0, 1),
      });
    } else {
      client.setQueryData<NotificationListResponse>(key, { ...data, notifications: [], nextCursor: null });
    }
  }
  setUnreadCount(client, 0);
}

/** After the socket was down for a while: everything may have changed, so the lists and the count refetch. */
export function refreshAll(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: allListsKey });
  void client.invalidateQueries({ queryKey: unreadCountKey });
}

/** Another user signed in to this tab: nothing of the last one's may show. */
export function forgetAll(client: QueryClient): void {
  client.removeQueries({ queryKey: allListsKey });
  client.removeQueries({ queryKey: unreadCountKey });
}
