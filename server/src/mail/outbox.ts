import type { Mailer, OutgoingMail } from './mailer.ts';
import {
  type ClaimedMail,
  claimDueMail,
  deleteFinishedMail,
  type Executor,
  insertOutboxMail,
  markMailAttemptFailed,
  markMailSent,
  markMailSkipped,
} from './outbox-queries.ts';
import type { RenderedMail } from './templates/content.ts';

export { countRecentMail, type Executor } from './outbox-queries.ts';

export interface QueuedMail extends OutgoingMail {
  kind: string;
  /**
   * A notification's mail rendered when it is sent (`deliverDueMail`'s `render`): queue it with
   * an empty subject, text and html, and the worker asks `render` for them then, or skips it.
   */
  notificationId?: number;
}

/**
 * Queues a mail in the caller's transaction: it is sent only if that transaction commits, and no
 * request waits on SMTP or sees its failures. `kind` names what the mail is for, in logs.
 *
 * The worker (plugins/mail-outbox.ts) sends it within seconds. Tests send what is due by calling
 * `app.deliverMail()` (or `deliverDueMail(db, mailer)`), never by waiting.
 */
export async function enqueueMail(db: Executor, mail: QueuedMail): Promise<void> {
  await insertOutboxMail(db, {
    recipient: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    replyTo: mail.replyTo ?? null,
    kind: mail.kind,
    headers: mail.headers && Object.keys(mail.headers).length > 0 ? mail.headers : null,
    notificationId: mail.notificationId ?? null,
  });
}

/**
 * Writes a notification's mail when it is sent: what it says then (a preference, a name or the
 * notification itself may have changed since it was queued), or null when it is no longer wanted,
 * which marks it skipped.
 */
export type RenderAtSend = (row: {
  id: number;
  kind: string;
  recipient: string;
  notificationId: number;
}) => Promise<(RenderedMail & { headers?: Record<string, string> }) | null>;

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
  /** Rendered at send time and no longer wanted. */
  skipped: number;
}

/** The mail to send for a claimed row: as queued, or rendered now; null when no longer wanted. */
async function contentOf(mail: ClaimedMail, render: RenderAtSend | undefined): Promise<OutgoingMail | null> {
  const queued: OutgoingMail = {
    to: mail.recipient,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
  };
  if (mail.notificationId === null || mail.subject !== '') return queued;
  if (!render) throw new Error('a mail to render at send time, but no renderer');
  const rendered = await render({
    id: mail.id,
    kind: mail.kind,
    recipient: mail.recipient,
    notificationId: mail.notificationId,
  });
  if (!rendered) return null;
  const { headers, ...parts } = rendered;
  return { ...queued, ...parts, headers: { ...mail.headers, ...headers } };
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
 * (`retryDelaySeconds`) until a day after the mail was queued, then marked failed. A row queued
 * for a notification without a body is written by `render` now, or marked skipped when it answers
 * null.
 */
export async function deliverDueMail(
  db: Executor,
  mailer: Mailer,
  { log, signal, render }: { log?: OutboxLogger; signal?: AbortSignal; render?: RenderAtSend } = {},
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0, skipped: 0 };
  // A stopping server finishes the batch it took (its rows are leased) and takes no more.
  while (!signal?.aborted) {
    const batch = await claimDueMail(db, BATCH, LEASE_SECONDS);
    for (const mail of batch) {
      const outcome = { mailId: mail.id, kind: mail.kind, attempt: mail.attempts };
      let sending: OutgoingMail | null;
      try {
        // A renderer that fails (the database away) is retried like SMTP that fails.
        sending = await contentOf(mail, render);
        if (sending) await mailer.send(sending);
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
      if (!sending) {
        await markMailSkipped(db, mail.id);
        report.skipped++;
        log?.info(outcome, 'mail no longer wanted, skipped');
        continue;
      }
      await markMailSent(db, mail.id, mail.subject === '' ? sending.subject : undefined);
      report.sent++;
      log?.info(outcome, 'mail delivered from the outbox');
    }
    if (batch.length < BATCH) break;
  }
  return report;
}
