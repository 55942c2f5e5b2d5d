import { personName } from '#common/people';
import type { Database } from '#server/db/client.ts';
import { emailWanted, preferencesUrl, unsubscribeUrl } from '#server/features/notifications/index.ts';
import { unsubscribeHeaders } from '#server/mail/headers.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { renderMail } from '#server/mail/templates/render.tsx';
import * as q from './mail-queries.ts';

/** Mail only a member who has had no open socket, on any instance, for this long (issue 32). */
export const AWAY_SECONDS = 10 * 60;
/** At most one mail per conversation and member in this time. */
export const MAIL_EVERY_SECONDS = 60 * 60;
/** A mail lists at most the newest this many; it says how many came before them. */
const LISTED = 10;
const EXCERPT = 280;
/** Participants mailed per sweep; the rest wait for the next minute. */
const PER_SWEEP = 500;

const REASON = 'You get this because e-mail about messages is on in your CrewBase notification preferences.';

const excerpt = (body: string) => {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat;
};

/** "12 Mar 2027, 14:05 UTC": mails have no time zone of the reader's to go by. */
const timeOf = (at: Date) =>
  `${new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(at)} UTC`;

/**
 * The minute sweep of new messages (issue 32): for each participant with messages from the other
 * side that they have neither read nor been mailed, who has had no open socket for 10 minutes and
 * was not mailed about this conversation in the last hour, one mail listing those messages. The
 * mail is queued in the transaction that takes the participant (locked: another instance's sweep
 * skips them) and records what it listed, so a batch is mailed once. A participant who does not
 * want it (address not verified, messages mail off, suspended) or takes the daily digest instead
 * is passed over: those messages are never mailed one by one later. Answers how many were queued.
 */
export async function mailUnreadMessages(db: Database, publicUrl: URL, now = new Date()): Promise<number> {
  let queued = 0;
  for (let i = 0; i < PER_SWEEP; i++) {
    const outcome = await db.transaction(async (tx) => {
      const due = await q.takeDueMail(tx, now, {
        awaySeconds: AWAY_SECONDS,
        everySeconds: MAIL_EVERY_SECONDS,
      });
      if (!due) return 'none' as const;
      const [wanted, { total, newest }] = await Promise.all([
        emailWanted(tx, due.userId, 'messages'),
        q.newMessagesFor(tx, due, LISTED),
      ]);
      const last = newest.at(-1);
      if (!wanted || wanted.digest || !last) {
        await q.markMailed(tx, due, null);
        return 'passed' as const;
      }
      const unsubscribe = unsubscribeUrl(publicUrl, due.userId, 'messages');
      const mail = await renderMail({
        ...messagesMail(publicUrl, due.conversationId, total, newest),
        footer: { reason: REASON, preferencesUrl: preferencesUrl(publicUrl), unsubscribeUrl: unsubscribe },
      });
      await enqueueMail(tx, {
        ...mail,
        to: wanted.to,
        kind: 'messages',
        headers: unsubscribeHeaders(unsubscribe),
      });
      await q.markMailed(tx, due, now);
      return 'mailed' as const;
    });
    if (outcome === 'none') break;
    if (outcome === 'mailed') queued++;
  }
  return queued;
}

function messagesMail(publicUrl: URL, conversationId: number, total: number, newest: q.NewMessage[]) {
  const from = personName((newest.at(-1) as q.NewMessage).sender);
  const count = total === 1 ? '1 new message' : `${total} new messages`;
  const earlier = total - newest.length;
  return {
    subject: `${count} from ${from}`,
    preheader: excerpt(newest.at(-1)?.body ?? ''),
    heading: `${count} from ${from}`,
    paragraphs: [
      `${from} wrote to you on CrewBase while you were away.`,
      ...(earlier > 0 ? [`The newest ${newest.length} are below; ${earlier} more came before them.`] : []),
    ],
    items: newest.map((message) => ({
      title: personName(message.sender),
      meta: timeOf(message.createdAt),
      text: excerpt(message.body),
    })),
    button: { label: 'Reply', url: new URL(`/messages/${conversationId}`, publicUrl).href },
  };
}
