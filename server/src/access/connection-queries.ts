import { and, eq, or, sql } from 'drizzle-orm';
import type { ContactVisibility } from '#common/schemas/profiles';
import { connections, users } from '#server/db/schema/index.ts';
import type { Executor } from './queries.ts';

const acceptedBetween = (a: number, b: number) =>
  and(
    eq(connections.status, 'accepted'),
    or(
      and(eq(connections.requesterId, a), eq(connections.addresseeId, b)),
      and(eq(connections.requesterId, b), eq(connections.addresseeId, a)),
    ),
  );

/** Whether the two have an accepted connection, whichever of them asked (one index probe). */
export function findAcceptedConnection(db: Executor, a: number, b: number): Promise<boolean> {
  return db
    .select({ one: sql<number>`1` })
    .from(connections)
    .where(acceptedBetween(a, b))
    .limit(1)
    .then((rows) => rows.length > 0);
}

/**
 * A public profile's contact details, their visibility and whether `readerId` is connected to its
 * owner, in one round trip; undefined for a profile that does not exist or is suspended.
 */
export function findContactDetails(
  db: Executor,
  profileId: number,
  readerId: number,
): Promise<{ contactInfo: string | null; visibility: ContactVisibility; connected: boolean } | undefined> {
  return db
    .select({
      contactInfo: users.contactInfo,
      visibility: users.contactVisibility,
      connected: sql<boolean>`exists (select 1 from ${connections} where ${acceptedBetween(profileId, readerId)})`,
    })
    .from(users)
    .where(and(eq(users.id, profileId), sql`${users.suspendedAt} is null`))
    .then((rows) => rows[0]);
}
