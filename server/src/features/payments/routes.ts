import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentListResponse, paymentParams, paymentSchema } from '#common/schemas/payments';
import * as service from './service.ts';

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
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
