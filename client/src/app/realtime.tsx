import { messageEvents } from '#client/features/messages/cache.ts';
import { NotificationsRealtime } from '#client/features/notifications/realtime/use-realtime.ts';

/**
 * The tab's socket with every feature's handlers: the socket and the notifications' own events are
 * the notifications feature's, the direct messages and read receipts the messages feature's, which
 * sits above it. Its own chunk, loaded by <RealtimeSlot /> once someone signs in.
 */
export function Realtime() {
  return <NotificationsRealtime handlers={messageEvents} />;
}
