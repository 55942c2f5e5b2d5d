import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES } from '#common/schemas/bookings';
import { roles } from './roles.ts';
import { teamPositions, teams } from './teams.ts';
import { memberColumn } from './users.ts';

/**
 * A hire of one crew member for a range of days (both ends included), or a pencil on those days:
 * a first hold outranks a second on overlapping days once the crew member agreed to both
 * (features/bookings). A hold counts only once agreed, and lapses unless confirmed.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    requesterId: memberColumn('requester_id'),
    crewId: memberColumn('crew_id'),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** Day rate in cents. */
    rate: integer('rate').notNull(),
    currency: text('currency').notNull(),
    message: text('message').notNull().default(''),
    /** The production and position this hire fills, when booked from a team's crew sheet. */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    positionId: integer('position_id').references(() => teamPositions.id, { onDelete: 'set null' }),
    status: text('status', { enum: BOOKING_STATUSES }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Who took the money (a demo payment moved none). */
    paidWith: text('paid_with', { enum: ['demo', 'stripe'] }),
    /**
     * The one open provider checkout for this booking (issue 30): a second /pay while it is open
     * sends the payer to the same page, and the booking cannot be cancelled until it expires.
     */
    checkoutId: text('checkout_id'),
    checkoutUrl: text('checkout_url'),
    checkoutExpiresAt: timestamp('checkout_expires_at', { withTimezone: true }),
    /** When the crew member agreed to this hold: until then it blocks and shows nothing. */
    holdAgreedAt: timestamp('hold_agreed_at', { withTimezone: true }),
    /** When both sides were told this hold lapses soon (once). */
    holdRemindedAt: timestamp('hold_reminded_at', { withTimezone: true }),
    /**
     * When the status last changed (answered, agreed, confirmed, cancelled, lapsed), which paying
     * and completing leave alone: the date a request's notification gives its outcome (issue 31).
     */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_crew_days_idx').on(t.crewId, t.startDate, t.endDate),
    index('bookings_requester_idx').on(t.requesterId, t.createdAt),
    index('bookings_team_idx').on(t.teamId),
    // The minute sweep looks for holds about to lapse.
    index('bookings_open_holds_idx').on(t.createdAt).where(sql`${t.status} in ('hold_first', 'hold_second')`),
    check('bookings_days_in_order', sql`${t.startDate} <= ${t.endDate}`),
    check('bookings_rate_positive', sql`${t.rate} > 0`),
  ],
);

/** Days a crew member marked as not available. */
export const unavailableDays = pgTable(
  'unavailable_days',
  { userId: memberColumn('user_id'), day: date('day', { mode: 'string' }).notNull() },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * Each day a crew member is busy (issue 35, ADR 033): covered by an accepted or completed booking,
 * a hold they agreed to, or marked unavailable. `sources` counts the calendar entries covering the
 * day, so that entries can come and go in any order, concurrently, by increments alone. Kept by
 * statement triggers on bookings and unavailable_days (migration 0032); application code only
 * reads it, for search and browse by dates. Public like the calendar: it holds no who or why.
 */
export const memberBusyDays = pgTable(
  'member_busy_days',
  {
    userId: memberColumn('user_id'),
    day: date('day', { mode: 'string' }).notNull(),
    sources: smallint('sources').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** The secret of each member's private iCal feed: only its SHA-256 is kept, like a session's. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: memberColumn('user_id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
