import type { AuthUser } from '#common/schemas/auth';
import type { KnownDevice } from '#server/crypto/device-cookie.ts';
import type { Database } from '#server/db/client.ts';

/** Who is asking: the signed-in user and their session (`request.auth`, set by the session plugin). */
export interface RequestAuth {
  user: AuthUser;
  sessionId: number;
  expiresAt: Date;
  persistent: boolean;
  /** When this session last proved its password or a TOTP code. */
  reauthenticatedAt: Date;
  /** The second factor this session proved (sign-in or re-authentication), or null: staff need one. */
  secondFactor: 'totp' | 'recovery_code' | null;
}

export const SIGN_IN_REQUIRED = 'Please sign in to continue';

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
