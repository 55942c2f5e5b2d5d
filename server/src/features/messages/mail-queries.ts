import { sql } from 'drizzle-orm';
import { conversationMembers, messages, users } from '#server/db/schema/index.ts';
import type { Executor } from './queries.ts';

/** A participant with messages waiting for a mail, as the sweep takes them. */
export interface DueMail {
  conversationId: number;
  userId: number;
  /** Messages with an id above this (read, or mailed already) are the new ones. */
  after: number;
}

/**
 * Takes one participant whose new messages are due a mail at `now`, locked for the caller's
 * transaction (another instance's sweep skips it, and a message or a read on that conversation
 * waits for the caller to commit): messages wait (`mail_due_since`), the member has had no open
 * socket on any instance for `awaySeconds` (member_presence, written by every instance's hub),
 * no mail of this conversation went to them in `everySeconds`, and neither side blocked the other.
 */
export async function takeDueMail(
  db: Executor,
  now: Date,
  { awaySeconds, everySeconds }: { awaySeconds: number; everySeconds: number },
): Promise<DueMail | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const { rows } = await db.execute<{ conversation_id: number; user_id: number; after: number }>(sql`
    select cm.conversation_id, cm.user_id,
      greatest(cm.last_read_message_id, cm.mailed_message_id) as after
    from ${conversationMembers} cm
    where cm.mail_due_since is not null
      and (cm.mailed_at is null or cm.mailed_at <= ${at} - make_interval(secs => ${everySeconds}))
      and not exists (select 1 from member_presence p
        where p.user_id = cm.user_id and p.seen_at > ${at} - make_interval(secs => ${awaySeconds}))
      and not exists (select 1 from ${conversationMembers} o join blocks b
        on (b.blocker_id = o.user_id and b.blocked_id = cm.user_id)
          or (b.blocker_id = cm.user_id and b.blocked_id = o.user_id)
        where o.conversation_id = cm.conversation_id and o.user_id <> cm.user_id)
    order by cm.mail_due_since
    limit 1
    for update of cm skip locked`);
  const row = rows[0];
  return row ? { conversationId: row.conversation_id, userId: row.user_id, after: row.after } : null;
}

export interface NewMessage {
  id: number;
  body: string;
  createdAt: Date;
  sender: { username: string; displayName: string | null; fallbackName: string };
}

/**
 * The messages from the other side after `after`, oldest first: the newest `limit` of them, and
 * how many there are in all.
 */
export async function newMessagesFor(
  db: Executor,
  due: DueMail,
  limit: number,
): Promise<{ total: number; newest: NewMessage[] }> {
  const { rows } = await db.execute<{
    id: number;
    body: string;
    created_at: string | Date;
    username: string;
    display_name: string | null;
    fallback_name: string;
    total: number;
  }>(sql`
    select m.id, m.body, m.created_at, u.username, u.display_name, u.fallback_name, count(*) over ()::int as total
    from ${messages} m join ${users} u on u.id = m.sender_id
    where m.conversation_id = ${due.conversationId} and m.sender_id <> ${due.userId} and m.id > ${due.after}
    order by m.id desc
    limit ${limit}`);
  return {
    total: rows[0]?.total ?? 0,
    newest: rows.reverse().map((row) => ({
      id: row.id,
      body: row.body,
      createdAt: new Date(row.created_at),
      sender: { username: row.username, displayName: row.display_name, fallbackName: row.fallback_name },
    })),
  };
}

/**
 * Nothing waits for a mail any more: up to the conversation's newest message is mailed (or passed
 * over: unwanted, or read), and when `mailedAt` is given, a mail went now.
 */
export async function markMailed(db: Executor, due: DueMail, mailedAt: Date | null): Promise<void> {
  await db.execute(sql`
    update ${conversationMembers} cm set mail_due_since = null,
      mailed_message_id = greatest(cm.mailed_message_id, coalesce(c.last_message_id, 0)),
      mailed_at = coalesce(${mailedAt?.toISOString() ?? null}::timestamptz, cm.mailed_at)
    from conversations c
    where c.id = cm.conversation_id and cm.conversation_id = ${due.conversationId} and cm.user_id = ${due.userId}`);
}
