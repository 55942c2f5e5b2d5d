import { onFirstUse } from '#client/lib/on-first-use.ts';
import { savedSearchHref } from '#common/saved-searches';
import type { Notification, NotificationOutcome, NotificationResolved } from '#common/schemas/notifications';

/**
 * Where the "view" action of each type goes (SPEC §2 notifications page actions). null when the
 * notification lacks the id the link needs.
 */
export function viewLinkOf(notification: Pick<Notification, 'type' | 'data' | 'userId'>): string | null {
  const data = notification.data ?? {};
  switch (notification.type) {
    case 'team_invite':
      return data.teamId === undefined ? null : `/team/${data.teamId}`;
    case 'message':
      return data.conversationId === undefined ? null : `/messages?conversation=${data.conversationId}`;
    case 'review':
      return data.reviewId === undefined
        ? `/profile/${notification.userId}?tab=reviews`
        : `/profile/${notification.userId}?review=${data.reviewId}`;
    case 'connection_request':
      return data.requesterId === undefined ? null : `/profile/${data.requesterId}`;
    case 'booking_request':
      return data.bookingId === undefined ? null : `/bookings/${data.bookingId}`;
    case 'payment_received':
      return data.paymentId === undefined ? null : `/payments/${data.paymentId}`;
    // Not in SPEC: what happened to a booking ("Hold accepted: confirm it") leads to the booking.
    case 'system':
      return data.bookingId === undefined ? null : `/bookings/${data.bookingId}`;
    // Issue 35: the saved search's results, as saved.
    case 'saved_search_match':
      return data.query === undefined ? null : savedSearchHref(data.query);
    // Issue 36: the owner to the call's applications, the applicant to the call, crew to the list.
    case 'call_application':
      return data.callId === undefined ? null : `/calls/${data.callId}#applications`;
    case 'application_update':
      return data.callId === undefined ? null : `/calls/${data.callId}`;
    case 'call_match':
      return '/calls';
    default:
      return null;
  }
}

/**
 * Where an item of the dropdown leads: straight to what it is about when that has a page in the
 * product today (a review, a person), otherwise to the notifications page and its actions.
 */
export function dropdownLinkOf(notification: Pick<Notification, 'type' | 'data' | 'userId'>): string {
  if (
    notification.type === 'review' ||
    notification.type === 'connection_request' ||
    notification.type === 'saved_search_match' ||
    notification.type === 'call_application' ||
    notification.type === 'application_update' ||
    notification.type === 'call_match'
  ) {
    return viewLinkOf(notification) ?? '/notifications';
  }
  return '/notifications';
}

const relative = onFirstUse(() => new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));
const absolute = onFirstUse(
  () => new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' }),
);
const fullDate = onFirstUse(() => new Intl.DateTimeFormat('en', { dateStyle: 'full', timeStyle: 'short' }));

/** "just now", "5 minutes ago", "yesterday", then the date once it is more than a week old. */
export function timeAgo(iso: string, now = Date.now()): string {
  const then = new Date(iso).getTime();
  const seconds = Math.round((then - now) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return relative().format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative().format(hours, 'hour');
  const days = Math.round(hours / 24);
  if (Math.abs(days) < 7) return relative().format(days, 'day');
  return absolute().format(then);
}

export const fullTime = (iso: string) => fullDate().format(new Date(iso));

const money = onFirstUse(() => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }));
export const formatAmount = (amount: number) => money().format(amount);

/** Issue 31: what the card says instead of Accept and Decline once the request was answered. */
const OUTCOME_LABEL: Record<NotificationOutcome, string> = {
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Lapsed',
  withdrawn: 'Withdrawn',
  confirmed: 'Confirmed',
};
const dayMonth = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' }));
const dayMonthYear = onFirstUse(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }),
);

/** "Accepted · 2 Dec" ("… 2 Dec 2025" in another year); "Withdrawn" when nothing says when. */
export function outcomeText(resolved: NotificationResolved, now = new Date()): string {
  const label = OUTCOME_LABEL[resolved.status];
  if (!resolved.at) return label;
  const at = new Date(resolved.at);
  const date = at.getFullYear() === now.getFullYear() ? dayMonth() : dayMonthYear();
  return `${label} · ${date.format(at)}`;
}
