import type { FastifyPluginAsync } from 'fastify';
import { EMAIL_CATEGORIES, type EmailCategory, emailCategoryOf } from '#common/policies/email';
import { type SavedSearchQuery, savedSearchHref } from '#common/saved-searches';
import { EMAIL_CATEGORY_LABELS } from '#common/schemas/email-preferences';
import type { Database } from '#server/db/client.ts';
import { unsubscribeHeaders } from '#server/mail/headers.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import type { MailContent } from '#server/mail/templates/content.ts';
import { renderMail } from '#server/mail/templates/render.tsx';
import * as q from './digest-queries.ts';
import { digestUnsubscribeUrl, emailWanted, preferencesUrl } from './email-preferences.ts';

/** How often members due a digest are looked for. */
const SWEEP_INTERVAL_MS = 60_000;
/** Members looked at per statement, and at most per sweep (the rest wait for the next minute). */
const PAGE = 100;
const PER_SWEEP = 1_000;
/** Notifications read per digest, and items listed (a conversation's messages are one item). */
const READ_LIMIT = 500;
const LISTED = 50;

const REASON =
  'You get this because you chose one daily digest instead of separate e-mails in your CrewBase notification preferences.';

type Item = NonNullable<MailContent['items']>[number];

const timeOf = (at: Date) =>
  `${new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(at)} UTC`;

/** Where each notification is acted on, as its single mail's button goes (notification-mail.ts). */
function pathOf(n: q.DigestNotification): string {
  const data = (n.data ?? {}) as {
    bookingId?: number;
    teamId?: number;
    paymentId?: number;
    conversationId?: number;
    query?: SavedSearchQuery;
    callId?: number;
  };
  if (data.paymentId !== undefined) return `/payments/${data.paymentId}`;
  if (data.bookingId !== undefined) return `/bookings/${data.bookingId}`;
  if (n.type === 'team_invite' && data.teamId !== undefined) return `/team/${data.teamId}`;
  if (n.type === 'message' && data.conversationId !== undefined) return `/messages/${data.conversationId}`;
  if (n.type === 'review') return '/profile?tab=reviews';
  if (n.type === 'profile_featured') return '/profile';
  // Issue 35: a saved search's new matches open the search as saved.
  if (n.type === 'saved_search_match' && data.query) return savedSearchHref(data.query);
  // Issue 36: an application opens the call's applications, an answer the call.
  if (n.type === 'call_application' && data.callId !== undefined) return `/calls/${data.callId}#applications`;
  if (n.type === 'application_update' && data.callId !== undefined) return `/calls/${data.callId}`;
  if (n.type === 'call_match') return '/calls';
  return '/notifications';
}

/**
 * The daily digest sweep (issue 32), run every minute: for each member who chose the digest and
 * had none in the last 24 hours, one mail listing the notifications created since the last
 * digest that e-mail is for (emailCategoryOf), whose category they want, and that they have not
 * seen on the site yet (not marked read; a message's conversation not read since). Messages are
 * listed one line per conversation with their count. Nothing to list: no mail, and the next
 * notification worth one is mailed at the next sweep. Each member is taken under a lock for the
 * transaction that queues the mail and records it, so two instances never send the same digest.
 * Answers how many digests were queued.
 */
export async function mailDailyDigests(db: Database, publicUrl: URL, now = new Date()): Promise<number> {
  let queued = 0;
  let after = 0;
  let looked = 0;
  while (looked < PER_SWEEP) {
    const members = await q.dueDigestMembers(db, now, after, PAGE);
    for (const userId of members) {
      if (await mailDigest(db, publicUrl, userId, now)) queued++;
    }
    looked += members.length;
    const last = members.at(-1);
    if (last === undefined || members.length < PAGE) break;
    after = last;
  }
  return queued;
}

async function mailDigest(db: Database, publicUrl: URL, userId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const since = await q.takeDigest(tx, userId, now);
    if (!since) return false;
    const unseen = await q.unseenNotifications(tx, userId, since, now, READ_LIMIT);
    const byCategory = new Map<EmailCategory, q.DigestNotification[]>();
    for (const n of unseen) {
      const category = emailCategoryOf(n.type, n.data);
      if (category) byCategory.set(category, [...(byCategory.get(category) ?? []), n]);
    }
    let to: string | null = null;
    const items: Item[] = [];
    for (const category of EMAIL_CATEGORIES) {
      const listed = byCategory.get(category);
      if (!listed) continue;
      const wanted = await emailWanted(tx, userId, category);
      if (!wanted?.digest) continue;
      to = wanted.to;
      items.push(...itemsOf(category, listed, publicUrl));
    }
    if (!to || items.length === 0) {
      await q.markDigest(tx, userId, now, false);
      return false;
    }
    const unsubscribe = digestUnsubscribeUrl(publicUrl, userId);
    const mail = await renderMail({
      ...digestMail(items, publicUrl),
      footer: { reason: REASON, preferencesUrl: preferencesUrl(publicUrl), unsubscribeUrl: unsubscribe },
    });
    await enqueueMail(tx, { ...mail, to, kind: 'digest', headers: unsubscribeHeaders(unsubscribe) });
    await q.markDigest(tx, userId, now, true);
    return true;
  });
}

/** A category's lines: one per notification, but one per conversation for messages. */
function itemsOf(category: EmailCategory, listed: q.DigestNotification[], publicUrl: URL): Item[] {
  const label = EMAIL_CATEGORY_LABELS[category];
  const link = (n: q.DigestNotification) => new URL(pathOf(n), publicUrl).href;
  if (category !== 'messages') {
    return listed.map((n) => ({
      title: n.title,
      text: n.message,
      url: link(n),
      meta: `${label} · ${timeOf(n.createdAt)}`,
    }));
  }
  const conversations = new Map<string, q.DigestNotification[]>();
  for (const n of listed) {
    const key = String((n.data as { conversationId?: number } | null)?.conversationId ?? n.id);
    conversations.set(key, [...(conversations.get(key) ?? []), n]);
  }
  return [...conversations.values()].map((group) => {
    const newest = group.at(-1) as q.DigestNotification;
    const title =
      group.length === 1
        ? newest.title
        : `${group.length} new messages ${newest.title.replace(/^New message /, '')}`;
    return { title, text: newest.message, url: link(newest), meta: `${label} · ${timeOf(newest.createdAt)}` };
  });
}

function digestMail(items: Item[], publicUrl: URL): Omit<MailContent, 'footer'> {
  const count = items.length === 1 ? '1 update' : `${items.length} updates`;
  const shown = items.slice(0, LISTED);
  const more = items.length - shown.length;
  return {
    subject: `Your CrewBase digest: ${count}`,
    preheader: shown.map((item) => item.title).join(' · '),
    heading: 'Your daily digest',
    paragraphs: [
      `Here is what happened on CrewBase since your last digest: ${count}.`,
      ...(more > 0
        ? [`The first ${shown.length} are below; ${more} more are on your notifications page.`]
        : []),
    ],
    items: shown,
    button: { label: 'See all notifications', url: new URL('/notifications', publicUrl).href },
  };
}

/** The digest's minute sweep on this instance (tests call `mailDailyDigests` instead). */
export const dailyDigestSweep: FastifyPluginAsync<{ publicUrl: URL }> = async (app, { publicUrl }) => {
  const sweep = () =>
    mailDailyDigests(app.db, publicUrl).catch((err: unknown) =>
      app.log.warn({ err }, 'notifications: daily digests not mailed, tried again next minute'),
    );
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};
