import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOLD_LIMITS } from '#common/limits';
import { bookings, mailOutbox, notificationPreferences, users } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { type ReceivedMail, startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { dayRange } from './notification-mail.ts';
import { notify } from './notify.ts';
import { member, roleIdNamed } from './test-support.ts';

/** Issue 32: what each notification mails, to whom, and when it mails nothing. */
const PUBLIC_URL = 'https://crewbase.test';
let smtp: TestSmtp;
let t: TestApp;
let gafferRole: number;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
  gafferRole = await roleIdNamed(t.app, 'Gaffer');
});

type Member = Awaited<ReturnType<typeof member>> & { email: string; name: string };

/** A member with a verified address (unless told otherwise), as member() makes them. */
async function person(options: { premium?: boolean; verified?: boolean } = {}): Promise<Member> {
  const m = await member(t.db, t.app, { premium: options.premium ?? false });
  if (options.verified !== false)
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, m.id));
  return { ...m, email: `${m.username}@example.com`, name: `Member ${m.username}` };
}
const producer = () => person({ premium: true });

const seen = new Map<string, number>();
/** Runs the outbox worker once and answers the mails `who` received since the last call. */
async function newMailsTo(who: Member): Promise<ReceivedMail[]> {
  await t.app.deliverMail();
  const all = smtp.to(who.email);
  const before = seen.get(who.email) ?? 0;
  seen.set(who.email, all.length);
  return all.slice(before);
}

/** Sends what is due and forgets what these members received so far. */
async function catchUp(...who: Member[]) {
  await t.app.deliverMail();
  for (const one of who) seen.set(one.email, smtp.to(one.email).length);
}

async function oneMailTo(who: Member): Promise<ReceivedMail> {
  const mails = await newMailsTo(who);
  const subjects = mails.map((m) => m.subject);
  expect(subjects, JSON.stringify(subjects)).toHaveLength(1);
  return mails[0] as ReceivedMail;
}

/**
 * What every notification mail carries: sent to the member alone, both parts, the one button to
 * `path` (absolute to PUBLIC_URL) in both, the link to the preferences, and RFC 8058's headers.
 */
function expectNotificationMail(mail: ReceivedMail, who: Member, subject: string, path: string) {
  expect(mail.to).toEqual([who.email]);
  expect(mail.subject).toBe(subject);
  const button = `${PUBLIC_URL}${path}`;
  expect(mail.html).toContain(`href="${button.replaceAll('&', '&amp;')}"`);
  expect(mail.text).toContain(button);
  expect(mail.html).toMatch(/^<!DOCTYPE html/i);
  expect(mail.text).not.toContain('<');
  expect(mail.text).toContain(`${PUBLIC_URL}/notifications?tab=preferences`);
  expect(mail.headers['list-unsubscribe']).toMatch(
    /^<https:\/\/crewbase\.test\/api\/email\/unsubscribe\?token=[^>\s]+>$/,
  );
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  expect(mail.headers['auto-submitted']).toBe('auto-generated');
  // The footer's unsubscribe link is the header's.
  const unsubscribe = mail.headers['list-unsubscribe']?.slice(1, -1) ?? '';
  expect(mail.text).toContain(unsubscribe);
}

const book = (from: Member, to: Member, days: [string, string], extra: Record<string, unknown> = {}) =>
  from.browser.request('POST', '/api/bookings', {
    body: {
      crewId: to.id,
      roleId: gafferRole,
      startDate: days[0],
      endDate: days[1],
      rate: 65000,
      currency: 'usd',
      message: 'Night exteriors, bring a 4K kit.',
      ...extra,
    },
  });

async function booked(from: Member, to: Member, days: [string, string], extra: Record<string, unknown> = {}) {
  const res = await book(from, to, days, extra);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

async function act(who: Member, id: number, action: string) {
  const res = await who.browser.request('POST', `/api/bookings/${id}/${action}`, { body: {} });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const queuedFor = (who: Member) =>
  t.db
    .select({ kind: mailOutbox.kind, skippedAt: mailOutbox.skippedAt, sentAt: mailOutbox.sentAt })
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, who.email));

const setPreferences = (who: Member, changes: Partial<typeof notificationPreferences.$inferInsert>) =>
  t.db
    .insert(notificationPreferences)
    .values({ userId: who.id, ...changes })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: changes });

describe('bookings and holds by e-mail', () => {
  it('mails a booking request to the crew member: the role, days and rate, one button to answer it', async () => {
    const [p, g] = [await producer(), await person()];
    const booking = await booked(p, g, ['2027-12-03', '2027-12-05']);
    // Queued in the request's transaction; nothing goes out inside the request.
    expect(await queuedFor(g)).toEqual([{ kind: 'notification:bookings', skippedAt: null, sentAt: null }]);
    expect(smtp.to(g.email)).toEqual([]);

    const mail = await oneMailTo(g);
    expectNotificationMail(
      mail,
      g,
      'Booking request: Gaffer, 3–5 Dec, $650.00/day',
      `/bookings/${booking.id}`,
    );
    expect(mail.text).toContain(
      `${p.name} wants to book you as Gaffer, 2027-12-03 to 2027-12-05, at $650.00 a day.`,
    );
    for (const fact of [
      p.name,
      'Gaffer',
      '3–5 Dec 2027 (3 days)',
      '$650.00',
      '$1,950.00',
      'Waiting for an answer',
    ])
      expect(mail.html).toContain(fact);
    expect(mail.text).toContain('Their note: “Night exteriors, bring a 4K kit.”');
    expect(mail.text).toContain('Answer the request');
    expect(mail.text).toContain('e-mail about bookings and holds is on');
    expect(await queuedFor(g)).toEqual([
      { kind: 'notification:bookings', skippedAt: null, sentAt: expect.any(Date) },
    ]);
    // Sent once: another run of the worker sends nothing more.
    expect(await newMailsTo(g)).toEqual([]);
  });

  it('mails a first hold request, then its acceptance to the production', async () => {
    const [p, g] = [await producer(), await person()];
    const hold = await booked(p, g, ['2027-11-30', '2027-12-02'], { hold: 'first' });
    const asked = await oneMailTo(g);
    expectNotificationMail(
      asked,
      g,
      `${p.name} asks to put a first hold on you: Gaffer, 30 Nov – 2 Dec`,
      `/bookings/${hold.id}`,
    );
    expect(asked.text).toContain('Answer the hold request');
    expect(asked.html).toContain('First hold, waiting for an answer');

    await act(g, hold.id, 'accept');
    const accepted = await oneMailTo(p);
    expectNotificationMail(accepted, p, 'Hold accepted: Gaffer, 30 Nov – 2 Dec', `/bookings/${hold.id}`);
    expect(accepted.text).toContain(
      `${g.name} accepted your hold on 2027-11-30 to 2027-12-02: it is a first hold.`,
    );
    expect(accepted.html).toContain(g.name);
    expect(accepted.text).toContain('View the booking');
  });

  it('mails the answers and the cancellation to the other party', async () => {
    const [p, g] = [await producer(), await person()];
    const yes = await booked(p, g, ['2027-10-04', '2027-10-04']);
    const no = await booked(p, g, ['2027-10-11', '2027-10-12']);
    await catchUp(g);
    await act(g, yes.id, 'accept');
    await act(g, no.id, 'decline');
    const answers = await newMailsTo(p);
    expect(answers.map((m) => m.subject)).toEqual([
      'Booking accepted: Gaffer, 4 Oct',
      'Booking declined: Gaffer, 11–12 Oct',
    ]);
    const [accepted, declined] = answers as [ReceivedMail, ReceivedMail];
    expectNotificationMail(accepted, p, 'Booking accepted: Gaffer, 4 Oct', `/bookings/${yes.id}`);
    expect(accepted.html).toContain('Booked');
    expectNotificationMail(declined, p, 'Booking declined: Gaffer, 11–12 Oct', `/bookings/${no.id}`);
    expect(declined.text).toContain(`${g.name} declined your booking for 2027-10-11 to 2027-10-12.`);

    await act(p, yes.id, 'cancel');
    const cancelled = await oneMailTo(g);
    expectNotificationMail(cancelled, g, 'Booking cancelled: Gaffer, 4 Oct', `/bookings/${yes.id}`);
    expect(cancelled.text).toContain(`${p.name} cancelled the booking for 2027-10-04.`);
    expect(cancelled.html).toContain('Cancelled');
  });

  it('mails a second hold moving up to both sides, and a hold about to lapse', async () => {
    const [p1, p2, g] = [await producer(), await producer(), await person()];
    const first = await booked(p1, g, ['2027-09-01', '2027-09-03'], { hold: 'first' });
    await act(g, first.id, 'accept');
    const second = await booked(p2, g, ['2027-09-02', '2027-09-02'], { hold: 'second' });
    await act(g, second.id, 'accept');
    await catchUp(g, p1, p2);

    await act(p1, first.id, 'release');
    const promoted = await oneMailTo(p2);
    expectNotificationMail(promoted, p2, 'Your hold is now first: Gaffer, 2 Sep', `/bookings/${second.id}`);
    expect(promoted.text).toContain('Your second hold on 2027-09-02 is now the first hold.');
    const [released, movedUp] = (await newMailsTo(g)) as [ReceivedMail, ReceivedMail];
    expect(released.subject).toBe('Hold released: Gaffer, 1–3 Sep');
    expectNotificationMail(movedUp, g, 'A hold moved up: Gaffer, 2 Sep', `/bookings/${second.id}`);
    expect(movedUp.html).toContain(p2.name);

    await t.db
      .update(bookings)
      .set({
        createdAt: sql`now() - ${HOLD_LIMITS.lapseDays - HOLD_LIMITS.remindDaysBefore + 0.5} * interval '1 day'`,
      })
      .where(eq(bookings.id, second.id));
    await p2.browser.request('GET', '/api/bookings?as=requester');
    const lapsing = await oneMailTo(p2);
    expectNotificationMail(lapsing, p2, 'Your hold lapses soon: Gaffer, 2 Sep', `/bookings/${second.id}`);
    expect(lapsing.text).toMatch(/Your hold on 2027-09-02 lapses on \d{4}-\d\d-\d\d unless you confirm it/);
    expect((await oneMailTo(g)).subject).toBe('A hold lapses soon: Gaffer, 2 Sep');
  });
});

describe('teams, reviews, payments and the featured profile by e-mail', () => {
  it('mails a team invitation: who invites, the team, the position, where and when', async () => {
    const [p, g] = [await producer(), await person()];
    const team = (
      await p.browser.request('POST', '/api/teams', {
        body: { name: 'Low Tide', location: 'Atlanta, GA', startDate: '2027-03-01', endDate: '2027-03-20' },
      })
    ).json() as { id: number };
    const withPosition = await p.browser.request('POST', `/api/teams/${team.id}/positions`, {
      body: { roleId: gafferRole, count: 2 },
    });
    const position = withPosition.json().positions[0] as { id: number };
    await p.browser.request('POST', `/api/teams/${team.id}/invites`, {
      body: { userId: g.id, positionId: position.id },
    });
    const mail = await oneMailTo(g);
    expectNotificationMail(mail, g, 'Invitation to join Low Tide', `/team/${team.id}`);
    expect(mail.text).toContain(`${p.name} invited you to join Low Tide.`);
    for (const fact of [p.name, 'Low Tide', 'Gaffer', 'Atlanta, GA', '1–20 Mar 2027'])
      expect(mail.html).toContain(fact);
    expect(mail.text).toContain('e-mail about teams is on');
  });

  it('mails a review received, with its rating and words', async () => {
    const [author, subject] = [await person(), await person()];
    const res = await author.browser.request('POST', `/api/users/${subject.id}/reviews`, {
      body: { rating: 4, text: 'Calm on a hard night shoot.', projectName: 'The Long Night' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await oneMailTo(subject);
    expectNotificationMail(mail, subject, `New review from ${author.name}`, '/profile?tab=reviews');
    expect(mail.text).toContain('“Calm on a hard night shoot.”');
    for (const fact of [author.name, '★★★★☆ (4 of 5)', 'The Long Night']) expect(mail.html).toContain(fact);
  });

  it('mails a payment to the crew member paid and to the production that paid', async () => {
    const [p, g] = [await producer(), await person()];
    const booking = await booked(p, g, ['2027-08-01', '2027-08-03']);
    await act(g, booking.id, 'accept');
    await catchUp(g, p);
    const { paymentId } = (await act(p, booking.id, 'pay')).json() as { paymentId: number };

    const paid = await oneMailTo(g);
    // The test app pays with the demo provider, which says so.
    expectNotificationMail(paid, g, 'Demo payment recorded: $1,950.00', `/payments/${paymentId}`);
    for (const fact of ['$1,950.00', p.name, 'CB-']) expect(paid.html).toContain(fact);
    expect(paid.text).toContain('e-mail about payments is on');
    const payer = await oneMailTo(p);
    expectNotificationMail(payer, p, 'Demo payment recorded: $1,950.00', `/payments/${paymentId}`);
    expect(payer.html).toContain(g.name);
  });

  it('mails a featured profile', async () => {
    const g = await person();
    await t.db.transaction((tx) =>
      notify(
        tx,
        g.id,
        'profile_featured',
        'Your profile is featured',
        'The CrewBase team picked your profile to feature on the home page. Congratulations!',
      ),
    );
    const mail = await oneMailTo(g);
    expectNotificationMail(mail, g, 'Your profile is featured', '/profile');
    expect(mail.text).toContain('The CrewBase team picked your profile to feature on the home page.');
  });
});

describe('who gets no mail', () => {
  it('an unverified address gets none, though the notification is there', async () => {
    const [p, g] = [await producer(), await person({ verified: false })];
    await booked(p, g, ['2027-07-01', '2027-07-02']);
    expect(await queuedFor(g)).toEqual([]);
    expect(await newMailsTo(g)).toEqual([]);
  });

  it('a kind of mail turned off gets none; the other kinds still go', async () => {
    const [p, g] = [await producer(), await person()];
    await setPreferences(g, { emailBookingNotifications: false });
    await booked(p, g, ['2027-07-05', '2027-07-05']);
    expect(await queuedFor(g)).toEqual([]);
    const team = (await p.browser.request('POST', '/api/teams', { body: { name: 'Still Mailed' } })).json();
    await p.browser.request('POST', `/api/teams/${team.id}/invites`, { body: { userId: g.id } });
    expect((await newMailsTo(g)).map((mail) => mail.subject)).toEqual(['Invitation to join Still Mailed']);
  });

  it('a kind of mail turned off after it was queued is not sent: the row is marked skipped', async () => {
    const [p, g] = [await producer(), await person()];
    await booked(p, g, ['2027-07-08', '2027-07-08']);
    expect(await queuedFor(g)).toHaveLength(1);
    await setPreferences(g, { emailBookingNotifications: false });
    expect(await newMailsTo(g)).toEqual([]);
    expect(await queuedFor(g)).toEqual([
      { kind: 'notification:bookings', skippedAt: expect.any(Date), sentAt: null },
    ]);
  });

  it('a member who chose the daily digest gets no single mail, whether chosen before or after it was queued', async () => {
    const [p, g, h] = [await producer(), await person(), await person()];
    await setPreferences(g, { emailDailyDigest: true });
    await booked(p, g, ['2027-07-12', '2027-07-12']);
    expect(await queuedFor(g)).toEqual([]);
    await booked(p, h, ['2027-07-12', '2027-07-12']);
    await setPreferences(h, { emailDailyDigest: true });
    expect(await newMailsTo(g)).toEqual([]);
    expect(await newMailsTo(h)).toEqual([]);
  });

  it('a notification type turned off on the site is mailed neither', async () => {
    const [p, g] = [await producer(), await person()];
    await setPreferences(p, { systemNotifications: false });
    const booking = await booked(p, g, ['2027-07-15', '2027-07-15']);
    await act(g, booking.id, 'accept');
    expect(await queuedFor(p)).toEqual([]);
    expect(await newMailsTo(p)).toEqual([]);
  });

  it('a suspended member gets none, also when suspended after it was queued', async () => {
    const [p, g] = [await producer(), await person()];
    await booked(p, g, ['2027-07-19', '2027-07-19']);
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, g.id));
    expect(await newMailsTo(g)).toEqual([]);
  });

  it('a test notification naming someone else’s booking mails nothing of it', async () => {
    const [p, g, snoop] = [await producer(), await person(), await person()];
    const booking = await booked(p, g, ['2027-07-22', '2027-07-23']);
    const res = await snoop.browser.request('POST', '/api/notifications/test', {
      body: { type: 'booking_request', title: 'Peek', message: 'Peek', data: { bookingId: booking.id } },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await newMailsTo(snoop)).toEqual([]);
  });

  it('a new message is not mailed one by one by notify()', async () => {
    const g = await person();
    await t.db.transaction((tx) => notify(tx, g.id, 'message', 'New message', 'Hi', { conversationId: 1 }));
    expect(await queuedFor(g)).toEqual([]);
  });
});

describe('dayRange', () => {
  it('writes the days as people do', () => {
    expect(dayRange('2027-12-03', '2027-12-05')).toBe('3–5 Dec');
    expect(dayRange('2027-12-03', '2027-12-03', true)).toBe('3 Dec 2027');
    expect(dayRange('2027-11-30', '2027-12-02')).toBe('30 Nov – 2 Dec');
    expect(dayRange('2027-12-30', '2028-01-02')).toBe('30 Dec 2027 – 2 Jan 2028');
  });
});
