import {
  decodeIdToken,
  Facebook,
  Google,
  generateCodeVerifier,
  generateState,
  type OAuth2Tokens,
  Twitter,
} from 'arctic';
import { isPlaceholderEmail, providerPlaceholderEmail } from '#common/placeholder-email';
import { TWO_FACTOR_MESSAGES } from '#common/schemas/admin';
import { OAUTH_PROVIDERS, type OAuthProvider } from '#common/schemas/auth';
import { AUTH_PAGE_ERRORS } from '#common/schemas/auth-page-errors';
import type { OAuthClientConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { ForbiddenError } from '#server/errors.ts';
import type { RequestMeta, SigningInBrowser } from '#server/http/request-auth.ts';
import { sendEmailLink } from './email-links.ts';
import { lockEmailHolder } from './email-queries.ts';
import { releaseUnprovenEmail } from './email-verification.ts';
import * as q from './queries.ts';
import { recordSecurityEvent, startSession } from './service.ts';

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

export const newOAuthState = () => ({ state: generateState(), codeVerifier: generateCodeVerifier() });

/**
 * The address a provider proves its user reads, or null. Google says so per address
 * (`email_verified`); Facebook answers only confirmed ones. Twitter gives none, and an address in
 * the placeholder domain reaches no one, so neither ever links an account.
 */
export function vouchedEmail(provider: OAuthProvider, profile: ProviderProfile): string | null {
  if (provider === 'twitter' || !profile.email || !profile.emailVerified) return null;
  return isPlaceholderEmail(profile.email) ? null : profile.email.toLowerCase();
}

/**
 * The account a provider identity signs in to, decided in one transaction: the one already linked;
 * else the account holding the address the provider vouches for, if that account proved the
 * address too (linked now); else a new account. An account holding the vouched address without
 * having proved it loses the address to the new one: the person who proves an address wins it, so
 * someone who registered with another's address never receives that person's provider sign-in.
 */
async function accountForProvider(
  db: Database,
  provider: OAuthProvider,
  profile: ProviderProfile,
  publicUrl: URL,
): Promise<{ userId: number; releasedFrom: number | null; created: boolean }> {
  return db.transaction(async (tx) => {
    const linked = await q.findOAuthUser(tx, provider, profile.providerUserId);
    if (linked) return { userId: linked.userId, releasedFrom: null, created: false };
    const link = (userId: number) =>
      q.linkOAuthAccount(tx, { provider, providerUserId: profile.providerUserId, userId });
    const vouched = vouchedEmail(provider, profile);
    const holder = vouched ? await lockEmailHolder(tx, vouched) : undefined;
    if (holder?.verified) {
      await link(holder.id);
      return { userId: holder.id, releasedFrom: null, created: false };
    }
    if (holder) await releaseUnprovenEmail(tx, holder.id, provider);
    // An address the provider does not vouch for is the new account's only while no one holds it,
    // and unproven like a sign-up's until its link is opened.
    const unproven =
      !vouched && profile.email && !isPlaceholderEmail(profile.email) ? profile.email.toLowerCase() : null;
    const offered = unproven && !(await q.findUserByEmail(tx, unproven)) ? unproven : null;
    const username = await freeUsername(
      tx,
      profile.handle ?? profile.name ?? profile.email?.split('@')[0] ?? provider,
    );
    const email = vouched ?? offered ?? providerPlaceholderEmail(provider, profile.providerUserId);
    const created = await q.insertUser(tx, {
      username,
      email,
      passwordHash: null,
      displayName: profile.name,
      emailVerifiedAt: vouched ? new Date() : null,
    });
    if (!created) throw new Error('insert returned no user');
    if (offered)
      await sendEmailLink(tx, { userId: created.id, username, email, reason: 'sign_up', publicUrl });
    await link(created.id);
    return { userId: created.id, releasedFrom: holder?.id ?? null, created: true };
  });
}

export async function signInWithProvider(
  db: Database,
  provider: OAuthProvider,
  profile: ProviderProfile,
  meta: RequestMeta,
  publicUrl: URL,
  browser: SigningInBrowser,
) {
  const { userId, releasedFrom, created } = await accountForProvider(db, provider, profile, publicUrl);
  if (releasedFrom !== null) {
    await recordSecurityEvent(db, meta, {
      type: 'email_released',
      userId: releasedFrom,
      detail: { provider, toUserId: userId },
    });
  }
  const account = await q.findCredentialsById(db, userId);
  if (account?.suspended) throw new ForbiddenError(TWO_FACTOR_MESSAGES.accountSuspended);
  // A provider cannot restore a deleted account: only its password can (ADR 026).
  if (account?.deleted) throw new ForbiddenError(AUTH_PAGE_ERRORS.deleted);
  // A provider proves who someone is, not that they hold their second factor.
  if (account?.twoFactorEnabled) throw new ForbiddenError(AUTH_PAGE_ERRORS.two_factor);
  await recordSecurityEvent(db, meta, { type: 'oauth_login', userId, detail: { provider } });
  // An account the provider sign-in just made has no device the browser could be new to.
  return startSession(db, userId, false, meta, browser, { newDeviceNotice: !created });
}

async function freeUsername(db: Parameters<typeof q.usernameTaken>[0], seed: string): Promise<string> {
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
