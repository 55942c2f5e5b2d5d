import { fileURLToPath } from 'node:url';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { callHref } from '#common/schemas/calls';
import type { AppConfig } from '#server/config.ts';
import { accountDeletionRoutes, accountExportRoutes } from '#server/features/account/index.ts';
import { adminRoutes } from '#server/features/admin/index.ts';
import {
  accessTokenRoutes,
  authenticateAccessToken,
  authRoutes,
  oauthRoutes,
  recordSecurityEvent,
  resolveSession,
  sessionRoutes,
  twoFactorRoutes,
} from '#server/features/auth/index.ts';
import { bookingRoutes } from '#server/features/bookings/index.ts';
import { browseRoutes } from '#server/features/browse/index.ts';
import {
  callMatchSweep,
  callReportRoutes,
  callRoutes,
  openCallIdsForSitemap,
} from '#server/features/calls/index.ts';
import { connectionRoutes } from '#server/features/connections/index.ts';
import { healthRoutes } from '#server/features/health/index.ts';
import { messageRoutes } from '#server/features/messages/index.ts';
import {
  dailyDigestSweep,
  notificationRoutes,
  renderNotificationMail,
  websocketOptions,
} from '#server/features/notifications/index.ts';
import { createPageRenderer, loadAppRenderer } from '#server/features/pages/index.ts';
import {
  createPaymentProvider,
  type PaymentProvider,
  paymentRoutes,
} from '#server/features/payments/index.ts';
import { profileRoutes } from '#server/features/profiles/index.ts';
import { reviewRoutes } from '#server/features/reviews/index.ts';
import { roleRoutes } from '#server/features/roles/index.ts';
import { savedSearchRoutes } from '#server/features/saved-searches/index.ts';
import { searchRoutes } from '#server/features/search/index.ts';
import { loadBlog, SITEMAP_URL_LIMIT, siteRoutes } from '#server/features/site/index.ts';
import { subscriptionRoutes } from '#server/features/subscriptions/index.ts';
import { teamRoutes } from '#server/features/teams/index.ts';
import { trustProxyOption } from '#server/http/client-ip.ts';
import { createPublicCrewCache } from '#server/http/public-crew-cache.ts';
import { loggerOptions, requestId, requestLoggerFactory } from '#server/logger.ts';
import { createMailer, type Mailer } from '#server/mail/mailer.ts';
import { accessTokenPlugin } from '#server/plugins/access-tokens.ts';
import { clientAppPlugin } from '#server/plugins/client-app.ts';
import { csrfPlugin } from '#server/plugins/csrf.ts';
import { databasePlugin } from '#server/plugins/database.ts';
import { errorsPlugin } from '#server/plugins/errors.ts';
import { mailOutboxPlugin } from '#server/plugins/mail-outbox.ts';
import { mediaPlugin } from '#server/plugins/media.ts';
import { metricsPlugin } from '#server/plugins/metrics.ts';
import { openapiPlugin } from '#server/plugins/openapi.ts';
import { rateLimitPlugin } from '#server/plugins/rate-limit.ts';
import { requestIdPlugin } from '#server/plugins/request-id.ts';
import { securityPlugin } from '#server/plugins/security.ts';
import { sessionPlugin } from '#server/plugins/session.ts';
import { stoppingPlugin } from '#server/plugins/stopping.ts';
import { createStorage } from '#server/uploads/storage.ts';

export interface BuildAppOptions {
  config: AppConfig;
  /** The database to use: `config.databaseUrl`, or the embedded server main.ts started. */
  databaseUrl: string;
  /** Pino logger options; tests pass `false`. */
  logger?: boolean | object;
  /** What the outbox worker sends queued mail through; by default SMTP_URL or the outbox folder. */
  mailer?: Mailer;
  /** Whether the outbox worker sends queued mail on its own (default); tests call `app.deliverMail()`. */
  mailWorker?: boolean;
  /** Who takes payments; by default Stripe when configured, else the demo provider. */
  paymentProvider?: PaymentProvider;
  /** URLs per sitemap file; tests lower it to see the sitemap index. */
  sitemapUrlLimit?: number;
  /** Called for every route as it is registered (the fuzz test enumerates the API this way). */
  onRoute?: (route: RouteOptions) => void;
}

const BLOG_DIR = fileURLToPath(new URL('../../content/blog', import.meta.url));

/** The whole server, ready but not listening: main.ts listens, tests call `app.inject()`. */
export async function buildApp({
  config,
  databaseUrl,
  logger,
  mailer,
  mailWorker = true,
  paymentProvider,
  sitemapUrlLimit = SITEMAP_URL_LIMIT,
  onRoute,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    genReqId: requestId,
    // A request's logger is made when it first writes a line, not for every request (ADR 029).
    childLoggerFactory: requestLoggerFactory,
    // Only TRUST_PROXY says whose X-Forwarded-For to believe: request.ip is then the one client
    // address that rate limits, the login throttle, sessions and the security log all read.
    trustProxy: trustProxyOption(config.trustProxy),
    forceCloseConnections: 'idle',
    // The stopping plugin answers requests that arrive while closing, in the API's error shape.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (onRoute) app.addHook('onRoute', onRoute);

  const https = config.publicUrl.protocol === 'https:';
  await app.register(errorsPlugin);
  await app.register(requestIdPlugin);
  await app.register(stoppingPlugin);
  await app.register(securityPlugin, { https });
  await app.register(databasePlugin, { url: databaseUrl, poolSize: config.databasePoolSize });
  await app.register(sessionPlugin, {
    secure: https,
    cookies: config.cookies,
    deviceSecret: config.sessionSecret,
    resolveSession,
  });
  await app.register(accessTokenPlugin, { authenticate: authenticateAccessToken });
  await app.register(csrfPlugin, { secret: config.sessionSecret, secure: https, recordSecurityEvent });
  await app.register(rateLimitPlugin, {
    multiplier: config.rateLimitMultiplier,
    redisUrl: config.redisUrl,
    recordSecurityEvent,
  });
  await app.register(websocket, websocketOptions);
  // Before the routes: the OpenAPI document is built from each route as it is registered (issue 37).
  await app.register(openapiPlugin, { sessionCookieName: config.cookies.session });

  const media = createStorage(config.storage, app.log);
  await app.register(mediaPlugin, { storage: media });
  await app.register(metricsPlugin, { token: config.metricsToken });

  await app.register(healthRoutes);
  await app.register(mailOutboxPlugin, {
    mailer:
      mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        dataDir: config.dataDir,
        log: app.log,
        messageIdHost: config.publicUrl.hostname,
      }),
    worker: mailWorker,
    // Notification mails are rendered at send time (issue 32): the notifications feature hands its
    // renderer here, since plugins import no feature.
    render: (queued) => renderNotificationMail(app.db, config.publicUrl, queued),
  });
  await app.register(authRoutes, {
    publicUrl: config.publicUrl,
    loginPolicy: {
      failuresPerAccount: 5,
      failuresPerNetwork: Math.round(50 * config.rateLimitMultiplier),
      failuresPerAccountEverywhere: 20,
      failuresPerKnownDevice: 5,
      windowMinutes: 15,
    },
  });
  await app.register(twoFactorRoutes, { totpKey: config.totpKey });
  await app.register(sessionRoutes);
  await app.register(accessTokenRoutes);
  await app.register(oauthRoutes, { providers: config.oauth, publicUrl: config.publicUrl, secure: https });
  await app.register(roleRoutes);
  app.decorate('publicCrew', createPublicCrewCache(config.pageCacheMb));
  await app.register(browseRoutes);
  await app.register(searchRoutes);
  // The alert job runs with the other sweeps; tests call runSavedSearchAlerts (issue 35).
  await app.register(savedSearchRoutes, { alertJob: mailWorker });
  await app.register(profileRoutes, { media });
  await app.register(reviewRoutes);
  await app.register(notificationRoutes, {
    databaseUrl,
    redisUrl: config.redisUrl,
    allowedOrigins: config.allowedOrigins,
    testNotificationsForEveryone: config.env !== 'production',
    unsubscribeSecret: config.sessionSecret,
  });
  // The mail sweeps run with the outbox worker; tests without it call them (issue 32).
  if (mailWorker) await app.register(dailyDigestSweep, { publicUrl: config.publicUrl });

  const provider = paymentProvider ?? createPaymentProvider(config);
  await app.register(subscriptionRoutes, {
    provider,
    webhookSecret: config.stripe?.webhookSecret,
  });
  await app.register(paymentRoutes, { provider });
  await app.register(connectionRoutes);
  await app.register(messageRoutes, { publicUrl: config.publicUrl, mailSweep: mailWorker });
  await app.register(bookingRoutes, {
    publicUrl: config.allowedOrigins.servedFrom ? null : config.publicUrl,
    provider,
  });
  // Crew calls (issue 36): the hourly expiry job runs with the other sweeps.
  await app.register(callRoutes, { expiryJob: mailWorker });
  await app.register(callReportRoutes);
  // call_match alerts run with the other sweeps; tests call runCallMatchAlerts (ADR 038).
  if (mailWorker) await app.register(callMatchSweep);
  await app.register(teamRoutes);
  await app.register(adminRoutes);
  await app.register(accountExportRoutes, { media });
  await app.register(accountDeletionRoutes, { provider, totpKey: config.totpKey, media, sweep: mailWorker });
  const blog = loadBlog(BLOG_DIR);
  await app.register(siteRoutes, {
    contactEmail: config.contactEmail,
    publicUrl: config.publicUrl,
    blog,
    sitemapUrlLimit,
    // Open crew calls (issue 36): a closed, expired or hidden one is no longer listed.
    sitemapPages: async () =>
      (await openCallIdsForSitemap(app.db)).map((call) => ({
        path: callHref(call.id),
        lastmod: call.updatedAt.toISOString(),
      })),
  });

  await app.register(clientAppPlugin, {
    root: config.clientDist,
    // Without PUBLIC_URL the app answers at any address: links use the request's own origin.
    renderPage: createPageRenderer(app, {
      canonicalOrigin: config.allowedOrigins.servedFrom ? null : config.publicUrl.origin,
      blog,
      appRenderer: await loadAppRenderer(app, config.clientDist),
    }),
  });
  await app.ready();
  return app;
}
