import type { NotificationType } from '../schemas/notifications.ts';

/**
 * Which notifications are mailed, and under which e-mail preference (issue 32). Security notices
 * are mailed always and are not a category: nobody unsubscribes from "your password changed".
 * CONTRACT shared by the issue-32 work: the names here are fixed; table tests sit beside it.
 */
export const EMAIL_CATEGORIES = [
  'bookings',
  'messages',
  'teams',
  'reviews',
  'payments',
  'product_news',
  // Issue 35: people newly matching a saved search, at most one mail a day per search.
  'saved_searches',
  // Issue 36: the opt-in call_match alerts of new crew calls, at most one mail a day.
  'call_matches',
] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

/** The preference key of each category, beside SPEC's five keys in GET/PATCH /api/notifications/preferences. */
export const EMAIL_PREFERENCE_KEYS = {
  bookings: 'email_booking_notifications',
  messages: 'email_message_notifications',
  teams: 'email_team_notifications',
  reviews: 'email_review_notifications',
  payments: 'email_payment_notifications',
  product_news: 'email_product_news',
  saved_searches: 'email_saved_search_notifications',
  call_matches: 'email_call_match_notifications',
} as const satisfies Record<EmailCategory, string>;

/** Every category is on by default but product news (issue 32). */
export const EMAIL_CATEGORY_DEFAULTS: Record<EmailCategory, boolean> = {
  bookings: true,
  messages: true,
  teams: true,
  reviews: true,
  payments: true,
  product_news: false,
  saved_searches: true,
  call_matches: true,
};

/** `email_daily_digest`: one mail a day listing what happened, instead of a mail each (off by default). */
export const EMAIL_DIGEST_KEY = 'email_daily_digest' as const;

/**
 * The e-mail category of a notification, or null when it is not mailed. Bookings and holds
 * (requests, answers, cancellations, promotions, lapses: every notification about a booking),
 * team invitations, messages (batched, never one mail each), reviews, payments and a featured
 * profile (under reviews: it is about the member's standing) are mailed.
 */
export function emailCategoryOf(
  type: NotificationType,
  data: { bookingId?: number; teamId?: number; paymentId?: number } | null | undefined,
): EmailCategory | null {
  switch (type) {
    case 'booking_request':
      return 'bookings';
    case 'team_invite':
      return 'teams';
    case 'message':
      return 'messages';
    case 'review':
    case 'profile_featured':
      return 'reviews';
    case 'payment_received':
      return 'payments';
    case 'saved_search_match':
      return 'saved_searches';
    // Issue 36 (ADR 037): an application to a member's call, and the answer to one, are steps
    // towards a booking, mailed under the bookings switch.
    case 'call_application':
    case 'application_update':
      return 'bookings';
    case 'call_match':
      return 'call_matches';
    case 'system':
      if (data?.paymentId !== undefined) return 'payments';
      if (data?.bookingId !== undefined) return 'bookings';
      return null;
    default:
      return null;
  }
}

/** One of the seven e-mail keys of GET/PATCH /api/notifications/preferences. */
export type EmailPreferenceKey = (typeof EMAIL_PREFERENCE_KEYS)[EmailCategory] | typeof EMAIL_DIGEST_KEY;
export type EmailPreferences = Record<EmailPreferenceKey, boolean>;

/** What a member without a saved choice has: EMAIL_CATEGORY_DEFAULTS, and single mails (no digest). */
export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = {
  [EMAIL_PREFERENCE_KEYS.bookings]: EMAIL_CATEGORY_DEFAULTS.bookings,
  [EMAIL_PREFERENCE_KEYS.messages]: EMAIL_CATEGORY_DEFAULTS.messages,
  [EMAIL_PREFERENCE_KEYS.teams]: EMAIL_CATEGORY_DEFAULTS.teams,
  [EMAIL_PREFERENCE_KEYS.reviews]: EMAIL_CATEGORY_DEFAULTS.reviews,
  [EMAIL_PREFERENCE_KEYS.payments]: EMAIL_CATEGORY_DEFAULTS.payments,
  [EMAIL_PREFERENCE_KEYS.product_news]: EMAIL_CATEGORY_DEFAULTS.product_news,
  [EMAIL_PREFERENCE_KEYS.saved_searches]: EMAIL_CATEGORY_DEFAULTS.saved_searches,
  [EMAIL_PREFERENCE_KEYS.call_matches]: EMAIL_CATEGORY_DEFAULTS.call_matches,
  [EMAIL_DIGEST_KEY]: false,
};

/** The category a string names, or null (an unsubscribe token's category is read back with it). */
/**
 * What an unsubscribe link stops: one category, or (`digest`, the daily digest's link) every
 * category the digest lists. Security notices are never in scope.
 */
export type UnsubscribeScope = EmailCategory | 'digest';

/** The categories an unsubscribe scope turns off (or, resubscribing, back to their defaults). */
export function categoriesOfScope(scope: UnsubscribeScope): readonly EmailCategory[] {
  return scope === 'digest' ? EMAIL_CATEGORIES : [scope];
}

export function parseUnsubscribeScope(value: string): UnsubscribeScope | null {
  return value === 'digest' ? 'digest' : parseEmailCategory(value);
}

export function parseEmailCategory(value: string): EmailCategory | null {
  return (EMAIL_CATEGORIES as readonly string[]).includes(value) ? (value as EmailCategory) : null;
}
