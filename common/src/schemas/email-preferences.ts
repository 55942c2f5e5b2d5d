import { z } from 'zod';
import {
  EMAIL_DIGEST_KEY,
  EMAIL_PREFERENCE_KEYS,
  type EmailCategory,
  type EmailPreferences,
  type UnsubscribeScope,
} from '../policies/email.ts';
import { notificationPreferencesSchema } from './notifications.ts';
import { text } from './text.ts';

/**
 * The e-mail preferences of issue 32, beside SPEC §3's five keys in GET and PATCH
 * /api/notifications/preferences, and the one-click unsubscribe (RFC 8058) of every mail but the
 * security notices. Kept apart from schemas/notifications.ts: policies/email.ts reads that file's
 * NotificationType, so that file cannot read back from it (no import cycles, not even of types).
 */

/** The call_match opt-in (issue 36): off until the member turns it on. */
export const CALL_MATCH_PREFERENCE_KEY = 'call_match_notifications' as const;

/** The e-mail keys: one per category, and the daily digest. */
export const emailPreferencesSchema = z.object({
  [EMAIL_PREFERENCE_KEYS.bookings]: z.boolean(),
  [EMAIL_PREFERENCE_KEYS.messages]: z.boolean(),
  [EMAIL_PREFERENCE_KEYS.teams]: z.boolean(),
  [EMAIL_PREFERENCE_KEYS.reviews]: z.boolean(),
  [EMAIL_PREFERENCE_KEYS.payments]: z.boolean(),
  [EMAIL_PREFERENCE_KEYS.product_news]: z.boolean(),
  [EMAIL_PREFERENCE_KEYS.saved_searches]: z.boolean(),
  [EMAIL_PREFERENCE_KEYS.call_matches]: z.boolean(),
  [EMAIL_DIGEST_KEY]: z.boolean(),
}) satisfies z.ZodType<EmailPreferences>;

/** GET /api/notifications/preferences, and PATCH's answer: SPEC's five keys and the seven e-mail keys. */
export const allPreferencesSchema = notificationPreferencesSchema
  .extend(emailPreferencesSchema.shape)
  .extend({
    /** Issue 36: `call_match` alerts of new crew calls for one's roles and place; opt-in, off by default. */
    [CALL_MATCH_PREFERENCE_KEY]: z.boolean(),
  });
export type AllPreferences = z.infer<typeof allPreferencesSchema>;

/** PATCH /api/notifications/preferences: any of the twelve; one left out stays as it is. */
export const updateAllPreferencesRequest = allPreferencesSchema.partial();
export type UpdateAllPreferencesRequest = z.infer<typeof updateAllPreferencesRequest>;

/** How the preferences page, the unsubscribe page and the mails' footers name each category. */
export const EMAIL_CATEGORY_LABELS: Record<EmailCategory, string> = {
  bookings: 'Bookings and holds',
  messages: 'Messages',
  teams: 'Teams',
  reviews: 'Reviews and your profile',
  payments: 'Payments',
  product_news: 'Product news',
  saved_searches: 'Saved search alerts',
  call_matches: 'Crew call alerts',
};

/** What an unsubscribe link names, as its confirmation page says it ("e-mails about …"). */
export const UNSUBSCRIBE_SCOPE_LABELS: Record<UnsubscribeScope, string> = {
  ...EMAIL_CATEGORY_LABELS,
  digest: 'Everything in the daily digest',
};

export const EMAIL_DIGEST_LABEL = 'Send one daily digest instead of separate e-mails';

/** The query of POST/GET /api/email/unsubscribe and POST /api/email/resubscribe. */
export const unsubscribeQuery = z.object({
  // Checked by its signature, not its shape: anything malformed is "not valid", as a forgery is.
  token: text().max(200, 'This unsubscribe link is not valid').optional(),
});

/** POST /api/email/unsubscribe (the one-click POST) answers this. */
export const unsubscribeResponse = z.object({
  category: z.string(),
  unsubscribed: z.literal(true),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponse>;

/** Messages of the unsubscribe link (400 answer and the pages). */
export const UNSUBSCRIBE_MESSAGES = {
  invalidToken:
    'This unsubscribe link is not valid. It may have been cut short or changed: open your notification preferences to choose which e-mails you get.',
  done: (label: string) => `You will no longer get e-mails about ${label.toLowerCase()}.`,
  resubscribed: (label: string) => `E-mails about ${label.toLowerCase()} are on again.`,
} as const;
