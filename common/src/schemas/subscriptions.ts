import { z } from 'zod';
import { PREMIUM_PLAN_IDS } from '../premium.ts';
import { text } from './text.ts';

/**
 * Premium (issue 16): the calls under /api/subscription. The plans themselves are in premium.ts.
 */
/**
 * A subscription row's status: Stripe's, except that `canceled` means ended (Stripe's `canceled`
 * and `incomplete_expired`, and a demo subscription not renewed). Who is Premium: see
 * common/src/policies/premium.ts.
 */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'paused',
  'canceled',
  'incomplete',
] as const;
export type SubscriptionRowStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const planSchema = z.object({
  id: z.enum(PREMIUM_PLAN_IDS),
  amount: z.number().int(),
  currency: text(),
  interval: z.enum(['month', 'year']),
});
export const planListResponse = z.object({ plans: z.array(planSchema) });
export type PlanListResponse = z.infer<typeof planListResponse>;

export const subscriptionStatusResponse = z.object({
  status: z.enum(['none', 'active', 'trialing', 'past_due', 'canceled']),
  /** Premium now, by the one rule (common/src/policies/premium.ts): past due is Premium for a grace period only. */
  premium: z.boolean(),
  plan: z.enum(PREMIUM_PLAN_IDS).nullable(),
  /** ISO 8601; null without a subscription. */
  currentPeriodEnd: text().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Who takes payments on this server: Stripe when it is configured, else the built-in demo. */
  provider: z.enum(['stripe', 'demo']),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusResponse>;

export const checkoutRequest = z.object({
  plan: z.enum(PREMIUM_PLAN_IDS, { error: 'Choose the monthly or the yearly plan' }),
});
export const checkoutResponse = z.object({ url: text() });

export const demoCheckoutSessionParams = z.object({
  session: text({ error: 'Checkout session is required' }).min(1, 'Checkout session is required').max(100),
});
export const demoCheckoutSessionResponse = z.object({
  session: text(),
  plan: planSchema,
  completed: z.boolean(),
});
export const demoCompleteRequest = demoCheckoutSessionParams;

export const SUBSCRIPTION_MESSAGES = {
  sessionNotFound: 'Checkout session not found',
  sessionUsed: 'This checkout has already been completed',
  sessionExpired: 'This checkout has expired: start again from the plans',
  demoDisabled: 'Payments are taken by Stripe on this server: the demo checkout is off',
  alreadyPremium: 'You are already a Premium member',
  resumeInstead: 'Your Premium membership is still running until the end of its period: resume it instead',
  nothingToCancel: 'You have no subscription to cancel',
  nothingToResume: 'There is no cancelled subscription to resume',
  providerUnavailable: 'The payment provider could not be reached. Please try again in a moment.',
} as const;
