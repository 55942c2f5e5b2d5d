import type { AccessTokenScope } from '#common/access-tokens';
import type { AuthUser } from '#common/schemas/auth';
import type { KnownDevice } from '#server/crypto/device-cookie.ts';
import type { Database } from '#server/db/client.ts';

/**
 * Who is asking (`request.auth`): a member signed in by their session cookie (the session plugin),
 * or by a personal access token (the access-token plugin, ADR 032). Routes that need the session
 * itself (signing out, devices, re-authentication, staff) read it through `app.signedInSession`;
 * no token reaches them anyway, since a token is refused on every route not opened to tokens.
 */
export type RequestAuth = SessionAuth | TokenAuth;

/** A browser's session. */
export interface SessionAuth {
  via: 'session';
  user: AuthUser;
  sessionId: number;
  expiresAt: Date;
  persistent: boolean;
  /** When this session last proved its password or a TOTP code. */
  reauthenticatedAt: Date;
  /** The second factor this session proved (sign-in or re-authentication), or null: staff need one. */
  secondFactor: 'totp' | 'recovery_code' | null;
}

/** A personal access token: `Authorization: Bearer cb_pat_…`, no cookie and no CSRF token. */
export interface TokenAuth {
  via: 'token';
  user: AuthUser;
  token: { id: number; scopes: readonly AccessTokenScope[] };
}

export const SIGN_IN_REQUIRED = 'Please sign in to continue';

const BEARER = /^bearer(?:\s+(.*))?$/is;

/**
 * What an `Authorization: Bearer …` header carries (trimmed; '' when nothing follows), or null for
 * no header or another scheme (HTTP Basic from a proxy in front of a staging site is not ours).
 * With a bearer credential the token alone decides who is asking: the session cookie is not read.
 */
export function bearerCredential(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = BEARER.exec(header.trim());
  return match ? (match[1] ?? '').trim() : null;
}

/** Who is asking, for the security log and the throttles. */
export interface RequestMeta {
  ip: string;
  ipPrefix: string;
  userAgent: string | null;
}

/** What a browser brings to a sign-in (the session plugin reads its cookies). */
export interface SigningInBrowser {
  /** The session cookie it already holds, ended by the sign-in. */
  sessionToken: string | null;
  /** The accounts it has signed in to before, from its signed known-device cookie. */
  knownDevices: readonly KnownDevice[];
}

export interface NewSession {
  token: string;
  expiresAt: Date;
  persistent: boolean;
}

/**
 * Writes a refused request to the security log: the auth feature's recordSecurityEvent, which
 * app.ts hands to the plugins that refuse requests.
 */
export type RecordSecurityEvent = (
  db: Database,
  meta: RequestMeta,
  event: { type: 'csrf_refused' | 'rate_limited'; userId: number | null; detail: Record<string, unknown> },
) => Promise<unknown>;
