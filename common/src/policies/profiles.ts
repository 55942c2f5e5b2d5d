import type { UserRole } from '../schemas/auth.ts';
import type { ContactVisibility } from '../schemas/profiles.ts';
import { isModerator } from './staff.ts';

/** The member's own profile. */
export const ownsProfile = (viewer: { id: number } | null, profileId: number) => viewer?.id === profileId;

/**
 * Only the owner changes a profile, and sees its private fields (the e-mail address). Staff act
 * on accounts through the guarded, audited /api/admin routes only (issue 29).
 */
export const canManageProfile = (viewer: { id: number } | null, profileId: number) =>
  ownsProfile(viewer, profileId);

/** What canSeeContact decides on: who reads, whose profile, and whether the two are connected. */
export interface ContactReader {
  viewer: { id: number; role: UserRole } | null;
  profileId: number;
  /** An accepted connection between the viewer and the profile's owner. */
  connected: boolean;
}

/**
 * Whether the reader sees the profile's contact details (issue 33, ADR 027): everyone when
 * `public`, any signed-in member when `members`, accepted connections when `connections`; the
 * owner and staff always. Hidden contact details are left out of the profile entirely.
 */
export function canSeeContact(reader: ContactReader, visibility: ContactVisibility): boolean {
  const { viewer, profileId, connected } = reader;
  if (visibility === 'public') return true;
  if (!viewer) return false;
  if (ownsProfile(viewer, profileId) || isModerator(viewer)) return true;
  return visibility === 'members' || connected;
}

/** Whether `canSeeContact` needs the connection fact at all: only a signed-in stranger to a `connections` profile. */
export const contactNeedsConnection = (
  reader: Omit<ContactReader, 'connected'>,
  visibility: ContactVisibility,
) =>
  visibility === 'connections' &&
  reader.viewer !== null &&
  !ownsProfile(reader.viewer, reader.profileId) &&
  !isModerator(reader.viewer);
