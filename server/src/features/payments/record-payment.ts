import { formatMoney } from '#common/premium';
import type { Database } from '#server/db/client.ts';
import { notify } from '#server/features/notifications/index.ts';
import { insertPayment } from './queries.ts';

export type PaymentExecutor = Pick<Database, 'insert' | 'execute'>;

export interface Charge {
  userId: number;
  kind: 'subscription' | 'booking';
  /** Who is paid (a booking's crew member), told too; none when CrewBase is paid. */
  payeeId?: number | null;
  description: string;
  /** Cents, tax included. */
  amount: number;
  taxAmount?: number;
  currency: string;
  provider: 'demo' | 'stripe';
  /** The provider's id of the charge: the same charge reported twice is recorded once. */
  providerPaymentId?: string | null;
  subscriptionId?: number | null;
  periodStart?: Date | null;
  periodEnd?: Date | null;
}

/**
 * The one way a successful charge is recorded: a payments row (its invoice number comes with
 * it) and the payer's payment_received notification, in the caller's transaction, so a charge is
 * never half recorded. Returns the new payment's id, or null when the provider's charge id was
 * recorded already.
 */
export async function recordPayment(tx: PaymentExecutor, charge: Charge): Promise<number | null> {
  const row = await insertPayment(tx, {
    userId: charge.userId,
    kind: charge.kind,
    payeeId: charge.payeeId ?? null,
    description: charge.description,
    amount: charge.amount,
    taxAmount: charge.taxAmount ?? 0,
    currency: charge.currency,
    provider: charge.provider,
    providerPaymentId: charge.providerPaymentId ?? null,
    subscriptionId: charge.subscriptionId ?? null,
    periodStart: charge.periodStart ?? null,
    periodEnd: charge.periodEnd ?? null,
  });
  if (!row) return null;
  const amount = formatMoney(charge.amount, charge.currency);
  if (charge.payeeId) {
    await notify(
      tx,
      charge.payeeId,
      'payment_received',
      'Payment received',
      `You were paid ${amount} for ${charge.description}.`,
      {
        paymentId: row.id,
        amount: charge.amount / 100,
      },
    );
  }
  await notify(
    tx,
    charge.userId,
    'payment_received',
    'Payment received',
    `Thank you: your payment of ${amount} for ${charge.description} went through.`,
    // SPEC §2 shows the amount as a dollar badge: in currency units, not cents.
    { paymentId: row.id, amount: charge.amount / 100 },
  );
  return row.id;
}
