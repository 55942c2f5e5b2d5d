import type { FastifyRequest } from 'fastify';
import { recentlyReauthenticated, type StaffLevel, staffDecision } from '#common/policies/staff';
import { STAFF_MESSAGES } from '#common/schemas/admin';
import { ForbiddenError, HttpError } from '#server/errors.ts';
import type { Actor } from './audit.ts';

/** Answers exactly as an unknown API path does, so staff calls are not revealed to others. */
class HiddenRouteError extends HttpError {
  constructor(request: FastifyRequest) {
    const { pathname } = new URL(request.url, 'http://localhost');
    super(404, `No API endpoint ${request.method} ${pathname}`);
  }
}

/**
 * onRequest guard of every staff route: anyone below `level` gets the unknown-path 404 (before
 * CSRF and validation, which would tell that the route exists); staff without two-factor sign-in
 * are told to turn it on, and a session that has not shown a code is asked for one.
 */
export function requireStaff(level: StaffLevel) {
  return async (request: FastifyRequest) => {
    const auth = request.auth;
    // A personal access token is refused before this (ADR 032); were one here, it has no second factor.
    const viewer = auth && {
      ...auth.user,
      sessionSecondFactor: auth.via === 'session' && auth.secondFactor !== null,
    };
    const decision = staffDecision(viewer, level);
    if (decision.ok) return;
    if (decision.reason === 'not_staff') throw new HiddenRouteError(request);
    throw new ForbiddenError(
      decision.reason === 'second_factor'
        ? STAFF_MESSAGES.twoFactorRequired
        : STAFF_MESSAGES.sessionSecondFactor,
    );
  };
}

/** preValidation guard of the sensitive calls: a TOTP code within the last 10 minutes (staff always have one). */
export async function requireReauth(request: FastifyRequest) {
  if (request.auth?.via !== 'session' || !recentlyReauthenticated(request.auth)) {
    throw new ForbiddenError(STAFF_MESSAGES.reauthRequired);
  }
}

/** The staff member of a guarded route, as services and the audit log see them. */
export function actorOf(request: FastifyRequest): Actor {
  const auth = request.auth;
  if (auth?.via !== 'session') throw new HiddenRouteError(request);
  return {
    id: auth.user.id,
    username: auth.user.username,
    role: auth.user.role,
    sessionId: auth.sessionId,
    reauthenticatedAt: auth.reauthenticatedAt,
  };
}
