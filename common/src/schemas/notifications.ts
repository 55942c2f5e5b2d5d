import { z } from 'zod';
import { messageSchema } from './messages.ts';
import { text } from './text.ts';

// Plain values and helpers live in ../notifications.ts and ../limits.ts (no zod) so the client's
// first load can use them.
export { NOTIFICATION_PAGE_SIZE, NOTIFICATION_PAGE_SIZE_MAX } from '../limits.ts';
export {
  DEFAULT_NOTIFICATION_PREFERENCES,
  notificationTarget,
  REALTIME,
  REALTIME_CLOSE,
  unreadBadgeText,
} from '../notifications.ts';

import { NOTIFICATION_PAGE_SIZE, NOTIFICATION_PAGE_SIZE_MAX } from '../limits.ts';
import type { DEFAULT_NOTIFICATION_PREFERENCES } from '../notifications.ts';

/**
 * Notifications (SPEC §2, §3, §4, §7, §9; DESIGN §4): the calls under /api/notifications and the
 * messages of the realtime socket at /ws. The client and the server build against these shapes.
 */

export const NOTIFICATION_TYPES = [
  'message',
  'review',
  'team_invite',
  'connection_request',
  'booking_request',
  'payment_received',
  'profile_featured',
  'system',
  // Issue 35: people newly matching a saved search (at most one a day per search).
  'saved_search_match',
  // Issue 36: crew calls. To the owner, someone applied; to the applicant, they were shortlisted,
  // declined or booked; to crew who opted in, new calls for their roles and place (daily).
  'call_application',
  'application_update',
  'call_match',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** SPEC §3: every field optional. */
export const notificationDataSchema = z.object({
  teamId: z.number().int().optional(),
  conversationId: z.number().int().optional(),
  reviewId: z.number().int().optional(),
  requesterId: z.number().int().optional(),
  senderId: z.number().int().optional(),
  bookingId: z.number().int().optional(),
  paymentId: z.number().int().optional(),
  rating: z.number().optional(),
  amount: z.number().optional(),
  /** saved_search_match (issue 35): the search, how many newly match, the first few, and its query. */
  savedSearchId: z.number().int().optional(),
  count: z.number().int().optional(),
  people: z
    .array(z.object({ id: z.number().int(), name: text() }))
    .max(50)
    .optional(),
  query: z.record(z.string(), z.union([text(), z.array(text())])).optional(),
  /** call_application, application_update (issue 36): the call and the application. */
  callId: z.number().int().optional(),
  applicationId: z.number().int().optional(),
  /** call_match (issue 36): the first few new calls (count says how many in all). */
  calls: z
    .array(z.object({ id: z.number().int(), title: text() }))
    .max(50)
    .optional(),
});
export type NotificationData = z.infer<typeof notificationDataSchema>;

/**
 * Issue 31: how the object a notification asked about (a booking request or hold, a team
 * invitation, a connection request) stands now. `confirmed`: a hold the crew member agreed to was
 * confirmed into a booking; `expired`: a hold lapsed; `withdrawn`: the object is gone.
 */
export const NOTIFICATION_OUTCOMES = [
  'accepted',
  'declined',
  'cancelled',
  'expired',
  'withdrawn',
  'confirmed',
] as const;
export type NotificationOutcome = (typeof NOTIFICATION_OUTCOMES)[number];

/** Types whose notification asks for an answer (Accept, Decline): only they are ever resolved. */
export const ASKING_NOTIFICATION_TYPES = ['booking_request', 'team_invite', 'connection_request'] as const;

export const notificationResolvedSchema = z.object({
  status: z.enum(NOTIFICATION_OUTCOMES),
  /** ISO 8601; null when nothing says when (an object that is gone). */
  at: text().nullable(),
});
export type NotificationResolved = z.infer<typeof notificationResolvedSchema>;

/** SPEC §3 Notification. */
export const notificationSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  title: text(),
  message: text(),
  isRead: z.boolean(),
  /** ISO 8601. */
  createdAt: text(),
  /** null when the notification carries no data. */
  data: notificationDataSchema.nullable(),
  /**
   * Issue 31, beyond SPEC: null while the object asked about still waits for an answer (and for
   * every type that asks nothing); otherwise its outcome, computed from the object as it is now.
   */
  resolved: notificationResolvedSchema.nullable().optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

const LIMIT_MESSAGE = `Limit must be between 1 and ${NOTIFICATION_PAGE_SIZE_MAX}`;

/**
 * GET /api/notifications?unread=true&limit=8 (the dropdown), or ?limit=20&cursor=… (the page, one
 * page after another: pass the previous answer's nextCursor). Newest first.
 */
export const notificationListQuery = z.object({
  /** 'true': unread only; absent or 'false': all. */
  unread: z
    .enum(['true', 'false'], { error: 'unread must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(NOTIFICATION_PAGE_SIZE_MAX, LIMIT_MESSAGE)
    .default(NOTIFICATION_PAGE_SIZE),
  /** Opaque: the nextCursor of the previous page. */
  cursor: text()
    .regex(/^\d{1,20}\.\d{1,10}$/, 'Invalid cursor')
    .optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuery>;

/** GET /api/notifications */
export const notificationListResponse = z.object({
  notifications: z.array(notificationSchema),
  /** All unread notifications of the user, whatever the filter and page. */
  unreadCount: z.number().int(),
  /** Pass as `cursor` for the next page; null when this page is the last. */
  nextCursor: text().nullable(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponse>;

/**
 * GET /api/notifications/unread-count, and the answer of every call that changes the count:
 * PATCH /api/notifications/{id}/read, PATCH /api/notifications/read-all,
 * DELETE /api/notifications/{id}, DELETE /api/notifications/clear-all.
 */
export const unreadCountResponse = z.object({ unreadCount: z.number().int() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponse>;

/**
 * SPEC §3 preferences, named as SPEC names them; all true by default (and if the fetch fails). The
 * defaults are written without zod in ../notifications.ts: `satisfies` refuses one this lacks.
 */
export const notificationPreferencesSchema = z.object({
  browser_notifications: z.boolean(),
  message_notifications: z.boolean(),
  review_notifications: z.boolean(),
  team_invite_notifications: z.boolean(),
  system_notifications: z.boolean(),
}) satisfies z.ZodType<typeof DEFAULT_NOTIFICATION_PREFERENCES>;
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/**
 * PATCH /api/notifications/preferences: any of the five; one left out stays as it is. Answers the
 * whole preferences object after the change (GET's shape).
 */
export const updateNotificationPreferencesRequest = notificationPreferencesSchema.partial();
export type UpdateNotificationPreferencesRequest = z.infer<typeof updateNotificationPreferencesRequest>;

/**
 * POST /api/notifications/test (for /notification-test): sends a notification to oneself through
 * the same path as every other (preferences, realtime). Allowed to admins, and to anyone when the
 * server does not run with NODE_ENV=production. Answers 201 `{notification}`, where notification is
 * null when the user's preferences silenced that type.
 */
export const testNotificationRequest = z.object({
  type: z.enum(NOTIFICATION_TYPES, { error: 'Choose a notification type' }).default('system'),
  title: text()
    .trim()
    .min(1, 'Title is required')
    .max(120, 'Title must be at most 120 characters')
    .default('Test notification'),
  message: text()
    .trim()
    .min(1, 'Message is required')
    .max(500, 'Message must be at most 500 characters')
    .default('This is a test notification.'),
  data: notificationDataSchema.optional(),
});
export type TestNotificationRequest = z.input<typeof testNotificationRequest>;

export const testNotificationResponse = z.object({ notification: notificationSchema.nullable() });
export type TestNotificationResponse = z.infer<typeof testNotificationResponse>;

/** Messages the server may answer with. */
export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  testNotAllowed: 'Test notifications are for administrators only',
} as const;

// ---------------------------------------------------------------------------------------------
// Realtime: WebSocket /ws on the same host (wss when the page is https), JSON text frames.
// ---------------------------------------------------------------------------------------------

/**
 * The upgrade itself is refused with an HTTP status before any socket exists: 401 without a valid
 * session, 403 without an Origin. A browser sees such a refusal as a close with code 1006. A page
 * whose origin may not connect gets a socket closed at once with `originRefused`, which it can read.
 */

/** Server → client. */
export const notificationMessageSchema = z.object({
  type: z.literal('notification'),
  data: notificationSchema,
});
export const unreadCountUpdateMessageSchema = z.object({
  type: z.literal('unread_count_update'),
  count: z.number().int(),
});
/**
 * Issue 31: a notification already sent changed (the object it asked about was answered, by anyone,
 * from anywhere): the tab replaces its copy.
 */
export const notificationUpdateMessageSchema = z.object({
  type: z.literal('notification_update'),
  data: notificationSchema,
});
/** The answer to each notification_ping. */
export const notificationPongMessageSchema = z.object({
  type: z.literal('notification_pong'),
  /** Server time, ISO 8601. */
  at: text(),
});
/** A direct message, to both participants' tabs (the sender's other tabs too). */
export const directMessageSchema = z.object({
  type: z.literal('message'),
  data: messageSchema,
});
/** The other participant read a conversation up to a message (read receipts). */
export const messagesReadSchema = z.object({
  type: z.literal('messages_read'),
  data: z.object({ conversationId: z.number().int(), readerId: z.number().int(), upTo: z.number().int() }),
});
export const realtimeServerMessageSchema = z.discriminatedUnion('type', [
  notificationMessageSchema,
  notificationUpdateMessageSchema,
  unreadCountUpdateMessageSchema,
  notificationPongMessageSchema,
  directMessageSchema,
  messagesReadSchema,
]);
export type RealtimeServerMessage = z.infer<typeof realtimeServerMessageSchema>;

/** Client → server. Anything else is ignored (it still counts as a sign of life). */
export const realtimeClientMessageSchema = z.object({ type: z.literal('notification_ping') });
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;
