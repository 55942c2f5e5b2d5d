import { and, asc, desc, eq, or } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { payments, users } from '#server/db/schema/index.ts';

const paymentColumns = {
  id: payments.id,
  userId: payments.userId,
  payeeId: payments.payeeId,
  kind: payments.kind,
  description: payments.description,
  amount: payments.amount,
  taxAmount: payments.taxAmount,
  currency: payments.currency,
  provider: payments.provider,
  invoiceNumber: payments.invoiceNumber,
  bookingId: payments.bookingId,
  periodStart: payments.periodStart,
  periodEnd: payments.periodEnd,
  seller: payments.seller,
  buyer: payments.buyer,
  refundStatus: payments.refundStatus,
  refundedAt: payments.refundedAt,
  createdAt: payments.createdAt,
};
export type PaymentRow = Awaited<ReturnType<typeof findPayment>>;

export function listPayments(db: Database, userId: number) {
  return db
    .select(paymentColumns)
    .from(payments)
    .where(or(eq(payments.userId, userId), eq(payments.payeeId, userId)))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

export function findPayment(db: Database, paymentId: number) {
  return db
    .select(paymentColumns)
    .from(payments)
    .where(eq(payments.id, paymentId))
    .then((rows) => rows[0]);
}

/** Who an invoice is made out to, or (a booking's crew member) made out by, as they are now. */
export function findParty(db: Pick<Database, 'select'>, userId: number) {
  return db
    .select({
      username: users.username,
      displayName: users.displayName,
      fallbackName: users.fallbackName,
      location: users.location,
    })
    .from(users)
    .where(eq(users.id, userId))
    .then((rows) => rows[0]);
}

/**
 * A charge's payments row, in the caller's transaction; undefined when the provider's charge id
 * was recorded already (the same charge reported twice is recorded once).
 */
export function insertPayment(tx: Pick<Database, 'insert'>, values: typeof payments.$inferInsert) {
  return tx
    .insert(payments)
    .values(values)
    .onConflictDoNothing({ target: payments.providerPaymentId })
    .returning({ id: payments.id, createdAt: payments.createdAt })
    .then((rows) => rows[0]);
}

/** Charges waiting to be given back through this provider, oldest first. */
export function dueRefunds(db: Database, provider: 'demo' | 'stripe', limit: number) {
  return db
    .select({ id: payments.id, providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(and(eq(payments.refundStatus, 'due'), eq(payments.provider, provider)))
    .orderBy(asc(payments.id))
    .limit(limit);
}

/** The provider gave it back: once (a second sweep finds it refunded already). */
export function markRefunded(db: Database, paymentId: number) {
  return db
    .update(payments)
    .set({ refundStatus: 'refunded', refundedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.refundStatus, 'due')));
}
