import { isPremium } from '#common/policies/premium';
import { addInterval, PREMIUM_PLANS, type PremiumPlanId } from '#common/premium';
import {
  type PlanListResponse,
  SUBSCRIPTION_MESSAGES,
  type SubscriptionStatus,
} from '#common/schemas/subscriptions';
import type { Database } from '#server/db/client.ts';
import { BadRequestError, ConflictError, GoneError, NotFoundError } from '#server/errors.ts';
import { callProvider, type PaymentProvider, recordPayment } from '#server/features/payments/index.ts';
import type { RequestAuth } from '#server/http/request-auth.ts';
import * as q from './queries.ts';

export interface Subscriptions {
  db: Database;
  provider: PaymentProvider;
}
type Member = Pick<RequestAuth['user'], 'id' | 'email'>;

/** A checkout not completed within a day is dropped: prices or the member's mind may have changed. */
const CHECKOUT_LIFETIME_MS = 24 * 60 * 60_000;

export function listPlans(): PlanListResponse {
  return {
    plans: Object.values(PREMIUM_PLANS).map(({ id, amount, currency, interval }) => ({
      id,
      amount,
      currency,
      interval,
    })),
  };
}

export function statusOf(
  row: q.SubscriptionRow | undefined,
  provider: PaymentProvider,
  now = new Date(),
): SubscriptionStatus {
  const base = { provider: provider.name, cancelAtPeriodEnd: false, plan: null, currentPeriodEnd: null };
  if (!row || row.status === 'incomplete') return { status: 'none', ...base };
  // A period that is over and was not renewed has ended, whatever the row last said.
  const ended = row.currentPeriodEnd <= now && row.status !== 'past_due';
  return {
    status: ended ? 'canceled' : row.status,
    plan: row.plan,
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd && !ended,
    provider: provider.name,
  };
}

export async function getStatus(s: Subscriptions, userId: number): Promise<SubscriptionStatus> {
  await settleDemoSubscriptions(s, new Date(), userId);
  return statusOf(await q.findLatestSubscription(s.db, userId), s.provider);
}

/** Starts a checkout with the provider; the member completes it there (or on our demo page). */
export async function startCheckout(
  s: Subscriptions,
  member: Member,
  plan: PremiumPlanId,
): Promise<{ url: string }> {
  const current = await q.findLatestSubscription(s.db, member.id);
  if (isPremium(current)) {
    throw new ConflictError(
      current?.cancelAtPeriodEnd ? SUBSCRIPTION_MESSAGES.resumeInstead : SUBSCRIPTION_MESSAGES.alreadyPremium,
    );
  }
  const checkout = await callProvider(() =>
    s.provider.startCheckout({ userId: member.id, email: member.email, plan }),
  );
  await q.insertCheckoutSession(s.db, {
    id: checkout.id,
    userId: member.id,
    plan,
    provider: s.provider.name,
    expiresAt: new Date(Date.now() + CHECKOUT_LIFETIME_MS),
  });
  return { url: checkout.url };
}

function assertDemo(s: Subscriptions) {
  if (s.provider.name !== 'demo') throw new BadRequestError(SUBSCRIPTION_MESSAGES.demoDisabled);
}

export async function getDemoCheckout(s: Subscriptions, member: Member, sessionId: string) {
  assertDemo(s);
  const session = await q.findCheckoutSession(s.db, sessionId, member.id);
  if (!session) throw new NotFoundError(SUBSCRIPTION_MESSAGES.sessionNotFound);
  const { name: _name, ...plan } = PREMIUM_PLANS[session.plan];
  return { session: session.id, plan, completed: session.completedAt !== null };
}

/**
 * The demo checkout's "pay": the session is used up, the subscription starts and its first
 * charge is recorded (payment row, payment_received), all in one transaction.
 */
export async function completeDemoCheckout(
  s: Subscriptions,
  member: Member,
  sessionId: string,
): Promise<SubscriptionStatus> {
  assertDemo(s);
  const subscription = await s.db.transaction(async (tx) => {
    const session = await q.findCheckoutSession(tx, sessionId, member.id, true);
    if (!session) throw new NotFoundError(SUBSCRIPTION_MESSAGES.sessionNotFound);
    if (session.completedAt) throw new ConflictError(SUBSCRIPTION_MESSAGES.sessionUsed);
    if (session.expiresAt <= new Date()) throw new GoneError(SUBSCRIPTION_MESSAGES.sessionExpired);
    if (isPremium(await q.lockLatestSubscription(tx, member.id)))
      throw new ConflictError(SUBSCRIPTION_MESSAGES.alreadyPremium);
    await q.markCheckoutCompleted(tx, session.id);
    const plan = PREMIUM_PLANS[session.plan];
    const start = new Date();
    const row = await q.insertSubscription(tx, {
      userId: member.id,
      plan: plan.id,
      status: 'active',
      provider: 'demo',
      currentPeriodStart: start,
      currentPeriodEnd: addInterval(start, plan.interval),
    });
    await chargePeriod(tx, row);
    return row;
  });
  return statusOf(subscription, s.provider);
}

/** The demo provider's charge for a subscription's current period. */
function chargePeriod(tx: q.Executor, row: q.SubscriptionRow) {
  const plan = PREMIUM_PLANS[row.plan];
  return recordPayment(tx, {
    userId: row.userId,
    kind: 'subscription',
    description: plan.name,
    amount: plan.amount,
    currency: plan.currency,
    provider: 'demo',
    subscriptionId: row.id,
    periodStart: row.currentPeriodStart,
    periodEnd: row.currentPeriodEnd,
  });
}

/** Cancel (at the period's end: Premium stays until then) or resume the member's subscription. */
export async function setCancelAtPeriodEnd(
  s: Subscriptions,
  member: Member,
  cancel: boolean,
): Promise<SubscriptionStatus> {
  const row = await s.db.transaction(async (tx) => {
    const current = await q.lockLatestSubscription(tx, member.id);
    if (!current || !isPremium(current) || current.cancelAtPeriodEnd === cancel) {
      throw new ConflictError(
        cancel ? SUBSCRIPTION_MESSAGES.nothingToCancel : SUBSCRIPTION_MESSAGES.nothingToResume,
      );
    }
    // Told to the provider first, under the row's lock: our row never says what Stripe does not.
    await callProvider(() => s.provider.setCancelAtPeriodEnd(current.providerSubscriptionId, cancel));
    return q.updateSubscription(tx, current.id, { cancelAtPeriodEnd: cancel });
  });
  return statusOf(row, s.provider);
}

/**
 * Demo subscriptions whose period is over: renewed and charged period by period while the member
 * has not cancelled (and the demo provider is still the one in use), otherwise ended. Stripe
 * renews its own and says so by webhook. Run every minute, and for a member before their status
 * is read.
 */
export async function settleDemoSubscriptions(s: Subscriptions, now: Date, userId?: number): Promise<number> {
  return s.db.transaction(async (tx) => {
    const due = await q.lockDueDemoSubscriptions(tx, now, userId);
    for (let row of due) {
      if (row.cancelAtPeriodEnd || s.provider.name !== 'demo') {
        await q.updateSubscription(tx, row.id, { status: 'canceled' });
        continue;
      }
      // A server that was off for months catches up one paid period at a time (at most three years).
      for (let periods = 0; row.currentPeriodEnd <= now && periods < 36; periods++) {
        const interval = PREMIUM_PLANS[row.plan].interval;
        row = await q.updateSubscription(tx, row.id, {
          currentPeriodStart: row.currentPeriodEnd,
          currentPeriodEnd: addInterval(row.currentPeriodEnd, interval),
        });
        await chargePeriod(tx, row);
      }
    }
    return due.length;
  });
}
