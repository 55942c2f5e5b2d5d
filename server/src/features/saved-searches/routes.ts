import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSavedSearchRequest,
  savedSearchListResponse,
  savedSearchParamsSchema,
  savedSearchSchema,
  updateSavedSearchRequest,
} from '#common/schemas/saved-searches';
import { runSavedSearchAlerts } from './alerts.ts';
import * as service from './service.ts';

/** How often the alert job looks at the members changed since its last run. */
const ALERT_INTERVAL_MS = 5 * 60_000;

/**
 * Saved searches (issue 35): a signed-in member's own, CSRF-checked like every write. Who may ask
 * is answered before what they sent (preValidation): a visitor hears "sign in", not "name it".
 */
export const savedSearchRoutes: FastifyPluginAsyncZod<{ alertJob: boolean }> = async (app, { alertJob }) => {
  const member = { preValidation: app.requireUser };
  const write = { ...member, config: { limit: 'write' } } as const;

  app.get(
    '/api/saved-searches',
    { ...member, schema: { response: { 200: savedSearchListResponse } } },
    async (request) => service.listSavedSearches(app.db, app.signedIn(request).user),
  );

  app.post(
    '/api/saved-searches',
    { ...write, schema: { body: createSavedSearchRequest, response: { 201: savedSearchSchema } } },
    async (request, reply) =>
      reply.code(201).send(await service.createSavedSearch(app.db, app.signedIn(request).user, request.body)),
  );

  app.patch(
    '/api/saved-searches/:id',
    {
      ...write,
      schema: {
        params: savedSearchParamsSchema,
        body: updateSavedSearchRequest,
        response: { 200: savedSearchSchema },
      },
    },
    async (request) =>
      service.updateSavedSearch(app.db, app.signedIn(request).user, request.params.id, request.body),
  );

  app.delete(
    '/api/saved-searches/:id',
    { ...write, schema: { params: savedSearchParamsSchema } },
    async (request, reply) => {
      await service.deleteSavedSearch(app.db, app.signedIn(request).user, request.params.id);
      return reply.code(204).send();
    },
  );

  if (alertJob) {
    const run = () =>
      runSavedSearchAlerts(app.db).catch((err: unknown) =>
        app.log.warn({ err }, 'saved searches: alerts not sent, tried again at the next run'),
      );
    const timer = setInterval(run, ALERT_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
};
