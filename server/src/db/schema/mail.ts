import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { notifications } from './notifications.ts';

/**
 * Mail waiting to be sent, written in the transaction of the change it tells about; a worker sends
 * it later (mail/outbox.ts), so no request waits on SMTP and a mail is never lost to a crash
 * between commit and send. A row is done when `sent_at`, `failed_at` or `skipped_at` is set; its
 * body and headers are then emptied (they may hold a one-time link), and the row is deleted after
 * 30 days. A notification's mail may be queued without a body (empty subject, `notification_id`
 * set): the worker renders it when it sends, or skips it when it is no longer wanted.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    replyTo: text('reply_to'),
    /** Extra headers for this mail (List-Unsubscribe…); Auto-Submitted, Message-ID and Date are the mailer's. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** The notification this mail tells of, when it is rendered at send time; gone with it. */
    notificationId: integer('notification_id').references(() => notifications.id, { onDelete: 'cascade' }),
    /** What the mail is for ('password_reset', 'security_notice', …): for logs and counting, never for sending. */
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** Not sent because, when its turn came, it was no longer wanted (a preference turned off). */
    skippedAt: timestamp('skipped_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_outbox_recipient_idx').on(sql`lower(${t.recipient})`, t.createdAt),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL AND ${t.skippedAt} IS NULL`),
    index('mail_outbox_notification_idx').on(t.notificationId),
  ],
);
