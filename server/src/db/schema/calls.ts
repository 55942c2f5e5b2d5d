import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// Relative, not #common: drizzle-kit loads this file without package.json's import map.
import { APPLICATION_STATUSES, CALL_RATE_UNITS } from '../../../../common/src/schemas/calls.ts';
import { bookings } from './bookings.ts';
import { roles } from './roles.ts';
import { memberColumn, users } from './users.ts';

/**
 * The statuses a call is stored with. `expired` is never stored: a call still `open` whose
 * `applyBy` is before today (UTC) is read as expired by every query (features/calls/queries.ts),
 * and the hourly job closes it (status `closed`, closedAt set) soon after.
 */
export const STORED_CALL_STATUSES = ['open', 'filled', 'closed'] as const;

/**
 * A crew call (issue 36, ADR 037): a job a Premium member posts for crew to apply to. Rates are in
 * cents per `rateUnit`, as bookings' are; both may be missing.
 */
export const crewCalls = pgTable(
  'crew_calls',
  {
    id: serial('id').primaryKey(),
    ownerId: memberColumn('owner_id'),
    title: text('title').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    location: text('location').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    rateMin: integer('rate_min'),
    rateMax: integer('rate_max'),
    currency: text('currency').notNull(),
    rateUnit: text('rate_unit', { enum: CALL_RATE_UNITS }).notNull(),
    description: text('description').notNull(),
    /** The last day applications are taken (UTC): the day after, the call reads as expired. */
    applyBy: date('apply_by', { mode: 'string' }).notNull(),
    status: text('status', { enum: STORED_CALL_STATUSES }).notNull().default('open'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Hidden by staff (moderation): then shown to nobody but its owner and staff. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: integer('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The public list: open, unhidden calls, newest first (cursor: createdAt, id).
    index('crew_calls_open_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'open' and ${t.hiddenAt} is null`),
    index('crew_calls_open_role_idx')
      .on(t.roleId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'open' and ${t.hiddenAt} is null`),
    // Location: case-insensitive "contains" (ADR 037), served by trigrams on lower(location).
    index('crew_calls_open_location_trgm_idx')
      .using('gin', sql`lower(${t.location}) gin_trgm_ops`)
      .where(sql`${t.status} = 'open' and ${t.hiddenAt} is null`),
    // Words (q): title and description, the same way.
    index('crew_calls_open_text_trgm_idx')
      .using('gin', sql`lower(${t.title} || ' ' || ${t.description}) gin_trgm_ops`)
      .where(sql`${t.status} = 'open' and ${t.hiddenAt} is null`),
    // The owner's calls, and the count of their open ones.
    index('crew_calls_owner_idx').on(t.ownerId, t.createdAt),
    // The hourly job: open calls past their closing day.
    index('crew_calls_open_apply_by_idx').on(t.applyBy).where(sql`${t.status} = 'open'`),
    check('crew_calls_days_in_order', sql`${t.startDate} <= ${t.endDate}`),
    check(
      'crew_calls_rates',
      sql`(${t.rateMin} is null or ${t.rateMin} > 0) and (${t.rateMax} is null or ${t.rateMax} > 0) and (${t.rateMin} is null or ${t.rateMax} is null or ${t.rateMin} <= ${t.rateMax})`,
    ),
    check('crew_calls_status', sql`${t.status} in ('open', 'filled', 'closed')`),
  ],
);

/**
 * A member's application to a call: one per member and call (the unique index makes applying
 * twice, even at once, a 409). `bookingId` is the booking request made from it (status booked).
 */
export const callApplications = pgTable(
  'call_applications',
  {
    id: serial('id').primaryKey(),
    callId: integer('call_id')
      .notNull()
      .references(() => crewCalls.id, { onDelete: 'cascade' }),
    applicantId: memberColumn('applicant_id'),
    note: text('note').notNull().default(''),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('applied'),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('call_applications_call_applicant_idx').on(t.callId, t.applicantId),
    index('call_applications_call_created_idx').on(t.callId, t.createdAt),
    // GET /api/me/applications, and the daily cap's count.
    index('call_applications_applicant_created_idx').on(t.applicantId, t.createdAt),
    index('call_applications_booking_idx').on(t.bookingId),
  ],
);
