import type Stripe from 'stripe';
import { PREMIUM_PLAN_IDS, PREMIUM_PLANS, type PremiumPlanId } from '#common/premium';
import type { Database } from '#server/db/client.ts';
import { settleBookingPayment } from '#server/features/bookings/index.ts';
import { recordPayment } from '#server/features/payments/index.ts';
import * as q from './queries.ts';

/** Stripe's subscription states, as ours: `canceled` is ours for every subscription that ended. */
const STATUS_OF: Record<string, q.SubscriptionRow['status']> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  unpaid: 'unpaid',
  paused: 'paused',
  canceled: 'canceled',
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
};

/**
 * How far along its life a Stripe status is, for two events of one subscription with the same
 * `created` second (Stripe's clock has one-second steps): the further one is the newer. A
 * subscription is created incomplete, is paid (trialing, then active), may fall behind (past
 * due, then unpaid or paused) and ends (canceled, incomplete_expired), so a paying member is
 * never set back to incomplete by an event that arrives late. A status Stripe adds later ranks
 * lowest: it never overwrites a state of the same second.
 */
export const STATUS_RANK: Record<string, number> = {
  incomplete: 1,
  trialing: 2,
  active: 3,
  past_due: 4,
  unpaid: 5,
  paused: 5,
  canceled: 6,
  incomplete_expired: 6,
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
 * older than the state already applied (Stripe's `created`, then STATUS_RANK within one second)
 * is recorded and changes nothing.
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
  const status = STATUS_OF[subscription.status] ?? 'unpaid';
  const rank = STATUS_RANK[subscription.status] ?? 0;
  const values = {
    status,
    plan: member.plan,
    currentPeriodStart: seconds(item.current_period_start),
    currentPeriodEnd: seconds(item.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    providerCustomerId:
      typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    endedAt: subscription.ended_at ? seconds(subscription.ended_at) : null,
    providerStateAt: stateAt,
    providerStateRank: rank,
  };
  const existing = await q.findByProviderId(tx, subscription.id, true);
  if (!existing) {
    await q.insertSubscription(tx, {
      ...values,
      userId: member.userId,
      provider: 'stripe',
      providerSubscriptionId: subscription.id,
      statusSince: stateAt,
    });
    return 'applied';
  }
  // Out of order: a state older than the one applied (by time, then rank) says nothing new.
  if (isOlder({ at: stateAt, rank }, existing)) return 'ignored';
  await q.updateSubscription(tx, existing.id, {
    ...values,
    // A past-due grace counts from the event that made it past due, not from a later one.
    ...(existing.status === status ? {} : { statusSince: stateAt }),
  });
  return 'applied';
}

/** Whether a state (its event's `created`, its status rank) is older than the row's applied one. */
function isOlder(state: { at: Date; rank: number }, row: q.SubscriptionRow): boolean {
  if (!row.providerStateAt) return false;
  const at = state.at.getTime();
  const appliedAt = row.providerStateAt.getTime();
  return at < appliedAt || (at === appliedAt && state.rank < (row.providerStateRank ?? 0));
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
 * once, under the payment intent's id (the same charge reported twice is recorded once). Money
 * that arrives for a booking cancelled or paid already is recorded with its refund due, and the
 * minute sweep gives it back (issue 30): only a replay of the same charge is a duplicate.
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
