import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import {
  conversationMembers,
  memberPresence,
  notificationPreferences,
  users,
} from '#server/db/schema/index.ts';
import { lastOnline } from '#server/features/notifications/index.ts';
import { member, openSocket, type TestSocket, until } from '#server/features/notifications/test-support.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { type ReceivedMail, startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { mailUnreadMessages } from './message-mail.ts';

/**
 * Issue 32: new messages are mailed in batches, per conversation, to members away from the site
 * (no open socket on any instance for 10 minutes), at most once an hour. Real sockets on two
 * listening instances, a real SMTP server; times are moved in the database, never waited for.
 */
const PUBLIC_URL = 'https://crewbase.test';
let smtp: TestSmtp;
let t: TestApp;
let b: FastifyInstance;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
  b = await buildApp({ config: t.config, databaseUrl: t.url, logger: false, mailWorker: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await b.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.ws.terminate();
  await b.close();
});

type Member = Awaited<ReturnType<typeof member>> & { email: string; name: string };

async function person(options: { premium?: boolean; verified?: boolean } = {}): Promise<Member> {
  const m = await member(t.db, t.app, { premium: options.premium ?? false });
  if (options.verified !== false)
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, m.id));
  return { ...m, email: `${m.username}@example.com`, name: `Member ${m.username}` };
}

async function connect(app: FastifyInstance, who: Member) {
  const socket = await openSocket(app, { token: who.token, origin: t.config.publicUrl.origin });
  sockets.push(socket);
  return socket;
}

/** A conversation the Premium `from` starts with `to`, and more messages in it. */
async function converse(from: Member, to: Member, ...bodies: string[]): Promise<number> {
  const [first, ...rest] = bodies;
  const res = await from.browser.request('POST', '/api/conversations', {
    body: { userId: to.id, body: first },
  });
  expect(res.statusCode).toBe(201);
  const id: number = res.json().conversation.id;
  for (const body of rest) await send(from, id, body);
  return id;
}

async function send(from: Member, conversationId: number, body: string) {
  const res = await from.browser.request('POST', `/api/conversations/${conversationId}/messages`, {
    body: { body },
  });
  expect(res.statusCode).toBe(201);
}

const seen = new Map<string, number>();
/** Runs the sweep and the outbox once; the mails `who` received since the last call. */
async function sweep(who: Member, now = new Date()): Promise<ReceivedMail[]> {
  await mailUnreadMessages(t.db, new URL(PUBLIC_URL), now);
  await t.app.deliverMail();
  const all = smtp.to(who.email);
  const before = seen.get(who.email) ?? 0;
  seen.set(who.email, all.length);
  return all.slice(before);
}

/** The last mail to this member of this conversation was `minutes` ago. */
const mailedAgo = (who: Member, conversationId: number, minutes: number) =>
  t.db
    .update(conversationMembers)
    .set({ mailedAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, who.id)),
    );

const seenAgo = (who: Member, minutes: number) =>
  t.db
    .update(memberPresence)
    .set({ seenAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(memberPresence.userId, who.id));

describe('presence across instances', () => {
  it('is written when a first socket opens, every minute for all sockets, and when the last closes', async () => {
    const [alex, sam] = [await person(), await person()];
    expect((await lastOnline(t.db, [alex.id])).size).toBe(0);
    const tab1 = await connect(t.app, alex);
    const tab2 = await connect(t.app, alex);
    await connect(b, sam);
    await until(async () => (await lastOnline(t.db, [alex.id, sam.id])).size === 2);

    // The minute's write: everyone with a socket on the instance, whatever was written before.
    await seenAgo(alex, 30);
    await t.app.realtime.hub.recordPresence();
    const fresh = (await lastOnline(t.db, [alex.id])).get(alex.id) as Date;
    expect(Date.now() - fresh.getTime()).toBeLessThan(60_000);

    // One tab of two closing changes nothing; the last one writes the moment the member left.
    await seenAgo(alex, 30);
    tab1.close();
    await until(() => t.app.realtime.hub.socketsOf(alex.id) === 1);
    const stale = (await lastOnline(t.db, [alex.id])).get(alex.id) as Date;
    expect(Date.now() - stale.getTime()).toBeGreaterThan(29 * 60_000);
    tab2.close();
    await until(async () => {
      const at = (await lastOnline(t.db, [alex.id])).get(alex.id) as Date;
      return Date.now() - at.getTime() < 60_000;
    });
  });
});

describe('new messages by e-mail', () => {
  it('mails a member away two messages as one mail listing both, with the button and unsubscribe', async () => {
    const [producer, gaffer] = [await person({ premium: true }), await person()];
    const conversation = await converse(producer, gaffer, 'Are you free on the 12th?', 'Day rate is 650.');
    const [mail, ...more] = await sweep(gaffer);
    expect(more).toEqual([]);
    expect(mail?.to).toEqual([gaffer.email]);
    expect(mail?.subject).toBe(`2 new messages from ${producer.name}`);
    for (const part of [mail?.text, mail?.html]) {
      expect(part).toContain('Are you free on the 12th?');
      expect(part).toContain('Day rate is 650.');
    }
    expect(mail?.html).toContain(`href="${PUBLIC_URL}/messages/${conversation}"`);
    expect(mail?.text).toContain(`${PUBLIC_URL}/messages/${conversation}`);
    expect(mail?.text).toContain(`${PUBLIC_URL}/notifications?tab=preferences`);
    const unsubscribe = mail?.headers['list-unsubscribe'] ?? '';
    expect(unsubscribe).toMatch(
      /^<https:\/\/crewbase\.test\/api\/email\/unsubscribe\?token=v1\.\d+\.messages\.[^>]+>$/,
    );
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.headers['auto-submitted']).toBe('auto-generated');
    expect(mail?.text).toContain(unsubscribe.slice(1, -1));
    // The sender is not mailed their own messages, and nothing is mailed twice.
    expect(await sweep(producer)).toEqual([]);
    expect(await sweep(gaffer)).toEqual([]);

    // The one-click POST turns message mail off.
    const res = await t.app.inject({
      method: 'POST',
      url: unsubscribe.slice(1, -1).replace(PUBLIC_URL, ''),
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    await send(producer, conversation, 'Still there?');
    await mailedAgo(gaffer, conversation, 61);
    expect(await sweep(gaffer)).toEqual([]);
  });

  it('mails nobody with an open socket, on this instance or another, until ten minutes after it closed', async () => {
    const [producer, here, there] = [await person({ premium: true }), await person(), await person()];
    const socketHere = await connect(t.app, here);
    const socketThere = await connect(b, there);
    await until(async () => (await lastOnline(t.db, [here.id, there.id])).size === 2);
    await converse(producer, here, 'Hello from the set');
    await converse(producer, there, 'Hello from the office');
    expect(await sweep(here)).toEqual([]);
    expect(await sweep(there)).toEqual([]);

    socketHere.close();
    socketThere.close();
    await until(() => t.app.realtime.hub.socketsOf(here.id) + b.realtime.hub.socketsOf(there.id) === 0);
    // Just left: still not away.
    expect(await sweep(here)).toEqual([]);
    await seenAgo(here, 11);
    await seenAgo(there, 11);
    expect((await sweep(here)).map((m) => m.subject)).toEqual([`1 new message from ${producer.name}`]);
    expect((await sweep(there)).map((m) => m.subject)).toEqual([`1 new message from ${producer.name}`]);
  });

  it('sends at most one mail per conversation an hour, then lists only what came since', async () => {
    const [producer, gaffer] = [await person({ premium: true }), await person()];
    const conversation = await converse(producer, gaffer, 'First', 'Second');
    expect(await sweep(gaffer)).toHaveLength(1);
    await send(producer, conversation, 'Third');
    expect(await sweep(gaffer)).toEqual([]);
    await mailedAgo(gaffer, conversation, 59);
    expect(await sweep(gaffer)).toEqual([]);
    await mailedAgo(gaffer, conversation, 61);
    const [mail, ...more] = await sweep(gaffer);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`1 new message from ${producer.name}`);
    expect(mail?.text).toContain('Third');
    expect(mail?.text).not.toContain('Second');
  });

  it('does not mail what the member read, nor after they answered', async () => {
    const [producer, gaffer] = [await person({ premium: true }), await person()];
    const conversation = await converse(producer, gaffer, 'Read me on the site');
    expect((await gaffer.browser.request('POST', `/api/conversations/${conversation}/read`)).statusCode).toBe(
      200,
    );
    expect(await sweep(gaffer)).toEqual([]);

    await send(producer, conversation, 'Unread one');
    await send(gaffer, conversation, 'Answered without opening the mail');
    expect(await sweep(gaffer)).toEqual([]);

    await send(producer, conversation, 'Only this one is new');
    const [mail] = await sweep(gaffer);
    expect(mail?.subject).toBe(`1 new message from ${producer.name}`);
    expect(mail?.text).toContain('Only this one is new');
    expect(mail?.text).not.toContain('Read me on the site');
    expect(mail?.text).not.toContain('Unread one');
  });

  it('mails no unverified address, and one who turned message mail off or takes the digest is passed over', async () => {
    const producer = await person({ premium: true });
    const [unverified, off, digest] = [await person({ verified: false }), await person(), await person()];
    await t.db.insert(notificationPreferences).values([
      { userId: off.id, emailMessageNotifications: false },
      { userId: digest.id, emailDailyDigest: true },
    ]);
    const conversations = [
      await converse(producer, unverified, 'Hi'),
      await converse(producer, off, 'Hi'),
      await converse(producer, digest, 'Hi'),
    ];
    for (const who of [unverified, off, digest]) expect(await sweep(who)).toEqual([]);
    // Verified or switched on later: what was passed over is not mailed after the fact.
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, unverified.id));
    await t.db
      .update(notificationPreferences)
      .set({ emailMessageNotifications: true })
      .where(eq(notificationPreferences.userId, off.id));
    for (const who of [unverified, off]) expect(await sweep(who)).toEqual([]);
    await send(producer, conversations[0] as number, 'Now you are verified');
    expect((await sweep(unverified)).map((m) => m.subject)).toEqual([`1 new message from ${producer.name}`]);
  });

  it('two instances sweeping at once mail a batch once', async () => {
    const [producer, gaffer] = [await person({ premium: true }), await person()];
    await converse(producer, gaffer, 'One', 'Two');
    const url = new URL(PUBLIC_URL);
    const queued = await Promise.all([
      mailUnreadMessages(t.db, url),
      mailUnreadMessages(t.db, url),
      mailUnreadMessages(t.db, url),
    ]);
    expect(queued.reduce((a, n) => a + n, 0)).toBe(1);
    expect(await sweep(gaffer)).toHaveLength(1);
  });
});
