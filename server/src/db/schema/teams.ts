import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { roles } from './roles.ts';
import { users } from './users.ts';

/** A production crewing up: its owner invites crew to the positions it needs. */
export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    location: text('location'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('teams_owner_idx').on(t.ownerId)],
);

export const teamPositions = pgTable(
  'team_positions',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    count: integer('count').notNull().default(1),
  },
  (t) => [
    index('team_positions_team_idx').on(t.teamId),
    check('team_positions_count', sql`${t.count} between 1 and 100`),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    positionId: integer('position_id').references(() => teamPositions.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['invited', 'accepted', 'declined'] }).notNull(),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /**
     * The booking that put this member on the team (features/bookings: accepting or confirming a
     * booking made for the team), so cancelling it takes off only what it added. No foreign key:
     * bookings already refer to teams.
     */
    bookingId: integer('booking_id'),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
);
