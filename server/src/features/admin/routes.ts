import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditResponse,
  cursorQuery,
  reasonRequest,
  reasonSchema,
  reportListQuery,
  reportListResponse,
  resolveReportRequest,
  roleChangeRequest,
  securityEventsQuery,
  securityEventsResponse,
  securitySummary,
  sessionListResponse,
  staffUser,
  userLookupQuery,
  userLookupResponse,
} from '#common/schemas/admin';
import { callReportListResponse } from '#common/schemas/call-reports';
import { invalidateProfile } from '#server/http/public-crew-cache.ts';
import * as callReports from './call-reports.ts';
import { actorOf, requireReauth, requireStaff } from './guards.ts';
import * as security from './security-service.ts';
import * as service from './service.ts';

/** Database ids are 32-bit: anything larger can only be a typo and must not reach PostgreSQL. */
const databaseId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
const reportParams = z.object({ id: databaseId('Not a valid report id') });
const reviewParams = z.object({ id: databaseId('Not a valid review id') });
const callParams = z.object({ id: databaseId('Not a valid call id') });
const userParams = z.object({ id: databaseId('Not a valid user id') });
const sessionParams = z.object({ id: databaseId('Not a valid session id') });
const okResponse = z.object({ ok: z.literal(true) });

const moderator = { onRequest: requireStaff('moderator'), config: { limit: 'write' as const } };
const admin = { onRequest: requireStaff('admin'), config: { limit: 'write' as const } };
const noStore = 'no-store';

/**
 * The staff side (ADR 020). Moderators: reports, reviews, suspensions, featured profiles, the
 * audit trail. Admins: all that plus security, sessions and roles. Everyone else: the 404 of an
 * unknown path. Suspensions, role changes and others' sessions need a fresh password or code.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.url?.startsWith('/api/admin/')) reply.header('cache-control', noStore);
  });

  app.get(
    '/api/admin/reports',
    { ...moderator, schema: { querystring: reportListQuery, response: { 200: reportListResponse } } },
    async (request) => service.listReports(app.db, request.query.status),
  );

  app.post(
    '/api/admin/reports/:id/resolve',
    {
      ...moderator,
      schema: { params: reportParams, body: resolveReportRequest, response: { 200: okResponse } },
    },
    async (request) => {
      const { subjectId } = await service.resolveReport(
        app.db,
        request.params.id,
        request.body,
        actorOf(request),
      );
      if (subjectId !== null) invalidateProfile(app, subjectId);
      return { ok: true as const };
    },
  );

  for (const action of ['hide', 'restore'] as const) {
    app.post(
      `/api/admin/reviews/:id/${action}`,
      { ...moderator, schema: { params: reviewParams, body: reasonRequest, response: { 200: okResponse } } },
      async (request) => {
        const { subjectId } = await service.setReviewHidden(
          app.db,
          request.params.id,
          action === 'hide',
          request.body.reason,
          actorOf(request),
        );
        invalidateProfile(app, subjectId);
        return { ok: true as const };
      },
    );
  }

  // Crew call reports (issue 36, ADR 038): the same queue, decisions and audit as review reports.
  app.get(
    '/api/admin/call-reports',
    { ...moderator, schema: { querystring: reportListQuery, response: { 200: callReportListResponse } } },
    async (request) => callReports.listCallReports(app.db, request.query.status),
  );

  app.post(
    '/api/admin/call-reports/:id/resolve',
    {
      ...moderator,
      schema: { params: reportParams, body: resolveReportRequest, response: { 200: okResponse } },
    },
    async (request) => {
      await callReports.resolveCallReport(app.db, request.params.id, request.body, actorOf(request));
      return { ok: true as const };
    },
  );

  for (const action of ['hide', 'restore'] as const) {
    app.post(
      `/api/admin/calls/:id/${action}`,
      { ...moderator, schema: { params: callParams, body: reasonRequest, response: { 200: okResponse } } },
      async (request) => {
        await callReports.setCallHiddenByStaff(
          app.db,
          request.params.id,
          action === 'hide',
          request.body.reason,
          actorOf(request),
        );
        return { ok: true as const };
      },
    );
  }

  app.get(
    '/api/admin/users',
    { ...moderator, schema: { querystring: userLookupQuery, response: { 200: userLookupResponse } } },
    async (request) => service.lookupUsers(app.db, request.query.q),
  );

  for (const action of ['suspend', 'restore'] as const) {
    app.post(
      `/api/admin/users/:id/${action}`,
      {
        ...moderator,
        preValidation: requireReauth,
        schema: { params: userParams, body: reasonRequest, response: { 200: staffUser } },
      },
      async (request) => {
        const user = await service.setSuspended(
          app.db,
          request.params.id,
          action === 'suspend',
          request.body.reason,
          actorOf(request),
          request.meta(),
        );
        invalidateProfile(app, user.id);
        return user;
      },
    );
  }

  app.post(
    '/api/admin/users/:id/feature',
    { ...moderator, schema: { params: userParams, response: { 200: staffUser } } },
    async (request) => service.setFeatured(app.db, request.params.id, true, actorOf(request)),
  );
  app.delete(
    '/api/admin/users/:id/feature',
    { ...moderator, schema: { params: userParams, response: { 200: staffUser } } },
    async (request) => service.setFeatured(app.db, request.params.id, false, actorOf(request)),
  );

  app.get(
    '/api/admin/audit',
    { ...moderator, schema: { querystring: cursorQuery, response: { 200: auditResponse } } },
    async (request) => service.listAudit(app.db, request.query.cursor),
  );

  app.get(
    '/api/admin/security/summary',
    { ...admin, schema: { response: { 200: securitySummary } } },
    async () => security.securitySummary(app.db),
  );

  app.get(
    '/api/admin/security/events',
    { ...admin, schema: { querystring: securityEventsQuery, response: { 200: securityEventsResponse } } },
    async (request) => security.securityEvents(app.db, request.query),
  );

  app.get(
    '/api/admin/users/:id/sessions',
    { ...admin, schema: { params: userParams, response: { 200: sessionListResponse } } },
    async (request) => service.listSessions(app.db, request.params.id, actorOf(request)),
  );

  app.delete(
    '/api/admin/sessions/:id',
    {
      ...admin,
      schema: {
        params: sessionParams,
        body: z.object({ reason: reasonSchema.optional() }).nullish(),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const reason = request.body?.reason ?? 'Session ended from the security page';
      await service.revokeSession(app.db, request.params.id, reason, actorOf(request), request.meta());
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/users/:id/role',
    {
      ...admin,
      preValidation: requireReauth,
      schema: { params: userParams, body: roleChangeRequest, response: { 200: staffUser } },
    },
    async (request) =>
      service.changeRole(app.db, request.params.id, request.body.role, actorOf(request), request.meta()),
  );
};
