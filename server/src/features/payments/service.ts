import { canReadPayment } from '#common/policies/payments';
import { PAYMENT_MESSAGES, type Payment } from '#common/schemas/payments';
import type { Database } from '#server/db/client.ts';
import { NotFoundError } from '#server/errors.ts';
import type { RequestAuth } from '#server/http/request-auth.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import type { PaymentProvider } from './provider.ts';
import * as q from './queries.ts';

type Viewer = Pick<RequestAuth, 'user'>;

function toPayment(row: NonNullable<q.PaymentRow>): Payment {
  return {
    id: row.id,
    kind: row.kind,
    description: row.description,
    amount: row.amount,
    taxAmount: row.taxAmount,
    currency: row.currency,
    provider: row.provider,
    invoiceNumber: row.invoiceNumber,
    bookingId: row.bookingId,
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    seller: row.seller,
    buyer: row.buyer,
    refundStatus: row.refundStatus,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listMyPayments(db: Database, viewer: Viewer): Promise<Payment[]> {
  return (await q.listPayments(db, viewer.user.id)).map(toPayment);
}

/** A payment of mine (as payer or payee); anyone else, staff too, is told it does not exist. */
async function findVisiblePayment(db: Database, paymentId: number, viewer: Viewer) {
  const row = await q.findPayment(db, paymentId);
  if (!row || !canReadPayment(viewer.user, row)) throw new NotFoundError(PAYMENT_MESSAGES.notFound);
  return row;
}

export async function getPayment(db: Database, paymentId: number, viewer: Viewer): Promise<Payment> {
  return toPayment(await findVisiblePayment(db, paymentId, viewer));
}

/** The invoice as it was issued: its parties are the payment's snapshot, never today's profiles. */
export async function getInvoicePdf(db: Database, paymentId: number, viewer: Viewer): Promise<Buffer> {
  return renderInvoicePdf(toPayment(await findVisiblePayment(db, paymentId, viewer)));
}

/** Refunds asked of the provider per sweep: the rest wait for the next minute. */
const REFUNDS_PER_SWEEP = 20;

/**
 * The minute sweep's refunds (issue 30): each charge recorded with its refund due is given back
 * through the provider, outside any transaction, with an idempotency key of its own, then marked
 * refunded. One that fails stays due and is tried again next time. Returns how many were refunded.
 */
export async function refundDuePayments(
  db: Database,
  provider: PaymentProvider,
  log?: { warn: (details: object, message: string) => void },
): Promise<number> {
  let refunded = 0;
  for (const due of await q.dueRefunds(db, provider.name, REFUNDS_PER_SWEEP)) {
    if (!due.providerPaymentId) {
      log?.warn({ paymentId: due.id }, 'payments: a refund is due but the charge has no provider id');
      continue;
    }
    try {
      await provider.refundPayment(due.providerPaymentId, `refund-payment-${due.id}`);
      await q.markRefunded(db, due.id);
      refunded += 1;
    } catch (err) {
      log?.warn({ err, paymentId: due.id }, 'payments: refund not made, tried again next sweep');
    }
  }
  return refunded;
}
