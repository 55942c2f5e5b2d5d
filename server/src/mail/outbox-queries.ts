import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema/index.ts';

/** The database or a transaction: the outbox row is written in the caller's. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type NewOutboxMail = Pick<
  typeof mailOutbox.$inferInsert,
  'recipient' | 'subject' | 'text' | 'html' | 'replyTo' | 'kind' | 'headers' | 'notificationId'
>;

export interface ClaimedMail {
  id: number;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  replyTo: string | null;
  kind: string;
  attempts: number;
  headers: Record<string, string>;
  notificationId: number | null;
}

export async function insertOutboxMail(db: Executor, mail: NewOutboxMail): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}

/**
 * Takes up to `limit` due rows in one statement: rows another worker holds are skipped (SKIP
 * LOCKED), and each taken row is pushed `leaseSeconds` into the future with its attempt counted,
 * so no other worker takes it while it is being sent, and a worker that dies mid-send hands it
 * back when the lease runs out.
 */
export async function claimDueMail(
  db: Executor,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedMail[]> {
  const result = await db.execute<{
    id: string | number;
    recipient: string;
    subject: string;
    text: string;
    html: string;
    reply_to: string | null;
    kind: string;
    attempts: number;
    headers: Record<string, string> | null;
    notification_id: number | null;
  }>(sql`
    UPDATE mail_outbox SET
      attempts = attempts + 1,
      next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
    WHERE id IN (
      SELECT id FROM mail_outbox
      WHERE sent_at IS NULL AND failed_at IS NULL AND skipped_at IS NULL AND next_attempt_at <= now()
      ORDER BY next_attempt_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, recipient, subject, text, html, reply_to, kind, attempts, headers, notification_id`);
  return result.rows
    .map((row) => ({
      id: Number(row.id),
      recipient: row.recipient,
      subject: row.subject,
      text: row.text,
      html: row.html,
      replyTo: row.reply_to,
      kind: row.kind,
      attempts: row.attempts,
      headers: row.headers ?? {},
      notificationId: row.notification_id,
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * How many mails of this kind went to this address (in any letter case) in the last
 * `withinSeconds`. Holds a lock on the address until the caller's transaction ends, so requests
 * in parallel count one after another.
 */
export async function countRecentMail(
  db: Executor,
  recipient: string,
  kind: string,
  withinSeconds: number,
): Promise<number> {
  const address = recipient.toLowerCase();
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`mail_outbox:${address}`}))`);
  const result = await db.execute<{ count: number }>(sql`
    SELECT count(*)::int AS count FROM mail_outbox
    WHERE lower(recipient) = ${address} AND kind = ${kind}
      AND created_at > now() - make_interval(secs => ${withinSeconds})`);
  return result.rows[0]?.count ?? 0;
}

/**
 * A sent mail keeps who, what and when (the subject it was sent with, when rendered at send time);
 * its body and headers go, since they may hold a one-time link or an unsubscribe token.
 */
export async function markMailSent(db: Executor, id: number, subject?: string): Promise<void> {
  await db.execute(sql`
    UPDATE mail_outbox SET sent_at = now(), last_error = NULL, text = '', html = '', headers = NULL,
      subject = coalesce(${subject ?? null}::text, subject)
    WHERE id = ${id}`);
}

/** A mail no longer wanted when its turn came (its notification's kind of mail was turned off). */
export async function markMailSkipped(db: Executor, id: number): Promise<void> {
  await db.execute(
    sql`UPDATE mail_outbox SET skipped_at = now(), text = '', html = '', headers = NULL WHERE id = ${id}`,
  );
}

/** Deletes mail sent or given up more than `olderThanSeconds` ago; answers how many. */
export async function deleteFinishedMail(db: Executor, olderThanSeconds: number): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM mail_outbox
    WHERE coalesce(sent_at, failed_at, skipped_at) < now() - make_interval(secs => ${olderThanSeconds})`);
  return result.rowCount ?? 0;
}

/**
 * Schedules the next attempt `delaySeconds` from now, or marks the row failed when that attempt
 * would fall past `giveUpAfterSeconds` from the row's creation, or when `permanent` (the SMTP
 * server refused it for good), emptying its body. Answers whether it was marked failed.
 */
export async function markMailAttemptFailed(
  db: Executor,
  id: number,
  options: { error: string; delaySeconds: number; giveUpAfterSeconds: number; permanent: boolean },
): Promise<{ failed: boolean; nextAttemptAt: Date }> {
  const result = await db.execute<{ failed: boolean; next_attempt_at: string | Date }>(sql`
    WITH verdict AS (
      SELECT id, now() + make_interval(secs => ${options.delaySeconds}) AS next_at,
        ${options.permanent}::boolean
          OR now() + make_interval(secs => ${options.delaySeconds})
            > created_at + make_interval(secs => ${options.giveUpAfterSeconds}) AS give_up
      FROM mail_outbox WHERE id = ${id}
    )
    UPDATE mail_outbox SET
      last_error = ${options.error},
      next_attempt_at = verdict.next_at,
      failed_at = CASE WHEN verdict.give_up THEN now() END,
      text = CASE WHEN verdict.give_up THEN '' ELSE mail_outbox.text END,
      html = CASE WHEN verdict.give_up THEN '' ELSE mail_outbox.html END,
      headers = CASE WHEN verdict.give_up THEN NULL ELSE mail_outbox.headers END
    FROM verdict
    WHERE mail_outbox.id = verdict.id
    RETURNING mail_outbox.failed_at IS NOT NULL AS failed, mail_outbox.next_attempt_at`);
  const row = result.rows[0];
  return { failed: row?.failed ?? true, nextAttemptAt: new Date(row?.next_attempt_at ?? Date.now()) };
}
