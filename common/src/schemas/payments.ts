import { z } from 'zod';
import { MAX_ID } from './ids.ts';
import { text } from './text.ts';

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
  periodStart: text().nullable(),
  periodEnd: text().nullable(),
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
