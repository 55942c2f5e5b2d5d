import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_EXPORT_PATH } from '#common/account-export';
import type { MediaStorage } from '#server/uploads/storage.ts';
import { startExport } from './export-service.ts';

/**
 * `GET /api/account/export`: the signed-in member's data as a zip (issue 33, ADR 026). A GET, so a
 * plain link downloads it; at most one a member every ten minutes, a 429 with Retry-After after.
 */
export const accountExportRoutes: FastifyPluginAsyncZod<{ media: MediaStorage }> = async (app, { media }) => {
  // No HEAD twin: it would take the member's slot and make a zip nobody receives.
  app.get(
    ACCOUNT_EXPORT_PATH,
    { preHandler: app.requireUser, exposeHeadRoute: false },
    async (request, reply) => {
      const { user, sessionId } = app.signedInSession(request);
      const { fileName, body } = await startExport(app.db, media, user.id, sessionId);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
