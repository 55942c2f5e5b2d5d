import { asc, count, eq, sql } from 'drizzle-orm';
import type { RoleDefinition } from '#common/roles';
import type { Database } from '#server/db/client.ts';
import { roles, userRoles } from '#server/db/schema/index.ts';

export function listRoles(db: Database) {
  return db
    .select({ id: roles.id, name: roles.name, category: roles.category, icon: roles.icon })
    .from(roles)
    .orderBy(asc(roles.sortOrder));
}

export function findRole(db: Database, id: number) {
  return db
    .select({ id: roles.id, name: roles.name, category: roles.category, icon: roles.icon })
    .from(roles)
    .where(eq(roles.id, id))
    .then((rows) => rows[0]);
}

export function countCrewPerRole(db: Database) {
  return db.select({ roleId: userRoles.roleId, crew: count() }).from(userRoles).groupBy(userRoles.roleId);
}

/** Inserts missing roles and brings category, icon and order up to date; never deletes. */
export async function upsertRoleCatalogue(db: Database, catalogue: readonly RoleDefinition[]) {
  await db
    .insert(roles)
    .values(catalogue.map((role, index) => ({ ...role, sortOrder: index })))
    .onConflictDoUpdate({
      target: roles.name,
      set: {
        category: sql`excluded.category`,
        icon: sql`excluded.icon`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
}
