/** The member's own profile. */
export const ownsProfile = (viewer: { id: number } | null, profileId: number) => viewer?.id === profileId;

/**
 * Only the owner changes a profile, and sees its private fields (the e-mail address). Staff act
 * on accounts through the guarded, audited /api/admin routes only (issue 29).
 */
export const canManageProfile = (viewer: { id: number } | null, profileId: number) =>
  ownsProfile(viewer, profileId);
