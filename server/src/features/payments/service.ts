import { canReadPayment } from '#common/policies/payments';
import { PAYMENT_MESSAGES, type Payment } from '#common/schemas/payments';
import type { Database } from '#server/db/client.ts';
import { NotFoundError } from '#server/errors.ts';
import type { RequestAuth } from '#server/http/request-auth.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
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
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
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

export async function getInvoicePdf(db: Database, paymentId: number, viewer: Viewer): Promise<Buffer> {
  const row = await findVisiblePayment(db, paymentId, viewer);
  const [buyer, payee] = await Promise.all([
    q.findParty(db, row.userId),
    row.payeeId === null ? null : q.findParty(db, row.payeeId),
  ]);
  if (!buyer) throw new NotFoundError(PAYMENT_MESSAGES.notFound);
  return renderInvoicePdf({ payment: toPayment(row), buyer, payee });
}
