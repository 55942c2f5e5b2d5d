import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authUser, EMAIL_VERIFICATION_SENT, messageResponse, verifyEmailRequest } from '#common/schemas/auth';
import { resendVerification, verifyEmail } from './email-verification.ts';

/** Opening the link that proves an address, and asking for a new one (ADR 005, "Verified e-mail"). */
export const emailVerificationRoutes: FastifyPluginAsyncZod<{ publicUrl: URL }> = async (
  app,
  { publicUrl },
) => {
  app.post(
    '/api/account/email/verify',
    { preHandler: app.requireUser, schema: { body: verifyEmailRequest, response: { 200: authUser } } },
    async (request) => verifyEmail(app.db, app.signedIn(request).user.id, request.body.token, request.meta()),
  );

  app.post(
    '/api/account/email/verification',
    { preHandler: app.requireUser, schema: { response: { 202: messageResponse } } },
    async (request, reply) => {
      await resendVerification(app.db, app.signedIn(request).user.id, publicUrl, request.meta());
      return reply.code(202).send({ message: EMAIL_VERIFICATION_SENT });
    },
  );
};
