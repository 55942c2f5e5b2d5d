import type { Mailer, OutgoingMail } from './mailer.ts';
import {
  claimDueMail,
  deleteFinishedMail,
  type Executor,
  insertOutboxMail,
  markMailAttemptFailed,
  markMailSent,
} from './outbox-queries.ts';

export { countRecentMail, type Executor } from './outbox-queries.ts';

/**
 * Queues a mail in the caller's transaction: it is sent only if that transaction commits, and no
 * request waits on SMTP or sees its failures. `kind` names what the mail is for, in logs.
 *
 * The worker (plugins/mail-outbox.ts) sends it within seconds. Tests send what is due by calling
 * `app.deliverMail()` (or `deliverDueMail(db, mailer)`), never by waiting.
 */
export async function enqueueMail(db: Executor, mail: OutgoingMail & { kind: string }): Promise<void> {
  await insertOutboxMail(db, {
    recipient: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    replyTo: mail.replyTo ?? null,
    kind: mail.kind,
  });
}

/** How long a sent or failed mail's row (without its body) is kept, for support questions. */
const KEEP_FINISHED_SECONDS = 30 * 24 * 60 * 60;

export function pruneFinishedMail(db: Executor): Promise<number> {
  return deleteFinishedMail(db, KEEP_FINISHED_SECONDS);
}

/** Past this since it was queued, a mail that still cannot be sent is marked failed. */
const GIVE_UP_AFTER_SECONDS = 24 * 60 * 60;
/**
 * How long a taken row is held before another worker may take it again: longer than nodemailer's
 * longest SMTP wait (its 10-minute socket timeout), so a slow send is not sent twice.
 */
const LEASE_SECONDS = 15 * 60;
const BATCH = 10;
const FIRST_RETRY_SECONDS = 60;
const LONGEST_RETRY_SECONDS = 4 * 60 * 60;

/** 1, 2, 4, … minutes after each failed attempt, at most 4 hours apart. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_SECONDS);
}

interface OutboxLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
}

/** An SMTP reply of 5xx is a permanent refusal (RFC 5321 4.2.1): trying again cannot succeed. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/**
 * Sends every mail that is due, a batch at a time, until none is left; several workers (one per
 * server) share the queue without sending a row twice. A failed attempt is tried again later
 * (`retryDelaySeconds`) until a day after the mail was queued, then marked failed.
 */
export async function deliverDueMail(
  db: Executor,
  mailer: Mailer,
  { log, signal }: { log?: OutboxLogger; signal?: AbortSignal } = {},
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  // A stopping server finishes the batch it took (its rows are leased) and takes no more.
  while (!signal?.aborted) {
    const batch = await claimDueMail(db, BATCH, LEASE_SECONDS);
    for (const mail of batch) {
      const outcome = { mailId: mail.id, kind: mail.kind, attempt: mail.attempts };
      try {
        await mailer.send({
          to: mail.recipient,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        });
      } catch (error) {
        const reason = errorText(error);
        const result = await markMailAttemptFailed(db, mail.id, {
          error: reason,
          delaySeconds: retryDelaySeconds(mail.attempts),
          giveUpAfterSeconds: GIVE_UP_AFTER_SECONDS,
          permanent: isPermanent(error),
        });
        if (result.failed) {
          report.failed++;
          log?.error({ ...outcome, error: reason }, 'mail failed for good');
        } else {
          report.retrying++;
          log?.warn(
            { ...outcome, error: reason, nextAttemptAt: result.nextAttemptAt },
            'mail not sent, will retry',
          );
        }
        continue;
      }
      await markMailSent(db, mail.id);
      report.sent++;
      log?.info(outcome, 'mail delivered from the outbox');
    }
    if (batch.length < BATCH) break;
  }
  return report;
}
