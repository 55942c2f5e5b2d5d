import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canReview } from '#common/policies/reviews';
import {
  createReviewRequest,
  REVIEW_MESSAGES,
  reportReviewRequest,
  reviewListQuery,
  reviewListResponse,
  reviewReportResponse,
  reviewSchema,
  updateReviewRequest,
} from '#common/schemas/reviews';
import { BadRequestError, UnauthorizedError } from '#server/errors.ts';
import { invalidateProfile } from '#server/http/public-crew-cache.ts';
import { acceptAccessTokens } from '#server/plugins/access-tokens.ts';
import * as service from './service.ts';

/** Database ids are 32-bit: anything larger can only be a typo and must not reach PostgreSQL. */
const databaseId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
const userParams = z.object({ id: databaseId('Not a valid profile id') });
const reviewParams = z.object({ id: databaseId('Not a valid review id') });
/** Review writes count against the ordinary write limit of each signed-in user. */
const writeLimit = { limit: 'write' } as const;

function signedInUser(request: FastifyRequest) {
  if (!request.auth) throw new UnauthorizedError(REVIEW_MESSAGES.signIn);
  return request.auth.user;
}

/** The id of the URL before validation has coerced it (preValidation hooks see the raw params). */
const rawId = (request: FastifyRequest) => Number((request.params as { id: string }).id);

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  // Personal access tokens may read these (ADR 032).
  acceptAccessTokens(app, 'reads');
  app.get(
    '/api/users/:id/reviews',
    { schema: { params: userParams, querystring: reviewListQuery, response: { 200: reviewListResponse } } },
    async (request) =>
      service.listReviews(app.db, request.params.id, request.query, request.auth?.user ?? null),
  );

  app.post(
    '/api/users/:id/reviews',
    {
      config: writeLimit,
      // Who may write is answered before what they wrote: a visitor hears "sign in", not "too short".
      preValidation: async (request) => {
        const user = signedInUser(request);
        if (!canReview(user.id, rawId(request))) throw new BadRequestError(REVIEW_MESSAGES.selfReview);
      },
      schema: { params: userParams, body: createReviewRequest, response: { 201: reviewSchema } },
    },
    async (request, reply) => {
      const review = await service.createReview(
        app.db,
        request.params.id,
        signedInUser(request),
        request.body,
      );
      invalidateProfile(app, review.subjectId);
      return reply.code(201).send(review);
    },
  );

  app.get(
    '/api/reviews/:id',
    { schema: { params: reviewParams, response: { 200: reviewSchema } } },
    async (request) => service.getReview(app.db, request.params.id, request.auth?.user ?? null),
  );

  app.patch(
    '/api/reviews/:id',
    {
      config: writeLimit,
      // Someone else's review is refused as such, whatever the body says.
      preValidation: async (request) => {
        const id = rawId(request);
        const user = signedInUser(request);
        if (Number.isInteger(id) && id > 0 && id <= 2_147_483_647) {
          await service.assertMayEdit(app.db, id, user);
        }
      },
      schema: { params: reviewParams, body: updateReviewRequest, response: { 200: reviewSchema } },
    },
    async (request) => {
      const review = await service.updateReview(
        app.db,
        request.params.id,
        signedInUser(request),
        request.body,
      );
      invalidateProfile(app, review.subjectId);
      return review;
    },
  );

  app.delete(
    '/api/reviews/:id',
    { config: writeLimit, schema: { params: reviewParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const { subjectId } = await service.deleteReview(app.db, request.params.id, signedInUser(request));
      invalidateProfile(app, subjectId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/reviews/:id/thank',
    {
      config: writeLimit,
      preValidation: async (request) => void signedInUser(request),
      schema: { params: reviewParams, response: { 200: reviewSchema } },
    },
    async (request) => service.thankReview(app.db, request.params.id, signedInUser(request)),
  );

  app.post(
    '/api/reviews/:id/report',
    {
      config: writeLimit,
      preValidation: async (request) => void signedInUser(request),
      schema: { params: reviewParams, body: reportReviewRequest, response: { 201: reviewReportResponse } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.reportReview(app.db, request.params.id, signedInUser(request), request.body.reason),
        ),
  );
};
