import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleteAccountRequest,
  deleteAccountResponse,
  restoreAccountRequest,
} from '#common/schemas/account-deletion';
import { authUser } from '#common/schemas/auth';
import type { PaymentProvider } from '#server/features/payments/index.ts';
import { invalidateProfile } from '#server/http/public-crew-cache.ts';
import type { MediaStorage } from '#server/uploads/storage.ts';
import { type AccountDeletion, deleteAccount, eraseDueAccounts, restoreAccount } from './deletion-service.ts';

/** How often accounts past their 14 days are looked for; erasure is due within this of the day. */
const ERASE_INTERVAL_MS = 15 * 60_000;

export interface AccountDeletionRoutesOptions {
  provider: PaymentProvider;
  totpKey: Buffer;
  media: MediaStorage;
  /** Whether this instance runs the erasure sweep (tests call `eraseDueAccounts` with a `now`). */
  sweep?: boolean;
}

/**
 * `DELETE /api/account` and `POST /api/account/restore` (issue 33, ADR 026), and the sweep that
 * erases accounts 14 days after their deletion.
 */
export const accountDeletionRoutes: FastifyPluginAsyncZod<AccountDeletionRoutesOptions> = async (
  app,
  { provider, totpKey, media, sweep = true },
) => {
  const d: AccountDeletion = { db: app.db, provider, totpKey };

  app.delete(
    '/api/account',
    {
      preHandler: app.requireUser,
      config: { limit: 'login' },
      schema: { body: deleteAccountRequest, response: { 200: deleteAccountResponse } },
    },
    async (request, reply) => {
      const auth = app.signedIn(request);
      const { eraseAfter, endedSessionIds } = await deleteAccount(d, auth, request.body, request.meta());
      for (const id of endedSessionIds) app.realtime.sessionEnded(id);
      // Gone from every cached page and listing at once, on this instance (others within their ~10 s).
      invalidateProfile(app, auth.user.id);
      return reply
        .clearSessionCookie()
        .header('cache-control', 'no-store')
        .send({ eraseAfter: eraseAfter.toISOString() });
    },
  );

  app.post(
    '/api/account/restore',
    { config: { limit: 'login' }, schema: { body: restoreAccountRequest, response: { 200: authUser } } },
    async (request, reply) => {
      const { userId, started } = await restoreAccount(
        d,
        request.body,
        request.meta(),
        request.signingInBrowser(),
      );
      if (started.endedSessionId !== null) app.realtime.sessionEnded(started.endedSessionId);
      invalidateProfile(app, userId);
      return reply.rememberDevice(started.device).setSessionCookie(started.session).send(started.user);
    },
  );

  if (sweep) {
    const erase = () =>
      eraseDueAccounts(app.db, media, new Date(), app.log)
        .then((erased) => {
          for (const id of erased) invalidateProfile(app, id);
        })
        .catch((err: unknown) => app.log.warn({ err }, 'account erasure: sweep failed'));
    const timer = setInterval(erase, ERASE_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
};
