import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportFileName } from '#common/account-export';
import {
  accountExports,
  auditLog,
  bookings,
  connections,
  conversations,
  credentials,
  experiences,
  messages,
  notifications,
  payments,
  reviewReports,
  reviews,
  roles,
  securityEvents,
  sessions,
  teamMembers,
  teamPositions,
  teams,
  userRoles,
  users,
  userTags,
} from '#server/db/schema/index.ts';
import { newUser, TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

/** Issue 33: "Download my data", its contents, what it never holds, and its once-in-ten-minutes limit. */
let t: TestApp;
/** Several members sign up (each a password hash) and upload images: more than the default 20 s on a busy machine. */
const SLOW = 120_000;
let network = 0;
const browser = (userAgent?: string) => {
  network += 1;
  return new TestBrowser(t.app, `10.71.${Math.floor(network / 250)}.${(network % 250) + 1}`, userAgent);
};
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

async function member(prefix: string, userAgent?: string) {
  const b = browser(userAgent);
  const input = newUser(prefix);
  const id = (await b.register(input)).json().id as number;
  return { b, id, ...input };
}

const image = (color: { r: number; g: number; b: number }) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .png()
    .toBuffer();

/** The zip's files by name, after checking the answer is one. */
function unzip(response: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  return unzipSync(new Uint8Array(response.rawPayload));
}
const dataJson = (files: Record<string, Uint8Array>) => {
  const bytes = files['data.json'];
  expect(bytes).toBeDefined();
  return Buffer.from(bytes as Uint8Array).toString('utf8');
};

beforeAll(async () => {
  t = await createTestApp();
});

describe('GET /api/account/export', () => {
  it('is for signed-in members only', async () => {
    const res = await browser().request('GET', '/api/account/export');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBeTruthy();
  });

  it(
    "holds the member's data and uploads, and nothing of staff's, others' private data or secrets",
    async () => {
      const me = await member('exporter', 'Exporter laptop browser');
      const other = await member('colleague', 'Colleague private browser 9.9');
      const third = await member('bystander');
      const staff = await member('moderator');

      // Uploads through the app: the export must hold the stored bytes themselves.
      const avatar = await me.b.request('POST', `/api/users/${me.id}/avatar`, {
        form: { file: { name: 'me.png', type: 'image/png', bytes: await image({ r: 200, g: 40, b: 40 }) } },
      });
      expect(avatar.statusCode).toBe(200);
      const avatarUrl = avatar.json().profileImage as string;
      const shot = await me.b.request('POST', `/api/users/${me.id}/portfolio`, {
        form: {
          fields: { title: 'Night exterior' },
          file: { name: 'shot.png', type: 'image/png', bytes: await image({ r: 20, g: 90, b: 200 }) },
        },
      });
      expect(shot.statusCode).toBe(201);
      const shotItem = shot.json() as { id: number; url: string };

      const [gaffer] = await t.db.select().from(roles).where(eq(roles.name, 'Gaffer'));
      const roleId = gaffer?.id ?? 1;
      await t.db.insert(userRoles).values({ userId: me.id, roleId, position: 0 });
      await t.db
        .update(users)
        .set({ displayName: 'Ada Exporter', bio: 'Lighting since 2009' })
        .where(eq(users.id, me.id));
      await t.db.update(users).set({ displayName: 'Colleague Cole' }).where(eq(users.id, other.id));
      // Secrets the row holds: never exported, sealed or not.
      await t.db.update(users).set({ totpSecret: 'SEALED-TOTP-SECRET-VALUE' }).where(eq(users.id, me.id));
      await t.db
        .insert(experiences)
        .values({ userId: me.id, title: 'Gaffer', projectName: 'Harbour Lights' });
      await t.db.insert(credentials).values({ userId: me.id, title: 'Rigging safety', institution: 'IATSE' });
      await t.db.insert(userTags).values({ userId: me.id, tag: 'Night exteriors' });

      // Reviews both ways, one hidden by staff with a report filed against the member's review.
      const [written] = await t.db
        .insert(reviews)
        .values({ subjectId: other.id, reviewerId: me.id, rating: 5, text: 'Cole ran a calm, safe set.' })
        .returning();
      await t.db.insert(reviews).values({
        subjectId: me.id,
        reviewerId: other.id,
        rating: 4,
        text: 'Ada lit the harbour beautifully.',
      });
      await t.db.insert(reviews).values({
        subjectId: me.id,
        reviewerId: third.id,
        rating: 1,
        text: 'HIDDEN-BY-STAFF-REVIEW',
        hiddenAt: new Date(),
      });
      await t.db
        .insert(reviewReports)
        .values({ reviewId: written?.id ?? 0, reporterId: third.id, reason: 'REPORT-AGAINST-MEMBER-REASON' });
      await t.db.insert(auditLog).values({
        actorId: staff.id,
        actorName: staff.username,
        action: 'user_suspended',
        targetType: 'user',
        targetId: me.id,
        reason: 'STAFF-MODERATION-NOTE',
      });
      await t.db.insert(securityEvents).values({
        type: 'account_restored',
        userId: me.id,
        ip: '203.0.113.77',
        userAgent: 'STAFF-BROWSER-AGENT',
        detail: { by: staff.username },
      });

      // A conversation each way, and one between two others.
      const [mine] = await t.db
        .insert(conversations)
        .values({ userLow: Math.min(me.id, other.id), userHigh: Math.max(me.id, other.id), startedBy: me.id })
        .returning();
      await t.db.insert(messages).values([
        { conversationId: mine?.id ?? 0, senderId: me.id, body: 'Are you free on the 12th?' },
        { conversationId: mine?.id ?? 0, senderId: other.id, body: 'Yes, call time 6am.' },
      ]);
      const [theirs] = await t.db
        .insert(conversations)
        .values({
          userLow: Math.min(third.id, other.id),
          userHigh: Math.max(third.id, other.id),
          startedBy: third.id,
        })
        .returning();
      await t.db
        .insert(messages)
        .values({ conversationId: theirs?.id ?? 0, senderId: third.id, body: 'PRIVATE-BETWEEN-OTHERS' });

      // A request the other turned down reads as pending to the member who sent it.
      await t.db
        .insert(connections)
        .values({ requesterId: me.id, addresseeId: other.id, status: 'declined' });
      await t.db
        .insert(connections)
        .values({ requesterId: third.id, addresseeId: me.id, status: 'accepted' });

      // Bookings on both sides, a team owned and one joined, a payment with its invoice.
      const [team] = await t.db.insert(teams).values({ ownerId: me.id, name: 'Harbour Lights' }).returning();
      const [position] = await t.db
        .insert(teamPositions)
        .values({ teamId: team?.id ?? 0, roleId })
        .returning();
      await t.db.insert(teamMembers).values({
        teamId: team?.id ?? 0,
        userId: other.id,
        positionId: position?.id ?? null,
        status: 'invited',
      });
      const [joined] = await t.db
        .insert(teams)
        .values({ ownerId: other.id, name: 'Cole Pictures' })
        .returning();
      await t.db.insert(teamMembers).values({ teamId: joined?.id ?? 0, userId: me.id, status: 'accepted' });
      const booking = {
        roleId,
        startDate: '2027-03-01',
        endDate: '2027-03-02',
        rate: 60000,
        currency: 'USD',
        status: 'accepted' as const,
      };
      const [hired] = await t.db
        .insert(bookings)
        .values({ ...booking, requesterId: me.id, crewId: other.id, teamId: team?.id ?? null })
        .returning();
      await t.db.insert(bookings).values({ ...booking, requesterId: third.id, crewId: me.id });
      await t.db.insert(payments).values({
        userId: me.id,
        payeeId: other.id,
        kind: 'booking',
        description: 'Gaffer, 2 days',
        amount: 120000,
        currency: 'USD',
        provider: 'demo',
        bookingId: hired?.id ?? null,
        buyer: {
          username: me.username,
          displayName: 'Ada Exporter',
          fallbackName: null,
          location: null,
          team: 'Harbour Lights',
        },
        seller: {
          username: other.username,
          displayName: 'Colleague Cole',
          fallbackName: null,
          location: null,
          team: null,
        },
      });
      await t.db
        .insert(notifications)
        .values({ userId: me.id, type: 'system', title: 'Welcome aboard', message: 'Your profile is live.' });

      // A second device of the member; the others' sessions are theirs.
      const phone = browser('Exporter phone browser');
      expect((await phone.login(me.username, me.password)).statusCode).toBe(200);

      const res = await me.b.request('GET', '/api/account/export');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${exportFileName(me.username, new Date())}"`,
      );
      expect(res.headers['cache-control']).toBe('no-store');
      const files = unzip(res);
      const text = dataJson(files);
      const data = JSON.parse(text);

      // The member's own data.
      expect(data.account).toMatchObject({ id: me.id, username: me.username, email: me.email });
      expect(data.profile).toMatchObject({ displayName: 'Ada Exporter', bio: 'Lighting since 2009' });
      expect(data.profile.roles.map((r: { name: string }) => r.name)).toEqual(['Gaffer']);
      expect(data.profile.experience[0]).toMatchObject({ title: 'Gaffer', projectName: 'Harbour Lights' });
      expect(data.profile.credentials[0]).toMatchObject({ title: 'Rigging safety' });
      expect(data.profile.tags[0]).toMatchObject({ tag: 'Night exteriors' });
      expect(data.reviews.written).toEqual([
        expect.objectContaining({
          text: 'Cole ran a calm, safe set.',
          about: { id: other.id, name: 'Colleague Cole' },
        }),
      ]);
      expect(data.reviews.received).toEqual([
        expect.objectContaining({
          text: 'Ada lit the harbour beautifully.',
          by: { id: other.id, name: 'Colleague Cole' },
        }),
      ]);
      const conversation = data.messages.conversations[0];
      expect(data.messages.conversations).toHaveLength(1);
      expect(conversation.with).toEqual({ id: other.id, name: 'Colleague Cole' });
      expect(conversation.messages.map((m: { from: string; body: string }) => [m.from, m.body])).toEqual([
        ['you', 'Are you free on the 12th?'],
        ['them', 'Yes, call time 6am.'],
      ]);
      expect(data.connections).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            direction: 'sent',
            status: 'pending',
            with: { id: other.id, name: 'Colleague Cole' },
          }),
          expect.objectContaining({ direction: 'received', status: 'accepted' }),
        ]),
      );
      expect(data.bookings.map((b: { side: string }) => b.side).sort()).toEqual([
        'you booked',
        'you were booked',
      ]);
      expect(data.bookings.find((b: { side: string }) => b.side === 'you booked')).toMatchObject({
        reference: `BK-${String(hired?.id).padStart(6, '0')}`,
        team: 'Harbour Lights',
        role: 'Gaffer',
        crew: { id: other.id, name: 'Colleague Cole' },
      });
      expect(data.teams.owned[0]).toMatchObject({
        name: 'Harbour Lights',
        positions: [{ role: 'Gaffer', count: 1 }],
      });
      expect(data.teams.owned[0].crew[0]).toMatchObject({ member: { id: other.id }, status: 'invited' });
      expect(data.teams.memberOf[0]).toMatchObject({
        name: 'Cole Pictures',
        owner: { id: other.id },
        status: 'accepted',
      });
      expect(data.payments[0]).toMatchObject({
        side: 'paid',
        amount: 120000,
        invoiceNumber: expect.stringMatching(/^CB-/),
      });
      expect(data.invoices[0]).toMatchObject({
        seller: { username: other.username },
        pdf: expect.stringMatching(/invoice$/),
      });
      expect(data.notifications.items.map((n: { title: string }) => n.title)).toContain('Welcome aboard');
      expect(data.sessions.map((s: { userAgent: string }) => s.userAgent).sort()).toEqual([
        'Exporter laptop browser',
        'Exporter phone browser',
      ]);
      expect(data.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
      expect(data.securityEvents.map((e: { type: string }) => e.type)).toEqual(
        expect.arrayContaining(['register', 'login_success', 'account_restored']),
      );
      expect(data.securityEvents.find((e: { type: string }) => e.type === 'account_restored')).toEqual({
        type: 'account_restored',
        at: expect.any(String),
        by: 'staff',
      });

      // The uploaded images, byte for byte as stored (and as /media/ serves them).
      expect(data.profile.photo).toEqual({ url: avatarUrl, file: 'files/avatar.webp' });
      const portfolioFile = `files/portfolio/${shotItem.id}.webp`;
      expect(data.profile.portfolio[0]).toMatchObject({
        id: shotItem.id,
        kind: 'image',
        file: portfolioFile,
      });
      expect(data.files.sort()).toEqual([portfolioFile, 'files/avatar.webp'].sort());
      const served = await me.b.request('GET', avatarUrl);
      expect(served.statusCode).toBe(200);
      expect(Buffer.from(files['files/avatar.webp'] as Uint8Array).equals(served.rawPayload)).toBe(true);
      const servedShot = await me.b.request('GET', shotItem.url);
      expect(Buffer.from(files[portfolioFile] as Uint8Array).equals(servedShot.rawPayload)).toBe(true);
      expect((await sharp(Buffer.from(files['files/avatar.webp'] as Uint8Array)).metadata()).format).toBe(
        'webp',
      );
      expect(Object.keys(files).sort()).toEqual(['data.json', 'files/avatar.webp', portfolioFile].sort());

      // Never: others' e-mail addresses and sessions, staff's notes, reports and browsers, secrets.
      const [row] = await t.db.select().from(users).where(eq(users.id, me.id));
      const hashes = (await t.db.select({ h: sessions.tokenHash }).from(sessions)).map((s) => s.h);
      expect(hashes.length).toBeGreaterThan(2);
      const never = [
        other.email,
        third.email,
        staff.email,
        'Colleague private browser 9.9',
        'STAFF-MODERATION-NOTE',
        'REPORT-AGAINST-MEMBER-REASON',
        'HIDDEN-BY-STAFF-REVIEW',
        'STAFF-BROWSER-AGENT',
        '203.0.113.77',
        staff.username,
        'PRIVATE-BETWEEN-OTHERS',
        'SEALED-TOTP-SECRET-VALUE',
        row?.passwordHash ?? 'no hash?',
        'passwordHash',
        'tokenHash',
        'totp_secret',
        ...hashes,
        sha256(me.b.cookies.get(t.app.sessionCookieName) ?? 'none'),
      ];
      for (const secret of never) expect(text, secret).not.toContain(secret);
    },
    SLOW,
  );

  it(
    'leaves out an image storage no longer holds, and names only the files it has',
    async () => {
      const me = await member('missing');
      const avatar = await me.b.request('POST', `/api/users/${me.id}/avatar`, {
        form: { file: { name: 'me.png', type: 'image/png', bytes: await image({ r: 10, g: 160, b: 90 }) } },
      });
      const url = avatar.json().profileImage as string;
      await t.app.media.delete(url.slice('/media/'.length));
      const files = unzip(await me.b.request('GET', '/api/account/export'));
      expect(Object.keys(files)).toEqual(['data.json']);
      const data = JSON.parse(dataJson(files));
      expect(data.profile.photo).toEqual({ url, file: null });
      expect(data.files).toEqual([]);
    },
    SLOW,
  );

  it(
    'answers one export in ten minutes, then a 429 saying when',
    async () => {
      const me = await member('limited');
      unzip(await me.b.request('GET', '/api/account/export'));

      const again = await me.b.request('GET', '/api/account/export');
      expect(again.statusCode).toBe(429);
      const retryAfter = Number(again.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(540);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(again.json().message).toBe(
        'You can download your data once every 10 minutes. Try again in 10 minutes.',
      );

      // Seven minutes later, three are left.
      await t.db
        .update(accountExports)
        .set({ exportedAt: sql`now() - interval '7 minutes'` })
        .where(eq(accountExports.userId, me.id));
      const later = await me.b.request('GET', '/api/account/export');
      expect(later.statusCode).toBe(429);
      expect(later.json().message).toBe(
        'You can download your data once every 10 minutes. Try again in 3 minutes.',
      );

      // The limit is the member's: another member exports at once.
      const someoneElse = await member('unlimited');
      unzip(await someoneElse.b.request('GET', '/api/account/export'));

      // Ten minutes after the last export, another.
      await t.db
        .update(accountExports)
        .set({ exportedAt: sql`now() - interval '10 minutes'` })
        .where(eq(accountExports.userId, me.id));
      unzip(await me.b.request('GET', '/api/account/export'));
    },
    SLOW,
  );

  it(
    'gives two requests at once one export and one 429',
    async () => {
      for (let round = 0; round < 3; round += 1) {
        const me = await member('twice');
        const phone = browser();
        expect((await phone.login(me.username, me.password)).statusCode).toBe(200);
        const answers = await Promise.all([
          me.b.request('GET', '/api/account/export'),
          phone.request('GET', '/api/account/export'),
        ]);
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429]);
        const [row] = await t.db.select().from(accountExports).where(eq(accountExports.userId, me.id));
        expect(row).toBeDefined();
      }
    },
    SLOW,
  );

  it('takes no slot for a HEAD, a forged session or a spent one', async () => {
    const me = await member('forger');
    // A HEAD would take the slot for a zip nobody receives: there is none.
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/api/account/export',
      cookies: Object.fromEntries(me.b.cookies),
    });
    expect(head.statusCode).toBe(404);

    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/account/export',
      cookies: { [t.app.sessionCookieName]: 'not-a-session-token' },
      headers: { 'x-user-id': String(me.id) },
    });
    expect(forged.statusCode).toBe(401);
    await me.b.logout();
    expect((await me.b.request('GET', '/api/account/export')).statusCode).toBe(401);
    expect(await t.db.select().from(accountExports).where(eq(accountExports.userId, me.id))).toEqual([]);
  });
});
