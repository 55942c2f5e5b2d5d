import type { FastifyRequest } from 'fastify';
import { STAFF_MESSAGES } from '#common/schemas/admin';
import { ForbiddenError, HttpError } from '#server/errors.ts';
import { REAUTH_WINDOW_MS } from '#server/features/auth/two-factor.ts';
import type { Actor } from './audit.ts';

/** Answers exactly as an unknown API path does, so staff calls are not revealed to others. */
class HiddenRouteError extends HttpError {
  constructor(request: FastifyRequest) {
    const { pathname } = new URL(request.url, 'http://localhost');
    super(404, `No API endpoint ${request.method} ${pathname}`);
  }
}

export type StaffLevel = 'moderator' | 'admin';

/**
 * onRequest guard of every staff route: anyone below `level` gets the unknown-path 404 (before
 * CSRF and validation, which would tell that the route exists); staff without two-factor sign-in
 * are told to turn it on.
 */
export function requireStaff(level: StaffLevel) {
  return async (request: FastifyRequest) => {
    const role = request.auth?.user.role;
    const allowed = level === 'admin' ? role === 'admin' : role === 'admin' || role === 'moderator';
    if (!allowed) throw new HiddenRouteError(request);
    if (!request.auth?.user.twoFactorEnabled) throw new ForbiddenError(STAFF_MESSAGES.twoFactorRequired);
  };
}

export const recentlyReauthenticated = (actor: Pick<Actor, 'reauthenticatedAt'>) =>
  Date.now() - actor.reauthenticatedAt.getTime() < REAUTH_WINDOW_MS;

/** preValidation guard of the sensitive calls: password or TOTP code within the last 10 minutes. */
export async function requireReauth(request: FastifyRequest) {
  if (!request.auth || !recentlyReauthenticated(request.auth)) {
    throw new ForbiddenError(STAFF_MESSAGES.reauthRequired);
  }
}

/** The staff member of a guarded route, as services and the audit log see them. */
export function actorOf(request: FastifyRequest): Actor {
  const auth = request.auth;
  if (!auth) throw new HiddenRouteError(request);
  return {
    id: auth.user.id,
    username: auth.user.username,
    role: auth.user.role,
    sessionId: auth.sessionId,
    reauthenticatedAt: auth.reauthenticatedAt,
  };
}
