import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTeamRequest,
  inviteRequest,
  positionRequest,
  teamInviteAnswer,
  teamListResponse,
  teamParams,
  teamSchema,
  updateTeamRequest,
} from '#common/schemas/teams';
import { acceptAccessTokens } from '#server/plugins/access-tokens.ts';
import * as service from './service.ts';

const teamReply = { 200: teamSchema };
const memberParams = teamParams.extend({
  userId: z.coerce
    .number({ error: 'Not a valid member id' })
    .int()
    .positive('Not a valid member id')
    .max(2_147_483_647),
});
const inviteParams = z.object({
  teamId: z.coerce
    .number({ error: 'Not a valid team id' })
    .int()
    .positive('Not a valid team id')
    .max(2_147_483_647),
});

export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  // Personal access tokens may read these (ADR 032).
  acceptAccessTokens(app, 'reads');
  const guarded = { preHandler: app.requireUser };

  app.post(
    '/api/teams',
    { ...guarded, schema: { body: createTeamRequest, response: { 201: teamSchema } } },
    async (request, reply) =>
      reply.code(201).send(await service.createTeam(app.db, app.signedIn(request), request.body)),
  );

  app.get('/api/teams', { ...guarded, schema: { response: { 200: teamListResponse } } }, async (request) => ({
    teams: await service.listTeams(app.db, app.signedIn(request)),
  }));

  app.get(
    '/api/teams/:id',
    { ...guarded, schema: { params: teamParams, response: teamReply } },
    async (request) => service.getTeam(app.db, request.params.id, app.signedIn(request)),
  );

  app.patch(
    '/api/teams/:id',
    { ...guarded, schema: { params: teamParams, body: updateTeamRequest, response: teamReply } },
    async (request) => service.updateTeam(app.db, app.signedIn(request), request.params.id, request.body),
  );

  app.post(
    '/api/teams/:id/positions',
    { ...guarded, schema: { params: teamParams, body: positionRequest, response: teamReply } },
    async (request) =>
      service.addPosition(
        app.db,
        app.signedIn(request),
        request.params.id,
        request.body.roleId,
        request.body.count,
      ),
  );

  app.post(
    '/api/teams/:id/invites',
    { ...guarded, schema: { params: teamParams, body: inviteRequest, response: teamReply } },
    async (request) =>
      service.invite(
        app.db,
        app.signedIn(request),
        request.params.id,
        request.body.userId,
        request.body.positionId,
      ),
  );

  app.delete(
    '/api/teams/:id/members/:userId',
    { ...guarded, schema: { params: memberParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.removeMember(app.db, app.signedIn(request), request.params.id, request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/teams/:id/leave',
    { ...guarded, schema: { params: teamParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.leaveTeam(app.db, app.signedIn(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  for (const answer of ['accept', 'decline'] as const) {
    app.post(
      `/api/team-invites/:teamId/${answer}`,
      {
        ...guarded,
        schema: {
          params: inviteParams,
          body: teamInviteAnswer,
          response: { 200: z.object({ status: z.enum(['accepted', 'declined']) }) },
        },
      },
      async (request) =>
        service.answerInvite(
          app.db,
          app.realtime.publish,
          app.signedIn(request),
          request.params.teamId,
          answer === 'accept',
          request.body.notificationId,
        ),
    );
  }
};
