import { and, asc, count, isNull } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { roles, users } from '#server/db/schema/index.ts';

export function listRoleIds(db: Database) {
  return db.select({ id: roles.id }).from(roles).orderBy(asc(roles.sortOrder));
}

/** Profiles that answer publicly: not suspended, not deleted by their member (ADR 026). */
const publicProfile = and(isNull(users.suspendedAt), isNull(users.deletedAt));

export function countProfiles(db: Database) {
  return db
    .select({ total: count() })
    .from(users)
    .where(publicProfile)
    .then((rows) => rows[0]?.total ?? 0);
}

/** One stretch of public profiles in id order, for one sitemap file. */
export function listProfilesForSitemap(db: Database, offset: number, limit: number) {
  return db
    .select({ id: users.id, updatedAt: users.updatedAt })
    .from(users)
    .where(publicProfile)
    .orderBy(asc(users.id))
    .offset(offset)
    .limit(limit);
}
