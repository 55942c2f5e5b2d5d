import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../notifications.ts';
import { NOTIFICATION_TYPES } from '../schemas/notifications.ts';
import {
  DEFAULT_EMAIL_PREFERENCES,
  EMAIL_CATEGORIES,
  EMAIL_CATEGORY_DEFAULTS,
  EMAIL_DIGEST_KEY,
  EMAIL_PREFERENCE_KEYS,
  emailCategoryOf,
  parseEmailCategory,
} from './email.ts';

describe('emailCategoryOf (type × data)', () => {
  it.each([
    ['booking_request', undefined, 'bookings'],
    ['booking_request', { bookingId: 4 }, 'bookings'],
    ['team_invite', { teamId: 2 }, 'teams'],
    ['message', null, 'messages'],
    ['review', { reviewId: 1 } as object, 'reviews'],
    ['profile_featured', null, 'reviews'],
    ['payment_received', { paymentId: 9 }, 'payments'],
    // A system notice is mailed only when it is about a payment or a booking (hold lapsing, declined…).
    ['system', { paymentId: 9 }, 'payments'],
    ['system', { bookingId: 3 }, 'bookings'],
    ['system', { paymentId: 9, bookingId: 3 }, 'payments'],
    ['system', { teamId: 1 }, null],
    ['system', null, null],
    ['system', undefined, null],
    // A connection request stays on the site only.
    ['connection_request', null, null],
    // Issue 35: a saved search's new matches, under their own switch.
    ['saved_search_match', { savedSearchId: 4 }, 'saved_searches'],
    // Issue 36: applications and their answers go with bookings.
    ['call_application', { callId: 1, applicationId: 2 }, 'bookings'],
    ['application_update', { callId: 1, applicationId: 2 }, 'bookings'],
    // The opt-in call_match alerts, under their own switch (ADR 038).
    ['call_match', { count: 2 }, 'call_matches'],
  ] as const)('%s with %j → %s', (type, data, expected) => {
    expect(emailCategoryOf(type, data as never)).toBe(expected);
  });

  it('answers for every notification type, and only with a known category', () => {
    for (const type of NOTIFICATION_TYPES) {
      const category = emailCategoryOf(type, {});
      expect(category === null || EMAIL_CATEGORIES.includes(category), type).toBe(true);
    }
  });
});

describe('e-mail preference keys and defaults', () => {
  it.each([
    ['bookings', 'email_booking_notifications', true],
    ['messages', 'email_message_notifications', true],
    ['teams', 'email_team_notifications', true],
    ['reviews', 'email_review_notifications', true],
    ['payments', 'email_payment_notifications', true],
    ['product_news', 'email_product_news', false],
    ['saved_searches', 'email_saved_search_notifications', true],
    ['call_matches', 'email_call_match_notifications', true],
  ] as const)('%s is %s, %s by default', (category, key, on) => {
    expect(EMAIL_PREFERENCE_KEYS[category]).toBe(key);
    expect(EMAIL_CATEGORY_DEFAULTS[category]).toBe(on);
    expect(DEFAULT_EMAIL_PREFERENCES[key]).toBe(on);
  });

  it('the digest is off by default; the nine keys are distinct and never one of SPEC’s five', () => {
    expect(DEFAULT_EMAIL_PREFERENCES[EMAIL_DIGEST_KEY]).toBe(false);
    const keys = Object.keys(DEFAULT_EMAIL_PREFERENCES);
    expect(keys).toHaveLength(9);
    expect(new Set(keys).size).toBe(9);
    for (const key of Object.keys(DEFAULT_NOTIFICATION_PREFERENCES)) expect(keys).not.toContain(key);
  });

  it.each([
    ['bookings', 'bookings'],
    ['product_news', 'product_news'],
    ['Bookings', null],
    ['booking', null],
    ['', null],
    ['toString', null],
    ['__proto__', null],
  ] as const)('parseEmailCategory(%j) → %s', (value, expected) => {
    expect(parseEmailCategory(value)).toBe(expected);
  });
});
