import { z } from 'zod';
import { MAX_ID } from './ids.ts';
import { text } from './text.ts';

/** A charge for a booking no longer payable is given back: due until the provider refunded it. */
export const REFUND_STATUSES = ['due', 'refunded'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * A party to an invoice as it was when the invoice was issued (issue 30): never read again from
 * the member's profile, and without their sign-in e-mail. `team` is the production a booking was
 * for, on the buyer's side.
 */
export const invoicePartySchema = z.object({
  username: text(),
  displayName: text().nullable(),
  /** "Sam O." (common/src/people.ts); invoices issued before issue 31 have none (null). */
  fallbackName: text().nullable().default(null),
  location: text().nullable(),
  team: text().nullable(),
});
export type InvoiceParty = z.infer<typeof invoicePartySchema>;

/** Payments (issue 16): every charge, and its PDF invoice. Amounts in cents. */
export const paymentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['subscription', 'booking']),
  description: text(),
  amount: z.number().int(),
  taxAmount: z.number().int(),
  currency: text(),
  provider: z.enum(['demo', 'stripe']),
  invoiceNumber: text(),
  /** The booking paid for (its reference is BK-000123); null for Premium. */
  bookingId: z.number().int().nullable(),
  periodStart: text().nullable(),
  periodEnd: text().nullable(),
  /** Who sold: the crew member of a booking; null when CrewBase did (Premium). */
  seller: invoicePartySchema.nullable(),
  buyer: invoicePartySchema,
  refundStatus: z.enum(REFUND_STATUSES).nullable(),
  refundedAt: text().nullable(),
  createdAt: text(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentListResponse = z.object({ payments: z.array(paymentSchema) });
export type PaymentListResponse = z.infer<typeof paymentListResponse>;

export const paymentParams = z.object({
  paymentId: z.coerce
    .number({ error: 'Not a valid payment id' })
    .int('Not a valid payment id')
    .positive('Not a valid payment id')
    .max(MAX_ID, 'Not a valid payment id'),
});

export const PAYMENT_MESSAGES = { notFound: 'Payment not found' } as const;

/** What a provider's "how it was paid" reads as, on pages and invoices: a demo payment moved no money. */
export const PAYMENT_METHOD_TEXT = {
  demo: 'Demo checkout (no money moved)',
  stripe: 'Card, through Stripe',
} as const;
