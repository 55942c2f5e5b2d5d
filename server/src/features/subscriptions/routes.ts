import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutRequest,
  checkoutResponse,
  demoCheckoutSessionParams,
  demoCheckoutSessionResponse,
  demoCompleteRequest,
  planListResponse,
  subscriptionStatusResponse,
} from '#common/schemas/subscriptions';
import { BadRequestError, NotFoundError } from '#server/errors.ts';
import type { PaymentProvider } from '#server/features/payments/index.ts';
import { invalidateProfile } from '#server/http/public-crew-cache.ts';
import * as service from './service.ts';
import { applyStripeEvent, memberOfEvent } from './stripe-events.ts';

/** How often the demo provider's renewals and expiries are settled. */
const SETTLE_INTERVAL_MS = 60_000;
/** Stripe's own default: a signature older than five minutes is a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;
export const INVALID_SIGNATURE = 'Invalid Stripe signature';

const statusReply = { 200: subscriptionStatusResponse };

const memberRoutes: FastifyPluginAsyncZod<{ provider: PaymentProvider }> = async (app, { provider }) => {
  const s: service.Subscriptions = { db: app.db, provider };
  const member = (request: Parameters<typeof app.signedIn>[0]) => app.signedIn(request).user;

  app.get('/api/subscription/plans', { schema: { response: { 200: planListResponse } } }, async () =>
    service.listPlans(),
  );

  app.get(
    '/api/subscription',
    { preHandler: app.requireUser, schema: { response: statusReply } },
    async (request) => service.getStatus(s, member(request).id),
  );

  app.post(
    '/api/subscription/checkout',
    { preHandler: app.requireUser, schema: { body: checkoutRequest, response: { 200: checkoutResponse } } },
    async (request) => service.startCheckout(s, member(request), request.body.plan),
  );

  app.get(
    '/api/subscription/demo/sessions/:session',
    {
      preHandler: app.requireUser,
      schema: { params: demoCheckoutSessionParams, response: { 200: demoCheckoutSessionResponse } },
    },
    async (request) => service.getDemoCheckout(s, member(request), request.params.session),
  );

  app.post(
    '/api/subscription/demo/complete',
    { preHandler: app.requireUser, schema: { body: demoCompleteRequest, response: statusReply } },
    async (request) => {
      const status = await service.completeDemoCheckout(s, member(request), request.body.session);
      // The Premium badge on the public profile and its cards changes now, not in ten seconds.
      invalidateProfile(app, member(request).id);
      return status;
    },
  );

  app.post(
    '/api/subscription/cancel',
    { preHandler: app.requireUser, schema: { response: statusReply } },
    async (request) => service.setCancelAtPeriodEnd(s, member(request), true),
  );

  app.post(
    '/api/subscription/resume',
    { preHandler: app.requireUser, schema: { response: statusReply } },
    async (request) => service.setCancelAtPeriodEnd(s, member(request), false),
  );

  const settle = () =>
    service
      .settleDemoSubscriptions(s, new Date())
      .catch((err: unknown) => app.log.warn({ err }, 'subscriptions: renewals not settled'));
  const timer = setInterval(settle, SETTLE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};

/**
 * Stripe's webhook: the signature over the raw body is the authentication (no session, no CSRF
 * token), checked with the official library before anything is read or written.
 */
const stripeWebhook: FastifyPluginAsync<{
  provider: PaymentProvider;
  webhookSecret: string | undefined;
}> = async (app, { provider, webhookSecret }) => {
  // This context only: the body stays the bytes Stripe signed.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/api/webhooks/stripe',
    {
      // Its own generous limit (RATE_LIMITS.webhook), not the general writes' 60 a minute.
      config: { csrf: false, limit: 'webhook' },
      schema: { response: { 200: z.object({ received: z.boolean(), outcome: z.string() }) } },
    },
    async (request) => {
      if (!provider.stripe || !webhookSecret)
        throw new NotFoundError('Stripe is not configured on this server');
      const signature = request.headers['stripe-signature'];
      let event: ReturnType<typeof provider.stripe.webhooks.constructEvent>;
      try {
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new Error('unsigned');
        event = provider.stripe.webhooks.constructEvent(
          request.body,
          signature,
          webhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
        );
      } catch {
        throw new BadRequestError(INVALID_SIGNATURE);
      }
      const outcome = await applyStripeEvent(app.db, event);
      const member = memberOfEvent(event);
      if (outcome === 'applied' && member !== null) invalidateProfile(app, member);
      request.log.info({ stripeEvent: event.id, type: event.type, outcome }, 'stripe webhook');
      return { received: true, outcome };
    },
  );
};

export const subscriptionRoutes = fp<{ provider: PaymentProvider; webhookSecret: string | undefined }>(
  async (app, options) => {
    await app.register(memberRoutes, { provider: options.provider });
    await app.register(stripeWebhook, options);
  },
  { name: 'subscriptions', dependencies: ['session', 'csrf'] },
);
