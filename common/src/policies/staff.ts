import type { UserRole } from '../schemas/auth.ts';
import { allow, type Decision, refuse } from './decision.ts';

export type StaffLevel = 'moderator' | 'admin';

/** How long a password or code counts as "just proved" for sensitive staff actions. */
export const REAUTH_WINDOW_MS = 10 * 60_000;

const LEVEL: Record<UserRole, number> = { user: 0, moderator: 1, admin: 2 };

/** Admins can do all a moderator can. */
export const hasStaffRole = (role: UserRole | undefined, level: StaffLevel) =>
  role !== undefined && LEVEL[role] >= LEVEL[level];

export const isModerator = (member: { role: UserRole } | null) => hasStaffRole(member?.role, 'moderator');
export const isAdmin = (member: { role: UserRole } | null) => hasStaffRole(member?.role, 'admin');

/** Who asks for a staff power: their account, and what their session proved. */
export interface StaffViewer {
  role: UserRole;
  twoFactorEnabled: boolean;
  /** This session passed a TOTP or recovery code (at sign-in or re-authentication). */
  sessionSecondFactor: boolean;
}

/**
 * Staff powers: the role, a second factor on the account, and that factor shown in this session
 * (a session from before two-factor sign-in was turned on, or from its own enrolment, has not).
 * `not_staff` is answered as if the route did not exist.
 */
export function staffDecision(
  viewer: StaffViewer | null,
  level: StaffLevel,
): Decision<'not_staff' | 'second_factor' | 'session_second_factor'> {
  if (!hasStaffRole(viewer?.role, level)) return refuse('not_staff');
  if (!viewer?.twoFactorEnabled) return refuse('second_factor');
  if (!viewer.sessionSecondFactor) return refuse('session_second_factor');
  return allow;
}

/**
 * What re-authentication takes: a code when the account has two-factor sign-in (a password alone
 * is not enough, since it is the factor a thief is likeliest to hold), else the password.
 */
export const reauthProof = (account: { twoFactorEnabled: boolean }): 'code' | 'password' =>
  account.twoFactorEnabled ? 'code' : 'password';

/** The session proved its password or a TOTP code within the window. */
export const recentlyReauthenticated = (session: { reauthenticatedAt: Date }, now: number = Date.now()) =>
  now - session.reauthenticatedAt.getTime() < REAUTH_WINDOW_MS;

/** Ending one's own session is always allowed; someone else's needs a fresh proof. */
export function revokeSessionDecision(
  actor: { id: number; reauthenticatedAt: Date },
  session: { userId: number },
  now: number = Date.now(),
): Decision<'reauth'> {
  if (session.userId === actor.id || recentlyReauthenticated(actor, now)) return allow;
  return refuse('reauth');
}

/**
 * Suspending, restoring or changing the role of an account: never one's own, and a staff
 * account only by an admin.
 */
export function accountActionDecision(
  actor: { id: number; role: UserRole },
  target: { id: number; role: UserRole },
): Decision<'self' | 'staff_target'> {
  if (target.id === actor.id) return refuse('self');
  if (isModerator(target) && !isAdmin(actor)) return refuse('staff_target');
  return allow;
}
