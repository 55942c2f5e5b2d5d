import type Stripe from 'stripe';
import { PREMIUM_PLAN_IDS, PREMIUM_PLANS, type PremiumPlanId } from '#common/premium';
import type { Database } from '#server/db/client.ts';
import { settleBookingPayment } from '#server/features/bookings/index.ts';
import { recordPayment } from '#server/features/payments/index.ts';
import * as q from './queries.ts';

/** Stripe's subscription states, as ours (which read past_due and canceled as Stripe does). */
const STATUS_OF: Record<string, q.SubscriptionRow['status']> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  unpaid: 'past_due',
  paused: 'past_due',
  canceled: 'canceled',
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
};

const seconds = (unix: number) => new Date(unix * 1000);

function memberOf(
  metadata: Stripe.Metadata | null | undefined,
): { userId: number; plan: PremiumPlanId } | null {
  const userId = Number(metadata?.userId);
  const plan = PREMIUM_PLAN_IDS.find((id) => id === metadata?.plan);
  return Number.isInteger(userId) && userId > 0 && plan ? { userId, plan } : null;
}

/** Whose Premium a subscription event may change (its metadata names the member), if any. */
export function memberOfEvent(event: Stripe.Event): number | null {
  return event.type.startsWith('customer.subscription.')
    ? (memberOf((event.data.object as Stripe.Subscription).metadata)?.userId ?? null)
    : null;
}

/** What this delivery did: applied, a replay of one applied before, or nothing we act on. */
export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies one verified Stripe event, once: its id is written in the same transaction as what it
 * changes, so a replay (Stripe retries until it hears 2xx) changes nothing. Subscription events
 * carry their member in the metadata set at checkout, so they may arrive in any order; an event
 * older than the state already applied (Stripe's `created`) is recorded and changes nothing.
 */
export async function applyStripeEvent(db: Database, event: Stripe.Event): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    if (!(await q.recordWebhookEvent(tx, { id: event.id, type: event.type }))) return 'duplicate';
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return applySubscription(tx, event.data.object, seconds(event.created));
      case 'invoice.paid':
        return applyPaidInvoice(tx, event.data.object);
      case 'checkout.session.completed':
        return applyPaidCheckout(tx, event.data.object);
      default:
        return 'ignored';
    }
  });
}

async function applySubscription(
  tx: q.Executor,
  subscription: Stripe.Subscription,
  stateAt: Date,
): Promise<EventOutcome> {
  const member = memberOf(subscription.metadata);
  const item = subscription.items.data[0];
  if (!member || !item) return 'ignored';
  const values = {
    status: STATUS_OF[subscription.status] ?? 'past_due',
    plan: member.plan,
    currentPeriodStart: seconds(item.current_period_start),
    currentPeriodEnd: seconds(item.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    providerCustomerId:
      typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    providerStateAt: stateAt,
  };
  const existing = await q.findByProviderId(tx, subscription.id, true);
  if (!existing) {
    await q.insertSubscription(tx, {
      ...values,
      userId: member.userId,
      provider: 'stripe',
      providerSubscriptionId: subscription.id,
    });
    return 'applied';
  }
  // Out of order: a state older than the one applied says nothing new.
  if (existing.providerStateAt && existing.providerStateAt > stateAt) return 'ignored';
  await q.updateSubscription(tx, existing.id, values);
  return 'applied';
}

/** A paid invoice is a charge: the start of a subscription or a renewal. */
async function applyPaidInvoice(tx: q.Executor, invoice: Stripe.Invoice): Promise<EventOutcome> {
  const details = invoice.parent?.subscription_details;
  const subscriptionId =
    typeof details?.subscription === 'string' ? details.subscription : (details?.subscription?.id ?? null);
  const row = subscriptionId ? await q.findByProviderId(tx, subscriptionId) : undefined;
  const member = memberOf(details?.metadata) ?? (row ? { userId: row.userId, plan: row.plan } : null);
  if (!member || !invoice.id || invoice.amount_paid <= 0) return 'ignored';
  const line = invoice.lines.data[0];
  const taxAmount = (invoice.total_taxes ?? []).reduce((sum, tax) => sum + tax.amount, 0);
  const recorded = await recordPayment(tx, {
    userId: member.userId,
    kind: 'subscription',
    description: PREMIUM_PLANS[member.plan].name,
    amount: invoice.amount_paid,
    taxAmount,
    currency: invoice.currency,
    provider: 'stripe',
    providerPaymentId: invoice.id,
    subscriptionId: row?.id ?? null,
    periodStart: line ? seconds(line.period.start) : null,
    periodEnd: line ? seconds(line.period.end) : null,
  });
  return recorded === null ? 'duplicate' : 'applied';
}

/**
 * A one-off Checkout (a booking) that was paid: the booking named on its metadata is settled,
 * once, under the payment intent's id (the same charge reported twice is recorded once).
 */
async function applyPaidCheckout(
  tx: Parameters<typeof settleBookingPayment>[0],
  session: Stripe.Checkout.Session,
): Promise<EventOutcome> {
  const bookingId = Number(session.metadata?.bookingId);
  if (session.mode !== 'payment' || session.metadata?.kind !== 'booking' || !Number.isInteger(bookingId))
    return 'ignored';
  if (session.payment_status !== 'paid') return 'ignored';
  const intent =
    typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  const paid = await settleBookingPayment(tx, bookingId, {
    provider: 'stripe',
    providerPaymentId: intent ?? session.id,
  });
  return paid === null ? 'duplicate' : 'applied';
}
