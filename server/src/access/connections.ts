import { canSeeContact } from '#common/policies/profiles';
import type { AuthUser } from '#common/schemas/auth';
import { findAcceptedConnection, findContactDetails } from './connection-queries.ts';
import type { Executor } from './queries.ts';

/**
 * Whether the two members are accepted connections: the fact canSeeContact (common/src/policies/profiles.ts)
 * decides a `connections`-only profile's contact details on.
 */
export async function areConnected(db: Executor, a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  return findAcceptedConnection(db, a, b);
}

/**
 * The contact details of `profileId` that the signed-in `reader` may see (canSeeContact), or
 * undefined when they may not, there are none, or there is no such public profile.
 */
export async function visibleContactDetails(
  db: Executor,
  profileId: number,
  reader: Pick<AuthUser, 'id' | 'role'>,
): Promise<{ contactInfo: string; visibility: 'public' | 'members' | 'connections' } | undefined> {
  const details = await findContactDetails(db, profileId, reader.id);
  if (!details?.contactInfo) return undefined;
  const connected = details.connected && reader.id !== profileId;
  if (!canSeeContact({ viewer: reader, profileId, connected }, details.visibility)) return undefined;
  return { contactInfo: details.contactInfo, visibility: details.visibility };
}
