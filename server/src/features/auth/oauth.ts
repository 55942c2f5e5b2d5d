import {
  decodeIdToken,
  Facebook,
  Google,
  generateCodeVerifier,
  generateState,
  type OAuth2Tokens,
  Twitter,
} from 'arctic';
import { TWO_FACTOR_MESSAGES } from '#common/schemas/admin';
import { OAUTH_PROVIDER_NAMES, OAUTH_PROVIDERS, type OAuthProvider } from '#common/schemas/auth';
import type { OAuthClientConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { ForbiddenError } from '#server/errors.ts';
import type { RequestMeta } from '#server/http/request-auth.ts';
import * as q from './queries.ts';
import { createSession, recordSecurityEvent } from './service.ts';

export interface ProviderProfile {
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  handle: string | null;
}

interface ProviderClient {
  authorizationUrl(state: string, codeVerifier: string): URL;
  profile(code: string, codeVerifier: string): Promise<ProviderProfile>;
}

/** Each provider through arctic (state + PKCE where the provider supports it). */
export function createProviderClients(
  settings: Partial<Record<OAuthProvider, OAuthClientConfig>>,
  publicUrl: URL,
): Partial<Record<OAuthProvider, ProviderClient>> {
  const callback = (provider: OAuthProvider) => new URL(`/api/auth/${provider}/callback`, publicUrl).href;
  const clients: Partial<Record<OAuthProvider, ProviderClient>> = {};
  if (settings.google) {
    const google = new Google(settings.google.clientId, settings.google.clientSecret, callback('google'));
    clients.google = {
      authorizationUrl: (state, verifier) =>
        google.createAuthorizationURL(state, verifier, ['openid', 'email', 'profile']),
      async profile(code, verifier) {
        const tokens = await google.validateAuthorizationCode(code, verifier);
        const claims = decodeIdToken(tokens.idToken()) as {
          sub: string;
          email?: string;
          email_verified?: boolean;
          name?: string;
        };
        return {
          providerUserId: claims.sub,
          email: claims.email ?? null,
          emailVerified: claims.email_verified === true,
          name: claims.name ?? null,
          handle: null,
        };
      },
    };
  }
  if (settings.facebook) {
    const facebook = new Facebook(
      settings.facebook.clientId,
      settings.facebook.clientSecret,
      callback('facebook'),
    );
    clients.facebook = {
      authorizationUrl: (state) => facebook.createAuthorizationURL(state, ['email', 'public_profile']),
      async profile(code) {
        const tokens = await facebook.validateAuthorizationCode(code);
        const me = await fetchJson<{ id: string; name?: string; email?: string }>(
          `https://graph.facebook.com/me?fields=id,name,email&access_token=${encodeURIComponent(tokens.accessToken())}`,
        );
        // Facebook only returns addresses it has confirmed.
        return {
          providerUserId: me.id,
          email: me.email ?? null,
          emailVerified: Boolean(me.email),
          name: me.name ?? null,
          handle: null,
        };
      },
    };
  }
  if (settings.twitter) {
    const twitter = new Twitter(
      settings.twitter.clientId,
      settings.twitter.clientSecret,
      callback('twitter'),
    );
    clients.twitter = {
      authorizationUrl: (state, verifier) =>
        twitter.createAuthorizationURL(state, verifier, ['users.read', 'tweet.read']),
      async profile(code, verifier) {
        const tokens: OAuth2Tokens = await twitter.validateAuthorizationCode(code, verifier);
        const me = await fetchJson<{ data: { id: string; name?: string; username?: string } }>(
          'https://api.twitter.com/2/users/me',
          tokens.accessToken(),
        );
        return {
          providerUserId: me.data.id,
          email: null,
          emailVerified: false,
          name: me.data.name ?? null,
          handle: me.data.username ?? null,
        };
      },
    };
  }
  return clients;
}

async function fetchJson<T>(url: string, bearer?: string): Promise<T> {
  const response = await fetch(url, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
  if (!response.ok) throw new Error(`profile request failed: ${response.status}`);
  return (await response.json()) as T;
}

export function isProvider(value: string): value is OAuthProvider {
  return (OAUTH_PROVIDERS as readonly string[]).includes(value);
}

export function notConfiguredMessage(provider: OAuthProvider): string {
  return `${OAUTH_PROVIDER_NAMES[provider]} sign-in is not configured on this server`;
}

export const OAUTH_TWO_FACTOR =
  'This account uses two-factor sign-in: sign in with your username, password and code.';

export const newOAuthState = () => ({ state: generateState(), codeVerifier: generateCodeVerifier() });

/**
 * The account for a provider identity: the one already linked; else the account whose address the
 * provider has verified (linked now); else a new account with a free username.
 */
export async function signInWithProvider(
  db: Database,
  provider: OAuthProvider,
  profile: ProviderProfile,
  meta: RequestMeta,
) {
  const linked = await q.findOAuthUser(db, provider, profile.providerUserId);
  let userId = linked?.userId;
  if (!userId && profile.email && profile.emailVerified) {
    userId = (await q.findUserByEmail(db, profile.email))?.id;
  }
  if (!userId) {
    const username = await freeUsername(
      db,
      profile.handle ?? profile.name ?? profile.email?.split('@')[0] ?? provider,
    );
    const created = await q.insertUser(db, {
      username,
      email:
        profile.email?.toLowerCase() ?? `${provider}-${profile.providerUserId}@users.noreply.crewbase.app`,
      passwordHash: null,
      displayName: profile.name,
    });
    if (!created) throw new Error('insert returned no user');
    userId = created.id;
  }
  await q.linkOAuthAccount(db, { provider, providerUserId: profile.providerUserId, userId });
  const account = await q.findCredentialsById(db, userId);
  if (account?.suspended) throw new ForbiddenError(TWO_FACTOR_MESSAGES.accountSuspended);
  // A provider proves who someone is, not that they hold their second factor.
  if (account?.twoFactorEnabled) throw new ForbiddenError(OAUTH_TWO_FACTOR);
  await recordSecurityEvent(db, meta, { type: 'oauth_login', userId, detail: { provider } });
  return createSession(db, userId, false, meta);
}

async function freeUsername(db: Database, seed: string): Promise<string> {
  const base = (
    seed
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9._-]+/g, '')
      .slice(0, 24) || 'crew'
  ).padEnd(3, '0');
  for (let attempt = 0; attempt < 50; attempt++) {
    const candidate = attempt === 0 ? base : `${base}${attempt + 1}`;
    if (!(await q.usernameTaken(db, candidate))) return candidate;
  }
  return `${base}${Date.now().toString(36)}`;
}
