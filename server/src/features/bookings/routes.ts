import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availabilityQuery,
  availabilityResponse,
  bookingAnswer,
  bookingListQuery,
  bookingListResponse,
  bookingParams,
  bookingSchema,
  calendarLinkResponse,
  calendarLinkStatus,
  createBookingRequest,
  payBookingResponse,
  unavailableDaysRequest,
  unavailableDaysResponse,
} from '#common/schemas/bookings';
import type { PaymentProvider } from '#server/features/payments/index.ts';
import { feedStatus, renderFeed, revokeFeedToken, rotateFeedToken } from './calendar-feed.ts';
import * as service from './service.ts';

const userParams = z.object({
  id: z.coerce
    .number({ error: 'Not a valid member id' })
    .int('Not a valid member id')
    .positive('Not a valid member id')
    .max(2_147_483_647, 'Not a valid member id'),
});
const bookingReply = { 200: bookingSchema };
/** How often holds are lapsed (and reminded of), and accepted bookings whose days are over completed. */
const COMPLETE_INTERVAL_MS = 60_000;

export const bookingRoutes: FastifyPluginAsyncZod<{
  /** PUBLIC_URL when set; unset, links name the address the member's request came to. */
  publicUrl: URL | null;
  provider: PaymentProvider;
}> = async (app, { publicUrl, provider }) => {
  const guarded = { preHandler: app.requireUser };
  // What a personal access token may do here (ADR 032): read the member's bookings and
  // availability, answer a booking as its crew member, and set days off. Hiring, holds and paying
  // stay with the browser.
  const tokenRead = { ...guarded, config: { accessToken: 'read' } } as const;
  const tokenWrite = { ...guarded, config: { accessToken: 'write' } } as const;

  const complete = () =>
    service
      .completeFinishedBookings(app.db)
      .catch((err: unknown) => app.log.warn({ err }, 'bookings: holds not lapsed or bookings not completed'));
  const timer = setInterval(complete, COMPLETE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.post(
    '/api/bookings',
    { ...guarded, schema: { body: createBookingRequest, response: { 201: bookingSchema } } },
    async (request, reply) =>
      reply.code(201).send(await service.createBooking(app.db, app.signedIn(request), request.body)),
  );

  app.get(
    '/api/bookings',
    { ...tokenRead, schema: { querystring: bookingListQuery, response: { 200: bookingListResponse } } },
    async (request) => service.listBookings(app.db, app.signedIn(request), request.query),
  );

  app.get(
    '/api/bookings/:id',
    { ...tokenRead, schema: { params: bookingParams, response: bookingReply } },
    async (request) => service.getBooking(app.db, app.signedIn(request), request.params.id),
  );

  for (const answer of ['accept', 'decline'] as const) {
    app.post(
      `/api/bookings/:id/${answer}`,
      { ...tokenWrite, schema: { params: bookingParams, body: bookingAnswer, response: bookingReply } },
      async (request) =>
        service.answerBooking(
          app.db,
          app.realtime.publish,
          app.signedIn(request),
          request.params.id,
          answer === 'accept',
          request.body.notificationId,
        ),
    );
  }

  app.post(
    '/api/bookings/:id/cancel',
    { ...guarded, schema: { params: bookingParams, response: bookingReply } },
    async (request) => service.cancelBooking(app.db, app.signedIn(request), request.params.id),
  );

  // Issue 31: the production confirms a hold the crew member agreed to into a booking.
  app.post(
    '/api/bookings/:id/confirm',
    { ...guarded, schema: { params: bookingParams, body: bookingAnswer, response: bookingReply } },
    async (request) =>
      service.confirmHold(
        app.db,
        app.realtime.publish,
        app.signedIn(request),
        request.params.id,
        request.body.notificationId,
      ),
  );

  app.post(
    '/api/bookings/:id/release',
    { ...guarded, schema: { params: bookingParams, response: bookingReply } },
    async (request) => service.releaseHold(app.db, app.signedIn(request), request.params.id),
  );

  app.post(
    '/api/bookings/:id/pay',
    {
      ...guarded,
      schema: { params: bookingParams, response: { 200: payBookingResponse } },
    },
    async (request) => service.payBooking(app.db, provider, app.signedIn(request), request.params.id),
  );

  // Public: anyone planning a shoot may see when crew are free, never who booked them.
  app.get(
    '/api/users/:id/availability',
    {
      config: { accessToken: 'read' },
      schema: { params: userParams, querystring: availabilityQuery, response: { 200: availabilityResponse } },
    },
    async (request) => service.availability(app.db, request.params.id, request.query.from, request.query.to),
  );

  app.get(
    '/api/me/unavailable-days',
    { ...tokenRead, schema: { response: { 200: unavailableDaysResponse } } },
    async (request) => service.getUnavailableDays(app.db, app.signedIn(request)),
  );

  app.put(
    '/api/me/unavailable-days',
    { ...tokenWrite, schema: { body: unavailableDaysRequest, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.setUnavailableDays(app.db, app.signedIn(request), request.body.days);
      return reply.code(204).send(null);
    },
  );

  // The private iCal feed: its link carries a secret (rotated here, which ends the old link).
  app.get(
    '/api/me/calendar-token',
    { ...guarded, schema: { response: { 200: calendarLinkStatus } } },
    async (request) => feedStatus(app.db, app.signedIn(request).user.id),
  );

  app.post(
    '/api/me/calendar-token',
    { ...guarded, schema: { response: { 200: calendarLinkResponse } } },
    async (request) => {
      const me = app.signedIn(request).user.id;
      const token = await rotateFeedToken(app.db, me);
      const base = publicUrl ?? `${request.protocol}://${request.host}`;
      return { url: new URL(`/api/users/${me}/calendar.ics?token=${token}`, base).href };
    },
  );

  app.delete(
    '/api/me/calendar-token',
    { ...guarded, schema: { response: { 204: z.null() } } },
    async (request, reply) => {
      await revokeFeedToken(app.db, app.signedIn(request).user.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/users/:id/calendar.ics',
    { schema: { params: userParams, querystring: z.object({ token: z.string().max(200).default('') }) } },
    async (request, reply) =>
      reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(await renderFeed(app.db, request.params.id, request.query.token)),
  );
};
