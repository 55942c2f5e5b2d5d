import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callReportResponse } from '#common/schemas/call-reports';
import { callParams, reportCallRequest } from '#common/schemas/calls';
import { reportCall } from './moderation.ts';

/** POST /api/calls/:id/report (issue 36): a signed-in member's report, for the staff queue. */
export const callReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/calls/:id/report',
    {
      preValidation: app.requireUser,
      config: { limit: 'write' },
      schema: { params: callParams, body: reportCallRequest, response: { 201: callReportResponse } },
    },
    async (request, reply) => {
      const { user } = app.signedIn(request);
      return reply.code(201).send(await reportCall(app.db, request.params.id, user, request.body.reason));
    },
  );
};
