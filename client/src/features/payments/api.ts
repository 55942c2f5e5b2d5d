import { queryOptions } from '@tanstack/react-query';
import type { Payment, PaymentListResponse } from '#common/schemas/payments';

export const paymentsQuery = queryOptions<PaymentListResponse>({ queryKey: ['/api/payments'] });
export const paymentQuery = (id: number) => queryOptions<Payment>({ queryKey: [`/api/payments/${id}`] });

/** SPEC §7: the browser saves it as invoice-{paymentId}.pdf. */
export const invoiceUrl = (id: number) => `/api/payments/${id}/invoice`;
export const invoiceFileName = (id: number) => `invoice-${id}.pdf`;

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
export const formatDay = (iso: string) => day.format(new Date(iso));
