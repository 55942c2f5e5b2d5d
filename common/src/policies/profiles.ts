import type { UserRole } from '../schemas/auth.ts';
import { isAdmin } from './staff.ts';

/** The member's own profile. */
export const ownsProfile = (viewer: { id: number } | null, profileId: number) => viewer?.id === profileId;

/**
 * Only the owner, or an admin, changes a profile; whoever may change it also sees its private
 * fields (the e-mail address).
 */
export const canManageProfile = (viewer: { id: number; role: UserRole } | null, profileId: number) =>
  ownsProfile(viewer, profileId) || isAdmin(viewer);
