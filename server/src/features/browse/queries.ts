import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { roles, userRoles, users } from '../../db/schema/index.ts';

export async function listCrewWithRole(db: Database, roleId: number, limit: number, offset: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      location: users.location,
      profileImage: users.profileImage,
    })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.roleId, roleId))
    .orderBy(asc(users.id))
    .limit(limit)
    .offset(offset);
}

export async function countCrewWithRole(db: Database, roleId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(userRoles)
    .where(and(eq(userRoles.roleId, roleId)));
  return row?.total ?? 0;
}

export async function rolesOfUsers(db: Database, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name, category: roles.category })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(userRoles.userId), asc(userRoles.position));
}
