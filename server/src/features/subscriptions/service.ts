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

/**
 * What /subscription shows of a row: `premium` is isPremium's answer (the same as `isSubscribed`).
 * A period that is over, or a subscription that ended, shows as canceled; a payment problem
 * (past due, unpaid, paused) as past_due; a checkout never paid as none.
 */
export function statusOf(
  row: q.SubscriptionRow | undefined,
  provider: PaymentProvider,
  now = new Date(),
): SubscriptionStatus {
  const base = {
    provider: provider.name,
    premium: false,
    cancelAtPeriodEnd: false,
    plan: null,
    currentPeriodEnd: null,
  };
  if (!row || row.status === 'incomplete') return { status: 'none', ...base };
  const premium = isPremium(row, now);
  const ended =
    row.status === 'canceled' ||
    (row.endedAt !== null && row.endedAt <= now) ||
    (row.currentPeriodEnd <= now && (row.status === 'active' || row.status === 'trialing'));
  const paymentProblem = row.status === 'past_due' || row.status === 'unpaid' || row.status === 'paused';
  return {
    status: ended
      ? 'canceled'
      : paymentProblem
        ? 'past_due'
        : row.status === 'trialing'
          ? 'trialing'
          : 'active',
    premium,
    plan: row.plan,
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd && premium,
    provider: provider.name,
  };
}

export async function getStatus(s: Subscriptions, userId: number): Promise<SubscriptionStatus> {
  await settleDemoSubscriptions(s, new Date(), userId);
  const shown =
    (await q.findLiveSubscription(s.db, userId)) ?? (await q.findLatestSubscription(s.db, userId));
  return statusOf(shown, s.provider);
}

/**
 * Starts a checkout with the provider; the member completes it there (or on our demo page).
 * Refused while the member is Premium. A checkout of the same plan still open is reused (its
 * url again), so a member never holds two checkouts that could both be paid; an open one of the
 * other plan is expired with the provider first.
 */
export async function startCheckout(
  s: Subscriptions,
  member: Member,
  plan: PremiumPlanId,
): Promise<{ url: string }> {
  const current = await q.findLiveSubscription(s.db, member.id);
  if (current) {
    throw new ConflictError(
      current.cancelAtPeriodEnd ? SUBSCRIPTION_MESSAGES.resumeInstead : SUBSCRIPTION_MESSAGES.alreadyPremium,
    );
  }
  for (const open of await q.findOpenCheckouts(s.db, member.id, s.provider.name)) {
    if (open.plan === plan && open.url) return { url: open.url };
    // Told to the provider first (outside any transaction): once it answers, the old one cannot be paid.
    await callProvider(() => s.provider.expirePaymentCheckout(open.id));
    await q.expireCheckout(s.db, open.id);
  }
  const checkout = await callProvider(() =>
    s.provider.startCheckout({ userId: member.id, email: member.email, plan }),
  );
  await q.insertCheckoutSession(s.db, {
    id: checkout.id,
    userId: member.id,
    plan,
    provider: s.provider.name,
    url: checkout.url,
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
 * charge is recorded (payment row, payment_received), all in one transaction, serialised per
 * member: two checkouts completed at once end with one subscription and one charge.
 */
export async function completeDemoCheckout(
  s: Subscriptions,
  member: Member,
  sessionId: string,
): Promise<SubscriptionStatus> {
  assertDemo(s);
  const subscription = await s.db.transaction(async (tx) => {
    await q.lockMemberSubscriptions(tx, member.id);
    const session = await q.findCheckoutSession(tx, sessionId, member.id, true);
    if (!session) throw new NotFoundError(SUBSCRIPTION_MESSAGES.sessionNotFound);
    if (session.completedAt) throw new ConflictError(SUBSCRIPTION_MESSAGES.sessionUsed);
    if (session.expiresAt <= new Date()) throw new GoneError(SUBSCRIPTION_MESSAGES.sessionExpired);
    if (await q.lockLiveSubscription(tx, member.id))
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

/**
 * Cancel (at the period's end: Premium stays until then) or resume the member's live
 * subscription. The provider is told first, with no transaction open (a slow Stripe holds no
 * lock and no connection); then a short transaction checks the row is still the live one and
 * still says the opposite, and writes it.
 */
export async function setCancelAtPeriodEnd(
  s: Subscriptions,
  member: Member,
  cancel: boolean,
): Promise<SubscriptionStatus> {
  const refusal = () =>
    new ConflictError(cancel ? SUBSCRIPTION_MESSAGES.nothingToCancel : SUBSCRIPTION_MESSAGES.nothingToResume);
  const current = await q.findLiveSubscription(s.db, member.id);
  if (!current || current.cancelAtPeriodEnd === cancel) throw refusal();
  await callProvider(() => s.provider.setCancelAtPeriodEnd(current.providerSubscriptionId, cancel));
  const row = await s.db.transaction(async (tx) => {
    const live = await q.lockLiveSubscription(tx, member.id);
    if (!live || live.id !== current.id) throw refusal();
    // A webhook may have written Stripe's answer meanwhile: then there is nothing left to write.
    return live.cancelAtPeriodEnd === cancel
      ? live
      : q.updateSubscription(tx, live.id, { cancelAtPeriodEnd: cancel });
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
        await q.updateSubscription(tx, row.id, {
          status: 'canceled',
          statusSince: now,
          endedAt: row.currentPeriodEnd,
        });
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

/**
 * A member deleting their account (issue 33, ADR 026): the live subscription stops renewing, as
 * Cancel would (the provider first, no transaction open). Nothing live, or already cancelled: no-op.
 */
export async function stopRenewalForDeletion(s: Subscriptions, member: Member): Promise<void> {
  const current = await q.findLiveSubscription(s.db, member.id);
  if (!current || current.cancelAtPeriodEnd) return;
  await setCancelAtPeriodEnd(s, member, true).catch((error: unknown) => {
    // Ended or cancelled meanwhile (a webhook, a second tab): nothing is left to stop.
    if (!(error instanceof ConflictError)) throw error;
  });
}
