import { personName } from '#common/people';
import { formatMoney } from '#common/premium';
import type { InvoiceParty } from '#common/schemas/payments';
import type { Database } from '#server/db/client.ts';
import { notify } from '#server/features/notifications/index.ts';
import { findParty, insertPayment } from './queries.ts';

export type PaymentExecutor = Pick<Database, 'insert' | 'execute' | 'select'>;

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
  /** The booking paid for: its reference goes on the invoice. */
  bookingId?: number | null;
  periodStart?: Date | null;
  periodEnd?: Date | null;
  /** The production the payer bought for (a booking's team), printed under the payer's name. */
  team?: string | null;
  /**
   * Why this charge is given back, when it arrived for what can no longer be paid ("the booking
   * was cancelled"): recorded with its refund due (the demo provider's at once: no money moved).
   */
  refundBecause?: string | null;
}

/** What the invoice keeps of a member: never their sign-in e-mail. */
async function snapshotOf(tx: PaymentExecutor, userId: number, team: string | null): Promise<InvoiceParty> {
  const party = await findParty(tx, userId);
  if (!party) throw new Error(`recordPayment: member ${userId} does not exist`);
  const { username, displayName, fallbackName, location } = party;
  return { username, displayName, fallbackName, location, team };
}

/** The two notifications of a charge, payee's then payer's: what happened, and whether money moved. */
export function paymentTexts(
  charge: Pick<Charge, 'provider' | 'description' | 'refundBecause'> & { amount: string; payer: string },
): { payee: { title: string; message: string }; payer: { title: string; message: string } } {
  const { amount, description, payer, refundBecause } = charge;
  const demo = 'Demo payment: no money moved.';
  if (refundBecause && charge.provider === 'demo')
    return {
      payee: {
        title: 'Demo payment refunded',
        message: `${demo} ${payer} recorded ${amount} for ${description} after ${refundBecause}, so it was refunded at once.`,
      },
      payer: {
        title: 'Demo payment refunded',
        message: `${demo} You recorded ${amount} for ${description} after ${refundBecause}, so it was refunded at once.`,
      },
    };
  if (refundBecause)
    return {
      payee: {
        title: 'Payment to be refunded',
        message: `${payer}'s payment of ${amount} for ${description} arrived after ${refundBecause}: it will be refunded to them.`,
      },
      payer: {
        title: 'Payment to be refunded',
        message: `Your payment of ${amount} for ${description} arrived after ${refundBecause}: it will be refunded to you.`,
      },
    };
  if (charge.provider === 'demo')
    return {
      payee: {
        title: 'Demo payment recorded',
        message: `${demo} ${payer} recorded ${amount} for ${description}.`,
      },
      payer: {
        title: 'Demo payment recorded',
        message: `${demo} You recorded ${amount} for ${description}.`,
      },
    };
  return {
    payee: { title: 'Payment received', message: `You were paid ${amount} for ${description}.` },
    payer: {
      title: 'Payment received',
      message: `Thank you: your payment of ${amount} for ${description} went through.`,
    },
  };
}

/**
 * The one way a charge is recorded: a payments row (its invoice number comes with it, and the
 * invoice's parties as they are now, issue 30) and the payment_received notifications, in the
 * caller's transaction, so a charge is never half recorded. A charge that arrived for what can no
 * longer be paid is recorded too, with its refund due (refunded at once by the demo provider),
 * never dropped. Returns the new payment's id, or null when the provider's charge id was recorded
 * already (the same charge reported twice).
 */
export async function recordPayment(tx: PaymentExecutor, charge: Charge): Promise<number | null> {
  const buyer = await snapshotOf(tx, charge.userId, charge.team ?? null);
  const seller = charge.payeeId ? await snapshotOf(tx, charge.payeeId, null) : null;
  const refund = charge.refundBecause ? (charge.provider === 'demo' ? 'refunded' : 'due') : null;
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
    bookingId: charge.bookingId ?? null,
    periodStart: charge.periodStart ?? null,
    periodEnd: charge.periodEnd ?? null,
    buyer,
    seller,
    refundStatus: refund,
    refundedAt: refund === 'refunded' ? new Date() : null,
  });
  if (!row) return null;
  const texts = paymentTexts({
    ...charge,
    amount: formatMoney(charge.amount, charge.currency),
    payer: personName(buyer),
  });
  // SPEC §2 shows the amount as a dollar badge: in currency units, not cents.
  const data = { paymentId: row.id, amount: charge.amount / 100 };
  if (charge.payeeId)
    await notify(tx, charge.payeeId, 'payment_received', texts.payee.title, texts.payee.message, data);
  await notify(tx, charge.userId, 'payment_received', texts.payer.title, texts.payer.message, data);
  return row.id;
}
