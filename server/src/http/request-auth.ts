import type { AuthUser } from '#common/schemas/auth';

/** Who is asking: the signed-in user and their session (`request.auth`, set by the session plugin). */
export interface RequestAuth {
  user: AuthUser;
  sessionId: number;
  expiresAt: Date;
  persistent: boolean;
  /** When this session last proved its password or a TOTP code. */
  reauthenticatedAt: Date;
}

export const SIGN_IN_REQUIRED = 'Please sign in to continue';
