import type { FastifyPluginAsync } from 'fastify';
import { authProvidersResponse, OAUTH_PROVIDERS } from '#common/schemas/auth';
import { type AuthPageError, authPageErrorOf, notConfiguredError } from '#common/schemas/auth-page-errors';
import type { OAuthClientConfig } from '#server/config.ts';
import { HttpError } from '#server/errors.ts';
import { createProviderClients, isProvider, newOAuthState, signInWithProvider } from './oauth.ts';

const STATE_COOKIE = 'crewbase_oauth_state';
const VERIFIER_COOKIE = 'crewbase_oauth_verifier';

/**
 * `/api/auth/{google,facebook,twitter}/login` and their callbacks. Failures land on
 * /auth?error=<code>, one of AUTH_PAGE_ERRORS, whose text the page shows.
 */
export const oauthRoutes: FastifyPluginAsync<{
  providers: Partial<Record<'google' | 'facebook' | 'twitter', OAuthClientConfig>>;
  publicUrl: URL;
  secure: boolean;
}> = async (app, { providers, publicUrl, secure }) => {
  const clients = createProviderClients(providers, publicUrl);
  const cookie = { path: '/api/auth', httpOnly: true, sameSite: 'lax' as const, secure, maxAge: 600 };
  const toAuthPage = (code: AuthPageError) => `/auth?error=${code}`;

  // The sign-in page offers only these (issue 33): the configuration is read once, at start.
  const configured = { providers: OAUTH_PROVIDERS.filter((provider) => clients[provider] !== undefined) };
  app.get(
    '/api/auth/providers',
    { schema: { response: { 200: authProvidersResponse } } },
    async (_request, reply) => {
      // Changes only with a restart; a few minutes' caching spares the sign-in dialog a request.
      reply.header('cache-control', 'public, max-age=300');
      return configured;
    },
  );

  app.get<{ Params: { provider: string } }>('/api/auth/:provider/login', async (request, reply) => {
    const { provider } = request.params;
    if (!isProvider(provider))
      return reply
        .code(404)
        .send({ error: { message: 'Unknown sign-in provider', timestamp: new Date().toISOString() } });
    const client = clients[provider];
    if (!client) return reply.redirect(toAuthPage(notConfiguredError(provider)));
    const { state, codeVerifier } = newOAuthState();
    reply.setCookie(STATE_COOKIE, state, cookie).setCookie(VERIFIER_COOKIE, codeVerifier, cookie);
    return reply.redirect(client.authorizationUrl(state, codeVerifier).href);
  });

  app.get<{ Params: { provider: string }; Querystring: { code?: string; state?: string; error?: string } }>(
    '/api/auth/:provider/callback',
    async (request, reply) => {
      const { provider } = request.params;
      if (!isProvider(provider)) return reply.redirect(toAuthPage('unknown_provider'));
      const client = clients[provider];
      if (!client) return reply.redirect(toAuthPage(notConfiguredError(provider)));
      const { code, state, error } = request.query;
      const expectedState = request.cookies[STATE_COOKIE];
      const verifier = request.cookies[VERIFIER_COOKIE];
      reply.clearCookie(STATE_COOKIE, cookie).clearCookie(VERIFIER_COOKIE, cookie);
      if (error) return reply.redirect(toAuthPage('cancelled'));
      if (!code || !state || !expectedState || state !== expectedState || !verifier) {
        return reply.redirect(toAuthPage('interrupted'));
      }
      try {
        const profile = await client.profile(code, verifier);
        const { session, device, endedSessionId } = await signInWithProvider(
          app.db,
          provider,
          profile,
          request.meta(),
          publicUrl,
          request.signingInBrowser(),
        );
        if (endedSessionId !== null) app.realtime.sessionEnded(endedSessionId);
        return reply.rememberDevice(device).setSessionCookie(session).redirect('/');
      } catch (err) {
        // A refusal the page has a text for (suspended, two-factor) is named; anything else is
        // the generic one, and logged.
        const code = err instanceof HttpError ? authPageErrorOf(err.message) : null;
        if (code) return reply.redirect(toAuthPage(code));
        request.log.warn({ err, provider }, 'OAuth sign-in failed');
        return reply.redirect(toAuthPage('interrupted'));
      }
    },
  );
};
