import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applicationListResponse,
  applicationParams,
  applicationSchema,
  applyRequest,
  bookApplicationRequest,
  bookApplicationResponse,
  callListQuery,
  callListResponse,
  callParams,
  callSchema,
  closeCallRequest,
  createCallRequest,
  myApplicationSchema,
  myApplicationsResponse,
  myCallsResponse,
  updateApplicationRequest,
  updateCallRequest,
} from '#common/schemas/calls';
import * as service from './service.ts';

/** How often calls past their closing day are closed (they read as expired before that anyway). */
const EXPIRY_INTERVAL_MS = 60 * 60_000;

/**
 * Crew calls (issue 36, ADR 037). Reading is public; posting needs Premium; applying needs a
 * profile. Who may ask is answered before what they sent (preValidation). A personal access token
 * (ADR 032) may make every GET, post a call, apply and withdraw; editing and closing a call,
 * answering applicants and booking them stay with the browser, as hiring does in bookings.
 */
export const callRoutes: FastifyPluginAsyncZod<{ expiryJob: boolean }> = async (app, { expiryJob }) => {
  const member = { preValidation: app.requireUser };
  const write = { ...member, config: { limit: 'write' } } as const;
  const tokenRead = { ...member, config: { accessToken: 'read' } } as const;
  const tokenWrite = { ...member, config: { limit: 'write', accessToken: 'write' } } as const;

  app.get(
    '/api/calls',
    {
      config: { accessToken: 'read' },
      schema: { querystring: callListQuery, response: { 200: callListResponse } },
    },
    async (request) => service.listCalls(app.db, request.query, request.auth?.user ?? null),
  );

  app.post(
    '/api/calls',
    { ...tokenWrite, schema: { body: createCallRequest, response: { 201: callSchema } } },
    async (request, reply) =>
      reply.code(201).send(await service.createCall(app.db, app.signedIn(request), request.body)),
  );

  app.get(
    '/api/calls/:id',
    { config: { accessToken: 'read' }, schema: { params: callParams, response: { 200: callSchema } } },
    async (request) => service.getCall(app.db, request.params.id, request.auth?.user ?? null),
  );

  app.patch(
    '/api/calls/:id',
    { ...write, schema: { params: callParams, body: updateCallRequest, response: { 200: callSchema } } },
    async (request) => service.updateCall(app.db, app.signedIn(request), request.params.id, request.body),
  );

  app.post(
    '/api/calls/:id/close',
    {
      ...write,
      schema: { params: callParams, body: closeCallRequest.optional(), response: { 200: callSchema } },
    },
    async (request) =>
      service.closeCall(app.db, app.signedIn(request), request.params.id, request.body?.filled ?? false),
  );

  app.post(
    '/api/calls/:id/applications',
    {
      ...tokenWrite,
      schema: { params: callParams, body: applyRequest, response: { 201: myApplicationSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.apply(app.db, app.signedIn(request), request.params.id, request.body.note)),
  );

  app.get(
    '/api/calls/:id/applications',
    { ...tokenRead, schema: { params: callParams, response: { 200: applicationListResponse } } },
    async (request) => service.listApplications(app.db, app.signedIn(request), request.params.id),
  );

  app.patch(
    '/api/calls/:id/applications/:applicationId',
    {
      ...write,
      schema: {
        params: applicationParams,
        body: updateApplicationRequest,
        response: { 200: applicationSchema },
      },
    },
    async (request) =>
      service.answerApplication(
        app.db,
        app.signedIn(request),
        request.params.id,
        request.params.applicationId,
        request.body.status,
      ),
  );

  app.post(
    '/api/calls/:id/applications/:applicationId/book',
    {
      ...write,
      schema: {
        params: applicationParams,
        body: bookApplicationRequest.optional(),
        response: { 201: bookApplicationResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.bookApplication(
            app.db,
            app.signedIn(request),
            request.params.id,
            request.params.applicationId,
            request.body ?? {},
          ),
        ),
  );

  app.post(
    '/api/calls/:id/applications/:applicationId/withdraw',
    { ...tokenWrite, schema: { params: applicationParams, response: { 200: myApplicationSchema } } },
    async (request) =>
      service.withdrawApplication(
        app.db,
        app.signedIn(request),
        request.params.id,
        request.params.applicationId,
      ),
  );

  app.get(
    '/api/me/applications',
    { ...tokenRead, schema: { response: { 200: myApplicationsResponse } } },
    async (request) => service.myApplications(app.db, app.signedIn(request)),
  );

  app.get(
    '/api/me/calls',
    { ...tokenRead, schema: { response: { 200: myCallsResponse } } },
    async (request) => service.myCalls(app.db, app.signedIn(request)),
  );

  if (expiryJob) {
    const run = () =>
      service
        .closeExpiredCalls(app.db)
        .catch((err: unknown) =>
          app.log.warn({ err }, 'calls: expired calls not closed, tried again next hour'),
        );
    const timer = setInterval(run, EXPIRY_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
};
