import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentListResponse, paymentParams, paymentSchema } from '#common/schemas/payments';
import type { PaymentProvider } from './provider.ts';
import * as service from './service.ts';

/** How often charges due a refund are given back (the minute sweep, like bookings' and Premium's). */
const REFUND_INTERVAL_MS = 60_000;

export const paymentRoutes: FastifyPluginAsyncZod<{ provider: PaymentProvider }> = async (
  app,
  { provider },
) => {
  // Outside any transaction: one provider call per refund, each marked refunded once it is made.
  const refund = () =>
    service
      .refundDuePayments(app.db, provider, app.log)
      .catch((err: unknown) => app.log.warn({ err }, 'payments: refunds not swept'));
  const timer = setInterval(refund, REFUND_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.get(
    '/api/payments',
    { preHandler: app.requireUser, schema: { response: { 200: paymentListResponse } } },
    async (request) => ({ payments: await service.listMyPayments(app.db, app.signedIn(request)) }),
  );

  app.get(
    '/api/payments/:paymentId',
    { preHandler: app.requireUser, schema: { params: paymentParams, response: { 200: paymentSchema } } },
    async (request) => service.getPayment(app.db, request.params.paymentId, app.signedIn(request)),
  );

  app.get(
    '/api/payments/:paymentId/invoice',
    { preHandler: app.requireUser, schema: { params: paymentParams } },
    async (request, reply) => {
      const { paymentId } = request.params;
      const pdf = await service.getInvoicePdf(app.db, paymentId, app.signedIn(request));
      // SPEC §7: saved as invoice-{paymentId}.pdf. Private: never kept by a shared cache.
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${paymentId}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
