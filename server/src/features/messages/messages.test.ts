import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '#common/limits';
import { PREMIUM_REQUIRED } from '#common/premium';
import { MESSAGE_MESSAGES, messageListResponse } from '#common/schemas/messages';
import { buildApp } from '#server/app.ts';
import { messages, notificationPreferences, users } from '#server/db/schema/index.ts';
import {
  member,
  openSocket,
  sameBrowserOn,
  type TestSocket,
} from '#server/features/notifications/test-support.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let b: FastifyInstance;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  // A second instance on the same database, as a second server process would be.
  b = await buildApp({ config: t.config, databaseUrl: t.url, logger: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await b.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.ws.terminate();
  await b.close();
});

const newMember = (premium = false) => member(t.db, t.app, { premium });
type Member = Awaited<ReturnType<typeof newMember>>;

async function start(from: Member, to: Member, body = 'Are you free for a three-day shoot in March?') {
  return from.browser.request('POST', '/api/conversations', { body: { userId: to.id, body } });
}

async function conversationOf(from: Member, to: Member): Promise<number> {
  const res = await start(from, to);
  expect(res.statusCode).toBe(201);
  return res.json().conversation.id;
}

const unread = async (m: Member) =>
  (await m.browser.request('GET', '/api/messages/unread-count')).json().unreadCount;

describe('direct messages', () => {
  it('a Premium member starts a conversation, the free member replies, both see it in order', async () => {
    const [producer, gaffer] = [await newMember(true), await newMember()];
    const res = await start(producer, gaffer);
    expect(res.statusCode).toBe(201);
    const { conversation, message } = res.json();
    expect(conversation).toMatchObject({
      participant: { id: gaffer.id, username: gaffer.username },
      unreadCount: 0,
      lastMessage: { id: message.id, senderId: producer.id },
    });
    expect(await unread(gaffer)).toBe(1);

    const listed = (await gaffer.browser.request('GET', '/api/conversations')).json();
    expect(listed.conversations).toHaveLength(1);
    expect(listed.conversations[0]).toMatchObject({
      id: conversation.id,
      unreadCount: 1,
      participant: { id: producer.id },
    });

    const reply = await gaffer.browser.request('POST', `/api/conversations/${conversation.id}/messages`, {
      body: { body: 'Yes, March 3–5 works. Day rate as usual?' },
    });
    expect(reply.statusCode).toBe(201);
    // Writing in a conversation reads it for the writer.
    expect(await unread(gaffer)).toBe(0);
    expect(await unread(producer)).toBe(1);

    const thread = messageListResponse.parse(
      (await producer.browser.request('GET', `/api/conversations/${conversation.id}/messages`)).json(),
    );
    expect(thread.messages.map((m) => m.senderId)).toEqual([producer.id, gaffer.id]);
    // The gaffer has read the producer's message: a read receipt.
    expect(thread.readUpTo).toBe(message.id);
    expect(thread.messages[0]?.readAt).not.toBeNull();
    expect(thread.messages[1]?.readAt).toBeNull();

    const read = await producer.browser.request('POST', `/api/conversations/${conversation.id}/read`);
    expect(read.json()).toEqual({ unreadCount: 0 });
  });

  it('needs Premium to start (403 naming Premium); an existing conversation is reused, free or not', async () => {
    const [premium, free] = [await newMember(true), await newMember()];
    const refused = await start(free, premium, 'Hello there, I saw your reel.');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(PREMIUM_REQUIRED.messages);
    const id = await conversationOf(premium, free);
    expect(await conversationOf(premium, free)).toBe(id);
    const freeAgain = await start(free, premium, 'Following up on the shoot.');
    expect(freeAgain.statusCode).toBe(201);
    expect(freeAgain.json().conversation.id).toBe(id);
    expect((await premium.browser.request('GET', '/api/conversations')).json().conversations).toHaveLength(1);
  });

  it('answers 404 for every conversation call of a non-participant', async () => {
    const [a, c] = [await newMember(true), await newMember()];
    const id = await conversationOf(a, await newMember());
    for (const [method, url] of [
      ['GET', `/api/conversations/${id}`],
      ['GET', `/api/conversations/${id}/messages`],
      ['POST', `/api/conversations/${id}/messages`],
      ['POST', `/api/conversations/${id}/read`],
    ] as const) {
      const res = await c.browser.request(
        method,
        url,
        method === 'POST' ? { body: { body: 'Intruding' } } : {},
      );
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.message).toBe(MESSAGE_MESSAGES.conversationNotFound);
    }
    expect(await t.db.$count(messages, eq(messages.conversationId, id))).toBe(1);
  });

  it('keeps HTML as text, refuses empty, too long and NUL messages, and changes nothing', async () => {
    const [a, z] = [await newMember(true), await newMember()];
    const id = await conversationOf(a, z);
    const html = '<img src=x onerror=alert(1)> <b>bold</b> https://example.com';
    const sent = await a.browser.request('POST', `/api/conversations/${id}/messages`, {
      body: { body: html },
    });
    expect(sent.json().body).toBe(html);
    for (const [body, message] of [
      ['   ', 'Write a message'],
      ['x'.repeat(LIMITS.messageMax + 1), 'Messages must be at most 5,000 characters'],
      ['bad\u0000byte', 'Messages cannot contain NUL characters'],
    ]) {
      const res = await a.browser.request('POST', `/api/conversations/${id}/messages`, { body: { body } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(
      (
        await a.browser.request('POST', `/api/conversations/${id}/messages`, {
          body: { body: 'x'.repeat(5000) },
        })
      ).statusCode,
    ).toBe(201);
    expect(await t.db.$count(messages, eq(messages.conversationId, id))).toBe(3);
  });

  it('limits a sender to 30 messages a minute (429), the rest stored once', async () => {
    const [a, z] = [await newMember(true), await newMember()];
    const id = await conversationOf(a, z);
    await t.db.insert(messages).values(
      Array.from({ length: LIMITS.messagesPerMinute - 1 }, (_, i) => ({
        conversationId: id,
        senderId: a.id,
        body: `#${i}`,
      })),
    );
    const over = await a.browser.request('POST', `/api/conversations/${id}/messages`, {
      body: { body: 'one more' },
    });
    expect(over.statusCode).toBe(429);
    // Every 429 has the rate limiter's shape: a top-level message.
    expect(over.json().message).toBe(MESSAGE_MESSAGES.tooFast);
    // A minute later the sender may write again.
    await t.db
      .update(messages)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(messages.senderId, a.id));
    expect(
      (await a.browser.request('POST', `/api/conversations/${id}/messages`, { body: { body: 'now' } }))
        .statusCode,
    ).toBe(201);
  });

  it('a blocked member cannot message the blocker nor see their conversation (404)', async () => {
    const [a, z] = [await newMember(true), await newMember(true)];
    const id = await conversationOf(a, z);
    await z.browser.request('POST', '/api/blocks', { body: { userId: a.id } });
    const write = await a.browser.request('POST', `/api/conversations/${id}/messages`, {
      body: { body: 'Hello?' },
    });
    expect(write.statusCode).toBe(404);
    expect((await a.browser.request('GET', '/api/conversations')).json().conversations).toEqual([]);
    expect((await start(a, z)).statusCode).toBe(404);
    // The blocker keeps the history, and is asked to unblock before writing.
    expect((await z.browser.request('GET', `/api/conversations/${id}/messages`)).statusCode).toBe(200);
    const blockerWrites = await z.browser.request('POST', `/api/conversations/${id}/messages`, {
      body: { body: 'x' },
    });
    expect(blockerWrites.statusCode).toBe(409);
  });

  it('a suspended member cannot be written to, in a new conversation or an old one (404)', async () => {
    const [a, z] = [await newMember(true), await newMember(true)];
    const id = await conversationOf(a, z);
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, z.id));
    const fresh = await start(a, z);
    expect(fresh.statusCode).toBe(404);
    expect(fresh.json().error.message).toBe(MESSAGE_MESSAGES.recipientNotFound);
    const write = await a.browser.request('POST', `/api/conversations/${id}/messages`, {
      body: { body: 'Still there?' },
    });
    expect(write.statusCode).toBe(404);
    expect(write.json().error.message).toBe(MESSAGE_MESSAGES.recipientNotFound);
    expect(await t.db.$count(messages, eq(messages.conversationId, id))).toBe(1);
  });

  it('pages the conversation list with a cursor, newest first', async () => {
    const me = await newMember(true);
    const people = [await newMember(), await newMember(), await newMember()];
    for (const person of people) await conversationOf(me, person);
    const first = (await me.browser.request('GET', '/api/conversations?limit=2')).json();
    expect(first.conversations.map((c: { participant: { id: number } }) => c.participant.id)).toEqual([
      people[2]?.id,
      people[1]?.id,
    ]);
    const second = (
      await me.browser.request('GET', `/api/conversations?limit=2&cursor=${first.nextCursor}`)
    ).json();
    expect(second.conversations.map((c: { participant: { id: number } }) => c.participant.id)).toEqual([
      people[0]?.id,
    ]);
    expect(second.nextCursor).toBeNull();
    expect((await me.browser.request('GET', '/api/conversations?cursor=nonsense')).statusCode).toBe(400);
  });
});

describe('messages in real time', () => {
  it('a message written through instance A reaches the recipient’s socket on instance B, and the sender’s other tab', async () => {
    const [producer, gaffer] = [await newMember(true), await newMember()];
    const origin = t.config.publicUrl.origin;
    const recipientOnB = await openSocket(b, { token: gaffer.token, origin });
    const senderOtherTab = await openSocket(b, { token: producer.token, origin });
    sockets.push(recipientOnB, senderOtherTab);
    const res = await start(producer, gaffer, 'Live over two instances');
    const message = res.json().message;
    expect((await recipientOnB.next('message', 2_000)).data).toEqual(message);
    expect((await senderOtherTab.next('message', 2_000)).data.id).toBe(message.id);
    // The recipient's notification too, unless they turned message notifications off.
    expect((await recipientOnB.next('notification', 2_000)).data).toMatchObject({
      type: 'message',
      data: { conversationId: message.conversationId, senderId: producer.id },
    });

    // Reading sends the receipt to the sender's tabs.
    await sameBrowserOn(b, gaffer.browser).request(
      'POST',
      `/api/conversations/${message.conversationId}/read`,
    );
    expect((await senderOtherTab.next('messages_read', 2_000)).data).toEqual({
      conversationId: message.conversationId,
      readerId: gaffer.id,
      upTo: message.id,
    });
  });

  it('honours message_notifications: no notification, but the message still arrives', async () => {
    const [producer, quiet] = [await newMember(true), await newMember()];
    await t.db.insert(notificationPreferences).values({ userId: quiet.id, messageNotifications: false });
    const socket = await openSocket(t.app, { token: quiet.token, origin: t.config.publicUrl.origin });
    sockets.push(socket);
    const message = (await start(producer, quiet, 'Quietly')).json().message;
    expect((await socket.next('message', 2_000)).data.id).toBe(message.id);
    expect(socket.messages.filter((m) => m.type === 'notification')).toEqual([]);
  });
});
