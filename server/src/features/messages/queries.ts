import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { runTemplate, StatementTemplates } from '#server/db/prepared.ts';
import { conversationMembers, conversations, messages } from '#server/db/schema/index.ts';

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type ConversationRow = {
  id: number;
  updated_at: Date;
  my_last_read: number;
  my_read_at: Date | null;
  other_id: number;
  username: string;
  display_name: string | null;
  fallback_name: string;
  profile_image: string | null;
  other_last_read: number;
  other_read_at: Date | null;
  m_id: number | null;
  m_sender_id: number | null;
  m_body: string | null;
  m_created_at: Date | null;
  unread: number;
};

const templates = new StatementTemplates();
const value = (name: string) => sql.placeholder(name);

/**
 * My conversations, newest first, from `after` (the last of the previous page): each with the
 * other participant, the last message, both read receipts and my unread count. One index walk
 * (conversation_members by user and time) and a few lookups per row; a conversation whose other
 * participant has blocked me is not listed. A prepared statement: planning it cost three times
 * what running it does.
 */
export async function listConversations(
  db: Database,
  me: number,
  page: { limit: number; after?: { updatedAt: string; id: number }; only?: number },
): Promise<ConversationRow[]> {
  const shape = `conversations ${page.limit} ${page.after ? 'after' : ''} ${page.only !== undefined ? 'only' : ''}`;
  const template = templates.get(shape, () => {
    const after = page.after
      ? sql`and (cm.updated_at, cm.conversation_id) < (${value('afterAt')}::timestamptz, ${value('afterId')}::int)`
      : sql``;
    const only = page.only !== undefined ? sql`and cm.conversation_id = ${value('only')}::int` : sql``;
    const me = sql`${value('me')}::int`;
    return sql`
    select c.id, cm.updated_at, cm.last_read_message_id as my_last_read, cm.read_at as my_read_at,
      o.user_id as other_id, u.username, u.display_name, u.fallback_name, u.profile_image,
      o.last_read_message_id as other_last_read, o.read_at as other_read_at,
      m.id as m_id, m.sender_id as m_sender_id, m.body as m_body, m.created_at as m_created_at,
cm.unread_count as unread
    from conversation_members cm
    join conversations c on c.id = cm.conversation_id
    join conversation_members o on o.conversation_id = c.id and o.user_id <> ${me}
    join users u on u.id = o.user_id
    left join messages m on m.id = c.last_message_id
    where cm.user_id = ${me} ${after} ${only}
      and not exists (select 1 from blocks b where b.blocker_id = o.user_id and b.blocked_id = ${me})
    order by cm.updated_at desc, cm.conversation_id desc
    limit ${sql.raw(String(page.limit))}`;
  });
  const rows = await runTemplate<ConversationRow>(
    db,
    template,
    { me, afterAt: page.after?.updatedAt, afterId: page.after?.id, only: page.only },
    { prepared: true },
  );
  return rows.map((row) => ({
    ...row,
    updated_at: new Date(row.updated_at),
    my_read_at: row.my_read_at && new Date(row.my_read_at),
    other_read_at: row.other_read_at && new Date(row.other_read_at),
    m_created_at: row.m_created_at && new Date(row.m_created_at),
  }));
}

export async function findConversationWith(db: Executor, a: number, b: number) {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.userLow, low), eq(conversations.userHigh, high)));
  return row;
}

/** Creates the pair's conversation (or finds it, if another request just did) with both sides. */
export async function createConversation(db: Executor, startedBy: number, other: number): Promise<number> {
  const [low, high] = startedBy < other ? [startedBy, other] : [other, startedBy];
  const [created] = await db
    .insert(conversations)
    .values({ userLow: low, userHigh: high, startedBy })
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  const id = created?.id ?? (await findConversationWith(db, low, high))?.id;
  if (id === undefined) throw new Error('conversation vanished');
  await db
    .insert(conversationMembers)
    .values([
      { conversationId: id, userId: startedBy },
      { conversationId: id, userId: other },
    ])
    .onConflictDoNothing();
  return id;
}

/**
 * The members of a conversation with their read receipts, each with what the messages policy
 * decides on: whether staff suspended them and whom of the two they have blocked. One round trip,
 * made by every call on a conversation before anything else.
 */
export async function findMembers(db: Executor, conversationId: number) {
  const { rows } = await db.execute<{
    user_id: number;
    last_read: number;
    read_at: Date | null;
    suspended: boolean;
    blocked: number[];
  }>(sql`
    select cm.user_id, cm.last_read_message_id as last_read, cm.read_at,
      (u.suspended_at is not null or u.deleted_at is not null) as suspended,
      array(select b.blocked_id from blocks b
        join ${conversationMembers} o on o.user_id = b.blocked_id and o.conversation_id = cm.conversation_id
        where b.blocker_id = cm.user_id) as blocked
    from ${conversationMembers} cm join users u on u.id = cm.user_id
    where cm.conversation_id = ${conversationId}`);
  return rows.map((row) => ({
    id: row.user_id,
    lastRead: row.last_read,
    readAt: row.read_at && new Date(row.read_at),
    suspended: row.suspended,
    blocked: row.blocked,
  }));
}

export async function sentInLastMinute(db: Executor, senderId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from ${messages}
    where ${messages.senderId} = ${senderId} and ${messages.createdAt} > now() - interval '1 minute'`);
  return rows[0]?.n ?? 0;
}

/**
 * The message, the conversation's order for both, the sender's own read receipt, and the
 * recipient's mail due (messages-mail.ts mails it once they are away; answering reads it all).
 */
export async function insertMessage(db: Executor, conversationId: number, senderId: number, body: string) {
  const [message] = await db.insert(messages).values({ conversationId, senderId, body }).returning();
  if (!message) throw new Error('message not written');
  await db.execute(sql`
    with bumped as (
      update ${conversations} set updated_at = ${message.createdAt}, last_message_id = ${message.id}
      where id = ${conversationId})
    update ${conversationMembers} set updated_at = ${message.createdAt},
      last_read_message_id = case when user_id = ${senderId} then ${message.id} else last_read_message_id end,
      read_at = case when user_id = ${senderId} then now() else read_at end,
      unread_count = case when user_id = ${senderId} then 0 else unread_count + 1 end,
      mail_due_since = case when user_id = ${senderId} then null
        else coalesce(mail_due_since, ${message.createdAt}) end
    where conversation_id = ${conversationId}`);
  return message;
}

/** The newest of `senderId`'s messages that a receipt up to `upTo` covers. */
export async function newestReadOf(db: Executor, conversationId: number, senderId: number, upTo: number) {
  const { rows } = await db.execute<{ id: number | null }>(sql`
    select max(${messages.id}) as id from ${messages}
    where ${messages.conversationId} = ${conversationId} and ${messages.senderId} = ${senderId}
      and ${messages.id} <= ${upTo}`);
  return rows[0]?.id ?? null;
}

/** Messages before `before` (or the newest), newest first, one more than asked (is there more?). */
export function listMessages(
  db: Executor,
  conversationId: number,
  before: number | undefined,
  limit: number,
) {
  return db
    .select()
    .from(messages)
    .where(
      and(eq(messages.conversationId, conversationId), before ? sql`${messages.id} < ${before}` : undefined),
    )
    .orderBy(sql`${messages.id} desc`)
    .limit(limit + 1);
}

export function messagesByIds(db: Executor, ids: number[]) {
  return db
    .select()
    .from(messages)
    .where(sql`${messages.id} = any(${sql.param(ids)}::int[])`);
}

/** Marks everything in the conversation read for `me`; the newest message id, or null if none is newer. */
export async function markRead(db: Executor, conversationId: number, me: number): Promise<number | null> {
  const { rows } = await db.execute<{ up_to: number }>(sql`
    update ${conversationMembers} cm set last_read_message_id = c.last_message_id, read_at = now(), unread_count = 0,
      mail_due_since = null
    from ${conversations} c
    where c.id = cm.conversation_id and cm.conversation_id = ${conversationId} and cm.user_id = ${me}
      and c.last_message_id > cm.last_read_message_id
    returning c.last_message_id as up_to`);
  return rows[0]?.up_to ?? null;
}

/** My unread messages in all conversations: the sum of each side's count, kept as messages come and go read. */
export async function unreadTotal(db: Database, me: number): Promise<number> {
  const template = templates.get('unread total', () => {
    const me = sql`${value('me')}::int`;
    return sql`
    select coalesce(sum(cm.unread_count), 0)::int as n
    from conversation_members cm
    where cm.user_id = ${me} and cm.unread_count > 0
      and not exists (select 1 from conversation_members o join blocks b on b.blocker_id = o.user_id
        where o.conversation_id = cm.conversation_id and o.user_id <> ${me} and b.blocked_id = ${me})`;
  });
  const [row] = await runTemplate<{ n: number }>(db, template, { me }, { prepared: true });
  return row?.n ?? 0;
}
