import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { currentUserQuery, useCurrentUser } from '#client/features/auth/api.ts';
import type { Notification, RealtimeServerMessage } from '#common/schemas/notifications';
import { preferencesQuery } from '../api.ts';
import { showBrowserNotification } from '../browser-notifications.ts';
import {
  createSeenIds,
  forgetAll,
  receiveNotification,
  receiveNotificationUpdate,
  receiveUnreadCount,
  refreshAll,
} from '../cache.ts';
import { RealtimeClient, type RealtimeSnapshot, realtimeUrl } from './realtime-client.ts';

/**
 * The tab's one socket, so the connection status and the Reconnect button can live anywhere on the
 * page while the socket itself belongs to <NotificationsRealtime /> in the app shell.
 */
let active: RealtimeClient | null = null;
const hubListeners = new Set<() => void>();
const CLOSED: RealtimeSnapshot = { state: 'closed', error: null };

function setActive(next: RealtimeClient | null) {
  active = next;
  for (const listener of hubListeners) listener();
}

function subscribe(listener: () => void) {
  hubListeners.add(listener);
  let unsubscribeClient = active?.subscribe(listener);
  const onSwap = () => {
    unsubscribeClient?.();
    unsubscribeClient = active?.subscribe(listener);
  };
  hubListeners.add(onSwap);
  return () => {
    hubListeners.delete(listener);
    hubListeners.delete(onSwap);
    unsubscribeClient?.();
  };
}

/** SPEC §4 state of this tab's socket, and the manual reconnect. */
export function useRealtimeStatus(): RealtimeSnapshot & { reconnect: () => void } {
  const snapshot = useSyncExternalStore(
    subscribe,
    () => active?.getSnapshot() ?? CLOSED,
    () => CLOSED,
  );
  return { ...snapshot, reconnect: () => active?.reconnect() };
}

type EventType = RealtimeServerMessage['type'];
type RealtimeHandler<T extends EventType> = (
  client: QueryClient,
  event: Extract<RealtimeServerMessage, { type: T }>,
  /** Who is signed in on this tab. */
  userId: number,
) => void;

/**
 * The handlers of the events other features own (a direct message, a read receipt), one small
 * handler per type. The app hands them in, since those features sit above notifications.
 */
export type RealtimeHandlers = { [T in EventType]?: RealtimeHandler<T> };

/**
 * Holds the socket for the signed-in user: opened when someone is signed in, closed (1000) when they
 * sign out or another user signs in. One small handler per message type updates the query cache.
 */
export function NotificationsRealtime({ handlers }: { handlers: RealtimeHandlers }) {
  const { data: user } = useCurrentUser();
  const client = useQueryClient();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  // Read when an event comes, so new handlers never reopen the socket.
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const userId = user?.id ?? null;
  const lastUserId = useRef<number | null>(null);

  useEffect(() => {
    if (userId === null) return;
    if (lastUserId.current !== null && lastUserId.current !== userId) forgetAll(client);
    lastUserId.current = userId;

    const recheckSession = () => void client.invalidateQueries({ queryKey: currentUserQuery.queryKey });

    const notifyBrowser = async (notification: Notification) => {
      // SPEC §3: preferences read as all on when they cannot be fetched.
      const preferences = await client.fetchQuery(preferencesQuery).catch(() => null);
      if (preferences && !preferences.browser_notifications) return;
      showBrowserNotification(notification, (to) => navigateRef.current(to));
    };

    const seen = createSeenIds();
    const connection = new RealtimeClient({
      url: realtimeUrl(window.location),
      // One small handler per message type; the pong only proves the socket is alive.
      onMessage: (message) => {
        if (message.type === 'notification') {
          if (!seen.firstTime(message.data.id)) return;
          receiveNotification(client, message.data);
          void notifyBrowser(message.data);
        } else if (message.type === 'notification_update') {
          receiveNotificationUpdate(client, message.data);
        } else if (message.type === 'unread_count_update') {
          receiveUnreadCount(client, message.count);
        } else {
          // TypeScript cannot tie the handler's type to the event's; the map's type ties them.
          const handler = handlersRef.current[message.type] as
            | RealtimeHandler<typeof message.type>
            | undefined;
          handler?.(client, message, userId);
        }
      },
      // Events sent before a socket opens never reach it: the count and lists fetched earlier (while
      // this chunk loaded, or while an earlier socket was down) may be behind, so fetch them again.
      onOpen: () => refreshAll(client),
      onSessionEnded: recheckSession,
      onConnectFailed: recheckSession,
    });
    setActive(connection);
    connection.start();

    const onVisibility = () => {
      if (document.visibilityState === 'visible') connection.resume();
    };
    // A page kept in the back/forward cache must not hold a socket; it reopens when shown again.
    const onPageHide = () => connection.stop();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) connection.start();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      connection.stop();
      if (active === connection) setActive(null);
    };
  }, [userId, client]);

  return null;
}
