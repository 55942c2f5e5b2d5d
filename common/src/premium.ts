/**
 * CrewBase Premium: one plan, two prices, defined here once and shown everywhere from here (the
 * plan cards, checkout, invoices, the server's charges). Amounts are in cents.
 */
import { LIMITS } from './limits.ts';

export const PREMIUM_PLAN_IDS = ['monthly', 'yearly'] as const;
export type PremiumPlanId = (typeof PREMIUM_PLAN_IDS)[number];

export interface PremiumPlan {
  id: PremiumPlanId;
  amount: number;
  currency: 'usd';
  interval: 'month' | 'year';
  /** What the plan card and the invoice line call it. */
  name: string;
}

export const PREMIUM_PLANS: Record<PremiumPlanId, PremiumPlan> = {
  monthly: {
    id: 'monthly',
    amount: 1900,
    currency: 'usd',
    interval: 'month',
    name: 'CrewBase Premium, monthly',
  },
  yearly: {
    id: 'yearly',
    amount: 19000,
    currency: 'usd',
    interval: 'year',
    name: 'CrewBase Premium, yearly',
  },
};

export const PREMIUM_PRODUCT_NAME = 'CrewBase Premium';

/**
 * How long Premium stays on after a renewal fails (Stripe's `past_due`), counted from when the
 * subscription became past due, while Stripe retries the payment.
 */
export const PREMIUM_PAST_DUE_GRACE_DAYS = 7;

/** What Premium unlocks (SPEC §1), as the plan cards list it. */
export const PREMIUM_BENEFITS = [
  'Direct messages with any crew member',
  'Connections with the people you work with',
  'Team builder for your productions',
  'Every review, not just the newest three',
  'Advanced search filters: rating, reviews, experience, portfolio, verified work',
  'A Premium badge on your profile and search cards',
] as const;

/**
 * The 403 message of each Premium gate, naming Premium: the client shows it as it is, with an
 * Upgrade link.
 */
export const PREMIUM_REQUIRED = {
  searchFilters:
    'Advanced filters (minimum rating, reviews, years of experience, portfolio, verified collaborations) are a Premium feature',
  allReviews: `Only the newest ${LIMITS.reviewsFreeVisible} reviews are open to everyone. Upgrade to Premium to read them all.`,
  messages: 'Starting a conversation is a Premium feature: upgrade to Premium to message crew',
  connections: 'Sending connection requests is a Premium feature: upgrade to Premium to connect',
  teams: 'The team builder is a Premium feature: upgrade to Premium to build a team',
  bookings: 'Booking and holding crew is a Premium feature: upgrade to Premium to book',
  /** Issue 36: CALL_MESSAGES.premium. */
  calls: 'Posting a crew call needs Premium',
} as const;
export type PremiumFeature = keyof typeof PREMIUM_REQUIRED;

/** One interval later, keeping the day of the month where the month has it (Jan 31 → Feb 28). */
export function addInterval(from: Date, interval: 'month' | 'year'): Date {
  const next = new Date(from);
  const months = interval === 'month' ? 1 : 12;
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return next;
}

/** "$19.00": an amount in cents in its currency. */
export function formatMoney(cents: number, currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}
