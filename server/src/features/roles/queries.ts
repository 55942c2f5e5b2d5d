import { asc, count, eq, sql } from 'drizzle-orm';
import type { RoleDefinition } from '#common/roles';
import type { Database } from '#server/db/client.ts';
import { roles, userRoles } from '#server/db/schema/index.ts';

/** The catalogue in order; a role without a department answers no department key at all. */
export function listRoles(db: Database) {
  return db
    .select({
      id: roles.id,
      name: roles.name,
      category: roles.category,
      icon: roles.icon,
      department: roles.department,
    })
    .from(roles)
    .orderBy(asc(roles.sortOrder))
    .then((rows) =>
      rows.map(({ department, ...role }) => (department === null ? role : { ...role, department })),
    );
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
    .values(
      catalogue.map((role, index) => ({ ...role, department: role.department ?? null, sortOrder: index })),
    )
    .onConflictDoUpdate({
      target: roles.name,
      set: {
        category: sql`excluded.category`,
        icon: sql`excluded.icon`,
        department: sql`excluded.department`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
}
