import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { PREMIUM_PLAN_IDS } from '#common/premium';
import { type InvoiceParty, REFUND_STATUSES } from '#common/schemas/payments';
import { SUBSCRIPTION_STATUSES } from '#common/schemas/subscriptions';
import { users } from './users.ts';

export const PAYMENT_PROVIDERS = ['demo', 'stripe'] as const;

/**
 * A Premium subscription. A member who cancels and later subscribes again has a row for each;
 * whether someone is Premium is read from these rows alone (common/src/policies/premium.ts).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: PREMIUM_PLAN_IDS }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull().defaultNow(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    /** Cancelled by the member: Premium until currentPeriodEnd, then not renewed. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id').unique(),
    /**
     * When the provider's newest applied state was true (a Stripe event's `created`): an older
     * event arriving late is recorded but changes nothing.
     */
    providerStateAt: timestamp('provider_state_at', { withTimezone: true }),
    /**
     * The rank of that state's status (STATUS_RANK in features/subscriptions/stripe-events.ts): two
     * events of the same second are ordered by it, so `incomplete` never follows `active`.
     */
    providerStateRank: integer('provider_state_rank'),
    /** When `status` took its current value: a past-due subscription's grace is counted from it. */
    statusSince: timestamp('status_since', { withTimezone: true }).notNull().defaultNow(),
    /** When the subscription ended (Stripe's `ended_at`): not Premium from then on, whatever the period says. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId, t.status)],
);

/** A checkout started from /subscription: completed once, by its own user. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    /** Ours for the demo provider (random, unguessable), Stripe's Checkout Session id otherwise. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: PREMIUM_PLAN_IDS }).notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** Where the member completes it: a second start while it is open sends them back here. */
    url: text('url'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('checkout_sessions_user_idx').on(t.userId)],
);

/**
 * Every successful charge, written in the same transaction as what it paid for
 * (features/payments/record-payment.ts). Amounts in cents; `amount` includes `taxAmount`.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['subscription', 'booking'] }).notNull(),
    /** Who is paid, for a booking (the crew member); null when CrewBase is (Premium). */
    payeeId: integer('payee_id').references(() => users.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    /** bigint: the largest booking (BOOKING_LIMITS.rateMax a day for maxDays) is over 2^31 cents. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    taxAmount: bigint('tax_amount', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's id of the charge (a Stripe invoice): a charge is recorded once. */
    providerPaymentId: text('provider_payment_id').unique(),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    /**
     * The booking paid for (issue 31: its reference, BK-000123, is on the invoice). Part of the
     * snapshot, so no foreign key: the invoice keeps its reference whatever becomes of the booking.
     */
    bookingId: integer('booking_id'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    /**
     * The invoice's parties as they were when it was issued (issue 30): renaming a member or a
     * team later changes no invoice. `seller` is the crew member of a booking; null when CrewBase
     * sells (Premium). No sign-in e-mail is kept.
     */
    seller: jsonb('seller').$type<InvoiceParty>(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    /**
     * A charge for a booking that was cancelled or paid already by the time it arrived: recorded,
     * and given back. `due` until the provider refunded it (the minute sweep), then `refunded`.
     */
    refundStatus: text('refund_status', { enum: REFUND_STATUSES }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Sequential, as invoices must be. */
    invoiceNumber: text('invoice_number').notNull().generatedAlwaysAs(sql`'CB-' || lpad(id::text, 6, '0')`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt),
    // The minute sweep's refunds: only the few due are ever read.
    index('payments_refund_due_idx').on(t.id).where(sql`${t.refundStatus} = 'due'`),
  ],
);

/** Stripe events already applied, by id: a replayed event changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
