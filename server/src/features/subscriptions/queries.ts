import { and, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { PremiumPlanId } from '#common/premium';
import { premiumSubscriptionSql } from '#server/access/premium-queries.ts';
import type { Database } from '#server/db/client.ts';
import { checkoutSessions, subscriptions, webhookEvents } from '#server/db/schema/index.ts';

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The member's newest subscription: the one /subscription shows. */
export function findLatestSubscription(db: Executor, userId: number) {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1)
    .then((rows) => rows[0]);
}

/**
 * The member's live subscription: the one that makes them Premium now (premiumSubscriptionSql,
 * the rule of common/src/policies/premium.ts), whichever row is newest. Cancel and resume act on it.
 */
function liveSubscription(db: Executor, userId: number) {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), premiumSubscriptionSql('subscriptions')))
    .orderBy(desc(subscriptions.currentPeriodEnd), desc(subscriptions.id))
    .limit(1);
}

export function findLiveSubscription(db: Executor, userId: number) {
  return liveSubscription(db, userId).then((rows) => rows[0]);
}

/** The same, locked for a change (cancel, resume). */
export function lockLiveSubscription(db: Executor, userId: number) {
  return liveSubscription(db, userId)
    .for('update')
    .then((rows) => rows[0]);
}

/** Arbitrary, distinct from the other pg_advisory_xact_lock classes (reviews: 6001). */
const MEMBER_SUBSCRIPTION_LOCK_CLASS = 6_101;

/**
 * Serialises, until the transaction ends, everything that may start a subscription for this
 * member: two demo completions raced at once run one after the other, and the second sees the first.
 */
export async function lockMemberSubscriptions(tx: Executor, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${MEMBER_SUBSCRIPTION_LOCK_CLASS}, ${userId})`);
}

export function insertCheckoutSession(
  db: Executor,
  values: {
    id: string;
    userId: number;
    plan: PremiumPlanId;
    provider: 'demo' | 'stripe';
    url: string;
    expiresAt: Date;
  },
) {
  return db.insert(checkoutSessions).values(values);
}

/** The member's checkouts with this provider that are neither completed nor expired, newest first. */
export function findOpenCheckouts(db: Executor, userId: number, provider: 'demo' | 'stripe') {
  return db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.userId, userId),
        eq(checkoutSessions.provider, provider),
        isNull(checkoutSessions.completedAt),
        gt(checkoutSessions.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(checkoutSessions.createdAt));
}

/** A checkout given up for another: it can no longer be completed. */
export function expireCheckout(db: Executor, id: string) {
  return db
    .update(checkoutSessions)
    .set({ expiresAt: sql`now()` })
    .where(and(eq(checkoutSessions.id, id), isNull(checkoutSessions.completedAt)));
}

export function findCheckoutSession(db: Executor, id: string, userId: number, lock = false) {
  const query = db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.userId, userId)));
  return (lock ? query.for('update') : query).then((rows) => rows[0]);
}

export function markCheckoutCompleted(db: Executor, id: string) {
  return db.update(checkoutSessions).set({ completedAt: sql`now()` }).where(eq(checkoutSessions.id, id));
}

export function insertSubscription(db: Executor, values: typeof subscriptions.$inferInsert) {
  return db
    .insert(subscriptions)
    .values(values)
    .returning()
    .then((rows) => rows[0] as SubscriptionRow);
}

export function updateSubscription(
  db: Executor,
  id: number,
  values: Partial<typeof subscriptions.$inferInsert>,
) {
  return db
    .update(subscriptions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, id))
    .returning()
    .then((rows) => rows[0] as SubscriptionRow);
}

/** Demo subscriptions whose period is over, locked; another instance's sweep skips them. */
export function lockDueDemoSubscriptions(db: Executor, now: Date, userId?: number) {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'demo'),
        inArray(subscriptions.status, ['active', 'trialing']),
        lte(subscriptions.currentPeriodEnd, now),
        userId === undefined ? undefined : eq(subscriptions.userId, userId),
      ),
    )
    .limit(100)
    .for('update', { skipLocked: true });
}

export function findByProviderId(db: Executor, providerSubscriptionId: string, lock = false) {
  const query = db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  return (lock ? query.for('update') : query).then((rows) => rows[0]);
}

/** Writes a Stripe event's id, once: false when it was written before (a replay). */
export async function recordWebhookEvent(
  db: Executor,
  event: { id: string; type: string },
): Promise<boolean> {
  const [fresh] = await db
    .insert(webhookEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return fresh !== undefined;
}
