import { index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  category: text('category', { enum: ['pre-production', 'production', 'post-production', 'cast'] }).notNull(),
  icon: text('icon').notNull(),
  /** A crew-list department label ("Camera"); null for the roles SPEC names. */
  department: text('department'),
  sortOrder: integer('sort_order').notNull(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId, t.userId)],
);
