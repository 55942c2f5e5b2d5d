import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { PREMIUM_PLANS, PREMIUM_PRODUCT_NAME, type PremiumPlanId } from '#common/premium';
import { SUBSCRIPTION_MESSAGES } from '#common/schemas/subscriptions';
import { BadGatewayError } from '#server/errors.ts';

/**
 * Who takes the money. The service does the same thing whichever it is; only starting a
 * checkout and telling the provider about a cancellation differ.
 */
export interface PaymentProvider {
  name: 'demo' | 'stripe';
  /** The most one charge can be, in cents (Stripe: 8 digits); null when there is no limit. */
  maxCharge: number | null;
  /** A checkout for this member and plan: its id (kept by the service) and where to send the browser. */
  startCheckout(input: {
    userId: number;
    email: string;
    plan: PremiumPlanId;
  }): Promise<{ id: string; url: string }>;
  /**
   * A one-off charge (a booking): the page to send the payer to and until when it can be paid, or
   * null when the provider takes the money at once (the demo provider, where no money moves).
   */
  startPaymentCheckout(input: OneOffCharge): Promise<PaymentCheckout | null>;
  /** Closes a one-off checkout that must not be paid any more (best effort: it may be paid already). */
  expirePaymentCheckout(checkoutId: string): Promise<void>;
  /**
   * Gives a recorded charge back in full. The idempotency key makes a retry (the sweep runs again
   * after a crash between the call and marking it refunded) refund it once.
   */
  refundPayment(providerPaymentId: string, idempotencyKey: string): Promise<void>;
  /** Tells the provider to stop (or go on) renewing at the period's end. */
  setCancelAtPeriodEnd(providerSubscriptionId: string | null, cancel: boolean): Promise<void>;
  /** The Stripe client, for verifying webhooks; null for the demo provider. */
  stripe: Stripe | null;
}

export interface PaymentCheckout {
  id: string;
  url: string;
  expiresAt: Date;
}

/**
 * How long a booking's Checkout stays open (Stripe's shortest is 30 minutes): the booking cannot
 * be cancelled meanwhile, so it is kept short.
 */
export const PAYMENT_CHECKOUT_MINUTES = 35;

export interface OneOffCharge {
  email: string;
  description: string;
  /** Cents. */
  amount: number;
  currency: string;
  /** What the charge pays for, carried on the provider's records and back in its webhook. */
  metadata: Record<string, string>;
  /** Where the payer lands afterwards, paid or not (paths on this site). */
  successPath: string;
  cancelPath: string;
}

/** No money moves: the checkout is our own page, completed with POST /api/subscription/demo/complete. */
export function createDemoProvider(): PaymentProvider {
  return {
    name: 'demo',
    maxCharge: null,
    stripe: null,
    async startCheckout() {
      const id = `demo_${randomBytes(24).toString('base64url')}`;
      return { id, url: `/subscription/demo-checkout?session=${encodeURIComponent(id)}` };
    },
    async startPaymentCheckout() {
      return null;
    },
    async expirePaymentCheckout() {},
    // Nothing was taken: a demo payment is "refunded" by recording so (record-payment.ts).
    async refundPayment() {},
    async setCancelAtPeriodEnd() {},
  };
}

/**
 * Stripe Checkout in subscription mode. The price is sent with the session (price_data), from
 * the plan in common/, so an operator needs no products set up in Stripe. The member's id and
 * plan ride on the subscription's metadata: every later event of it names its member, in
 * whatever order the events arrive.
 */
export function createStripeProvider(stripe: Stripe, publicUrl: URL): PaymentProvider {
  return {
    name: 'stripe',
    // Stripe takes at most 99,999,999 in the smallest unit at once ($999,999.99).
    maxCharge: 99_999_999,
    stripe,
    async startCheckout({ userId, email, plan }) {
      const price = PREMIUM_PLANS[plan];
      const metadata = { userId: String(userId), plan };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        client_reference_id: String(userId),
        customer_email: email,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: price.currency,
              unit_amount: price.amount,
              recurring: { interval: price.interval },
              product_data: { name: PREMIUM_PRODUCT_NAME },
            },
          },
        ],
        metadata,
        subscription_data: { metadata },
        success_url: new URL('/subscription/success?session_id={CHECKOUT_SESSION_ID}', publicUrl).href,
        cancel_url: new URL('/subscription/cancel', publicUrl).href,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },
    async startPaymentCheckout({ email, description, amount, currency, metadata, successPath, cancelPath }) {
      const expiresAt = Math.floor(Date.now() / 1000) + PAYMENT_CHECKOUT_MINUTES * 60;
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        customer_email: email,
        line_items: [
          { quantity: 1, price_data: { currency, unit_amount: amount, product_data: { name: description } } },
        ],
        metadata,
        payment_intent_data: { metadata },
        expires_at: expiresAt,
        success_url: new URL(successPath, publicUrl).href,
        cancel_url: new URL(cancelPath, publicUrl).href,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      // Stripe's answer is the truth; what was asked for when it does not say.
      return {
        id: session.id,
        url: session.url,
        expiresAt: new Date((session.expires_at || expiresAt) * 1000),
      };
    },
    async expirePaymentCheckout(checkoutId) {
      await stripe.checkout.sessions.expire(checkoutId);
    },
    async refundPayment(providerPaymentId, idempotencyKey) {
      await stripe.refunds.create({ payment_intent: providerPaymentId }, { idempotencyKey });
    },
    async setCancelAtPeriodEnd(providerSubscriptionId, cancel) {
      if (providerSubscriptionId)
        await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: cancel });
    },
  };
}

export function createPaymentProvider(
  config: { stripe: { secretKey: string } | undefined; publicUrl: URL },
  stripeClient?: Stripe,
): PaymentProvider {
  if (!config.stripe) return createDemoProvider();
  return createStripeProvider(
    stripeClient ?? new Stripe(config.stripe.secretKey, { maxNetworkRetries: 2 }),
    config.publicUrl,
  );
}

/** A provider that cannot be reached is a 502 with a plain message, never a stack trace. */
export async function callProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw Object.assign(new BadGatewayError(SUBSCRIPTION_MESSAGES.providerUnavailable), { cause: error });
  }
}
