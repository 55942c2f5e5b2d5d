import { z } from 'zod';

/** Payments (issue 16): every charge, and its PDF invoice. Amounts in cents. */
export const paymentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['subscription', 'booking']),
  description: z.string(),
  amount: z.number().int(),
  taxAmount: z.number().int(),
  currency: z.string(),
  provider: z.enum(['demo', 'stripe']),
  invoiceNumber: z.string(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentListResponse = z.object({ payments: z.array(paymentSchema) });
export type PaymentListResponse = z.infer<typeof paymentListResponse>;

export const paymentParams = z.object({
  paymentId: z.coerce
    .number({ error: 'Not a valid payment id' })
    .int('Not a valid payment id')
    .positive('Not a valid payment id')
    .max(2_147_483_647, 'Not a valid payment id'),
});

export const PAYMENT_MESSAGES = { notFound: 'Payment not found' } as const;
