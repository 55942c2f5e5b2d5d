import { LIMITS } from './limits.ts';
import { type SavedSearchQuery, savedSearchHref } from './saved-searches.ts';

/**
 * The notification values and helpers that need no schema: the header's badge, the realtime
 * client's timings and close codes. Kept apart from `schemas/notifications.ts` so importing them
 * does not bring zod into the client's first load; that file re-exports them, so this one imports
 * nothing of it (not even a type: the two would form an import cycle).
 */

/** SPEC §3: every preference on (`notificationPreferencesSchema` is their shape). */
export const DEFAULT_NOTIFICATION_PREFERENCES = {
  browser_notifications: true,
  message_notifications: true,
  review_notifications: true,
  team_invite_notifications: true,
  system_notifications: true,
};

/** SPEC §4 and §9 timings, plus the server's silence limit. */
export const REALTIME = {
  path: '/ws',
  /** The client sends notification_ping this often while connected. */
  pingIntervalMs: 30_000,
  /** After a close with a code other than 1000, the client retries after this long. */
  retryDelayMs: 3_000,
  /** A manual reconnect closes and reopens after this long. */
  manualReconnectDelayMs: 1_000,
  /** The server closes a socket it has heard nothing from (no message, no pong) for this long. */
  idleTimeoutMs: 90_000,
} as const;

/**
 * Close codes the server uses. 1000 only when the client asked; the client retries on any other
 * code (SPEC §4), except that after `sessionEnded` it should wait until the user signs in again.
 */
export const REALTIME_CLOSE = {
  /** The server is shutting down: reconnect (another instance will answer). */
  goingAway: 1001,
  /** The session was logged out or expired. */
  sessionEnded: 4401,
  /** Nothing heard for REALTIME.idleTimeoutMs. */
  idle: 4408,
  /** The page's address may not open a socket (PUBLIC_URL names another): retrying cannot help. */
  originRefused: 4403,
} as const;

/** SPEC §9: where a click on a browser notification goes. */
export function notificationTarget(notification: {
  type: string;
  data: { conversationId?: number; query?: SavedSearchQuery; callId?: number } | null;
}): string {
  switch (notification.type) {
    case 'message':
      return notification.data?.conversationId !== undefined
        ? `/messages/${notification.data.conversationId}`
        : '/notifications';
    case 'review':
      return '/profile?tab=reviews';
    case 'team_invite':
      return '/team-builder';
    case 'saved_search_match':
      return notification.data?.query ? savedSearchHref(notification.data.query) : '/notifications';
    // Issue 36: the owner goes to the call's applications, the applicant to the call.
    case 'call_application':
      return notification.data?.callId !== undefined
        ? `/calls/${notification.data.callId}#applications`
        : '/notifications';
    case 'application_update':
      return notification.data?.callId !== undefined
        ? `/calls/${notification.data.callId}`
        : '/notifications';
    case 'call_match':
      return '/calls';
    default:
      return '/notifications';
  }
}

/** SPEC §9: the badge shows 99+ above 99. */
export function unreadBadgeText(count: number): string {
  return count > LIMITS.unreadBadgeCap ? `${LIMITS.unreadBadgeCap}+` : String(count);
}
