import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPremium } from '#common/policies/premium';
import { addInterval, PREMIUM_PAST_DUE_GRACE_DAYS, PREMIUM_PLANS, PREMIUM_REQUIRED } from '#common/premium';
import { SUBSCRIPTION_MESSAGES } from '#common/schemas/subscriptions';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { checkoutSessions, notifications, payments, subscriptions } from '#server/db/schema/index.ts';
import { member } from '#server/features/notifications/test-support.ts';
import { createDemoProvider, type PaymentProvider } from '#server/features/payments/provider.ts';
import { createTestApp, type TestApp, testEnvironment } from '../../../test/helpers.ts';
import { settleDemoSubscriptions } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const newMember = () => member(t.db, t.app);
type Member = Awaited<ReturnType<typeof newMember>>;

async function isSubscribed(m: Member): Promise<boolean> {
  return (await m.browser.request('GET', '/api/auth/user')).json().isSubscribed;
}

/** Free → checkout → the demo page's session → completed: what the demo checkout page does. */
async function becomePremium(m: Member, plan: 'monthly' | 'yearly' = 'monthly') {
  const checkout = await m.browser.request('POST', '/api/subscription/checkout', { body: { plan } });
  expect(checkout.statusCode).toBe(200);
  const url = new URL(checkout.json().url, 'http://localhost');
  expect(url.pathname).toBe('/subscription/demo-checkout');
  const session = url.searchParams.get('session') as string;
  const completed = await m.browser.request('POST', '/api/subscription/demo/complete', { body: { session } });
  expect(completed.statusCode).toBe(200);
  return { session, status: completed.json() };
}

/** Moves a member's subscription period so it ended a moment ago. */
async function endPeriod(userId: number) {
  await t.db
    .update(subscriptions)
    .set({ currentPeriodEnd: sql`now() - interval '1 second'` })
    .where(eq(subscriptions.userId, userId));
}

describe('addInterval', () => {
  it('keeps the day of the month where the next month has it', () => {
    expect(addInterval(new Date('2026-01-31T09:00:00Z'), 'month').toISOString()).toBe(
      '2026-02-28T09:00:00.000Z',
    );
    expect(addInterval(new Date('2026-03-15T09:00:00Z'), 'month').toISOString()).toBe(
      '2026-04-15T09:00:00.000Z',
    );
    expect(addInterval(new Date('2028-02-29T09:00:00Z'), 'year').toISOString()).toBe(
      '2029-02-28T09:00:00.000Z',
    );
    expect(addInterval(new Date('2026-12-10T09:00:00Z'), 'month').toISOString()).toBe(
      '2027-01-10T09:00:00.000Z',
    );
  });
});

describe('Premium through the demo checkout', () => {
  it('lists one plan at two prices, from common/', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/subscription/plans' });
    expect(res.json()).toEqual({
      plans: [
        { id: 'monthly', amount: 1900, currency: 'usd', interval: 'month' },
        { id: 'yearly', amount: 19000, currency: 'usd', interval: 'year' },
      ],
    });
  });

  it('free → checkout → complete → Premium → cancel → Premium until the period ends → free', async () => {
    const m = await newMember();
    expect(await isSubscribed(m)).toBe(false);
    expect((await m.browser.request('GET', '/api/subscription')).json()).toEqual({
      status: 'none',
      premium: false,
      plan: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      provider: 'demo',
    });

    const checkout = await m.browser.request('POST', '/api/subscription/checkout', {
      body: { plan: 'monthly' },
    });
    const session = new URL(checkout.json().url, 'http://localhost').searchParams.get('session') as string;
    const page = await m.browser.request(
      'GET',
      `/api/subscription/demo/sessions/${encodeURIComponent(session)}`,
    );
    expect(page.json()).toEqual({
      session,
      plan: { id: 'monthly', amount: 1900, currency: 'usd', interval: 'month' },
      completed: false,
    });
    // Not Premium until the checkout is completed.
    expect(await isSubscribed(m)).toBe(false);

    const before = Date.now();
    const done = await m.browser.request('POST', '/api/subscription/demo/complete', { body: { session } });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'active', plan: 'monthly', cancelAtPeriodEnd: false });
    const [started] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, m.id));
    expect(started?.currentPeriodStart.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(done.json().currentPeriodEnd).toBe(
      addInterval(started?.currentPeriodStart as Date, 'month').toISOString(),
    );
    expect(await isSubscribed(m)).toBe(true);

    // The charge: one payment, in the same transaction, and its payment_received notification.
    const [payment] = await t.db.select().from(payments).where(eq(payments.userId, m.id));
    expect(payment).toMatchObject({ amount: 1900, currency: 'usd', provider: 'demo', kind: 'subscription' });
    expect(payment?.invoiceNumber).toMatch(/^CB-\d{6}$/);
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, m.id), eq(notifications.type, 'payment_received')));
    expect(notice?.data).toEqual({ paymentId: payment?.id, amount: 19 });
    // Issue 30: a demo payment never passes for money.
    expect(notice?.message).toBe(
      'Demo payment: no money moved. You recorded $19.00 for CrewBase Premium, monthly.',
    );

    // Cancel: still Premium for the period paid for.
    const cancelled = await m.browser.request('POST', '/api/subscription/cancel');
    expect(cancelled.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(await isSubscribed(m)).toBe(true);
    // Resume and cancel again: both answer the new state.
    expect((await m.browser.request('POST', '/api/subscription/resume')).json().cancelAtPeriodEnd).toBe(
      false,
    );
    expect((await m.browser.request('POST', '/api/subscription/cancel')).json().cancelAtPeriodEnd).toBe(true);

    // The period ends: not renewed, not Premium, no second charge.
    await endPeriod(m.id);
    expect(await isSubscribed(m)).toBe(false);
    expect((await m.browser.request('GET', '/api/subscription')).json()).toMatchObject({
      status: 'canceled',
      cancelAtPeriodEnd: false,
    });
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, m.id));
    expect(row?.status).toBe('canceled');
    expect(await t.db.$count(payments, eq(payments.userId, m.id))).toBe(1);
  });

  it('shows the Premium badge on the public profile at once, though public profiles are cached', async () => {
    const m = await newMember();
    const visitor = () =>
      t.app.inject({ method: 'GET', url: `/api/users/${m.id}`, remoteAddress: '10.66.0.1' });
    expect((await visitor()).json().isSubscribed).toBe(false);
    await becomePremium(m);
    expect((await visitor()).json().isSubscribed).toBe(true);
  });

  it('renews a demo subscription that was not cancelled: a new period and a second charge', async () => {
    const m = await newMember();
    await becomePremium(m, 'yearly');
    await endPeriod(m.id);
    await settleDemoSubscriptions({ db: t.db, provider: createDemoProvider() }, new Date(), m.id);
    expect(await isSubscribed(m)).toBe(true);
    const charged = await t.db.select().from(payments).where(eq(payments.userId, m.id)).orderBy(payments.id);
    expect(charged.map((p) => p.amount)).toEqual([PREMIUM_PLANS.yearly.amount, PREMIUM_PLANS.yearly.amount]);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, m.id));
    expect(charged[1]?.periodStart?.getTime()).toBe(row?.currentPeriodStart.getTime());
    expect(row?.currentPeriodEnd.getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);
  });

  it('uses a checkout once (409), knows no other session (404), and is not another member’s to complete', async () => {
    const m = await newMember();
    const { session } = await becomePremium(m);
    const again = await m.browser.request('POST', '/api/subscription/demo/complete', { body: { session } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(SUBSCRIPTION_MESSAGES.sessionUsed);

    const unknown = await m.browser.request('POST', '/api/subscription/demo/complete', {
      body: { session: 'demo_nope' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(SUBSCRIPTION_MESSAGES.sessionNotFound);

    const other = await newMember();
    const theirs = await other.browser.request('POST', '/api/subscription/checkout', {
      body: { plan: 'monthly' },
    });
    const theirSession = new URL(theirs.json().url, 'http://localhost').searchParams.get('session') as string;
    const stolen = await m.browser.request('POST', '/api/subscription/demo/complete', {
      body: { session: theirSession },
    });
    expect(stolen.statusCode).toBe(404);
    expect(await isSubscribed(other)).toBe(false);
    expect(await t.db.$count(payments, eq(payments.userId, other.id))).toBe(0);
  });

  it('refuses a second checkout while Premium, and bad input with clear 4xx messages', async () => {
    const m = await newMember();
    await becomePremium(m);
    const twice = await m.browser.request('POST', '/api/subscription/checkout', { body: { plan: 'yearly' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(SUBSCRIPTION_MESSAGES.alreadyPremium);

    const free = await newMember();
    const badPlan = await free.browser.request('POST', '/api/subscription/checkout', {
      body: { plan: 'weekly' },
    });
    expect(badPlan.statusCode).toBe(400);
    expect(badPlan.json().error.message).toBe('Choose the monthly or the yearly plan');
    const nothing = await free.browser.request('POST', '/api/subscription/cancel');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error.message).toBe(SUBSCRIPTION_MESSAGES.nothingToCancel);
    expect((await free.browser.request('POST', '/api/subscription/resume')).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: '/api/subscription' })).statusCode).toBe(401);
    expect(await t.db.$count(subscriptions, eq(subscriptions.userId, free.id))).toBe(0);
  });

  it('gates Premium search filters and older reviews with a 403 naming Premium, and opens them after upgrading', async () => {
    const m = await newMember();
    const filters = '/api/search?q=gaffer&minRating=4';
    const refused = await m.browser.request('GET', filters);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(PREMIUM_REQUIRED.searchFilters);
    const subject = await newMember();
    const olderReviews = await m.browser.request('GET', `/api/users/${subject.id}/reviews?page=2`);
    expect(olderReviews.statusCode).toBe(403);
    expect(olderReviews.json().error.message).toBe(PREMIUM_REQUIRED.allReviews);

    await becomePremium(m);
    expect((await m.browser.request('GET', filters)).statusCode).toBe(200);
    expect((await m.browser.request('GET', `/api/users/${subject.id}/reviews?page=2`)).statusCode).toBe(200);
  });
});

describe('Premium is only a paid subscription (issue 30)', () => {
  const HOUR = 3_600_000;
  const at = (hours: number) => new Date(Date.now() + hours * HOUR);
  const grace = PREMIUM_PAST_DUE_GRACE_DAYS * 24;

  it.each([
    ['active', 24, null, -24],
    ['trialing', 24, null, -24],
    ['active', -1, null, -24],
    ['active', 24, -1, -24],
    ['active', 24, 12, -24],
    ['past_due', 24, null, -1],
    ['past_due', 24, null, -grace - 1],
    ['past_due', -1, null, -1],
    ['canceled', 24 * 300, null, -1],
    ['incomplete', 24 * 300, null, -1],
    ['unpaid', 24, null, -1],
    ['paused', 24, null, -1],
  ] as const)(
    'isPremiumSql says what isPremium says: %s, period end %dh, ended %sh, status since %dh',
    async (status, periodEnd, ended, since) => {
      const m = await newMember();
      const facts = {
        status,
        currentPeriodEnd: at(periodEnd),
        endedAt: ended === null ? null : at(ended),
        statusSince: at(since),
      };
      await t.db
        .insert(subscriptions)
        .values({ userId: m.id, plan: 'monthly', provider: 'stripe', ...facts });
      expect(await isSubscribed(m)).toBe(isPremium(facts));
      expect((await m.browser.request('GET', '/api/subscription')).json().premium).toBe(isPremium(facts));
    },
  );

  it('lets a member whose subscription ended (canceled, its old period still ahead) subscribe again', async () => {
    const m = await newMember();
    await t.db.insert(subscriptions).values({
      userId: m.id,
      plan: 'yearly',
      status: 'canceled',
      provider: 'demo',
      currentPeriodEnd: at(24 * 200),
    });
    expect(await isSubscribed(m)).toBe(false);
    await becomePremium(m);
    expect(await isSubscribed(m)).toBe(true);
  });
});

describe('one live subscription per member (issue 30)', () => {
  const sessionOf = (url: string) => new URL(url, 'http://localhost').searchParams.get('session') as string;

  it('reuses the open checkout of the same plan, and expires it for the other plan', async () => {
    const m = await newMember();
    const start = (plan: string) =>
      m.browser.request('POST', '/api/subscription/checkout', { body: { plan } });
    const first = (await start('monthly')).json().url as string;
    expect((await start('monthly')).json().url).toBe(first);
    expect(await t.db.$count(checkoutSessions, eq(checkoutSessions.userId, m.id))).toBe(1);

    const yearly = (await start('yearly')).json().url as string;
    expect(yearly).not.toBe(first);
    const stale = await m.browser.request('POST', '/api/subscription/demo/complete', {
      body: { session: sessionOf(first) },
    });
    expect(stale.statusCode).toBe(410);
    expect(
      (
        await m.browser.request('POST', '/api/subscription/demo/complete', {
          body: { session: sessionOf(yearly) },
        })
      ).json(),
    ).toMatchObject({ status: 'active', plan: 'yearly', premium: true });
  });

  it('ends two demo completions of two checkouts raced at once with one subscription and one charge', async () => {
    for (let round = 0; round < 5; round++) {
      const m = await newMember();
      const sessions = [`demo_race_${m.id}_a`, `demo_race_${m.id}_b`];
      // Two checkouts open at once (started before reuse existed, or from two tabs at the same instant).
      await t.db.insert(checkoutSessions).values(
        sessions.map((id) => ({
          id,
          userId: m.id,
          plan: 'monthly' as const,
          provider: 'demo' as const,
          expiresAt: new Date(Date.now() + 3_600_000),
        })),
      );
      const answers = await Promise.all(
        sessions.map((session) =>
          m.browser.request('POST', '/api/subscription/demo/complete', { body: { session } }),
        ),
      );
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      expect(await t.db.$count(subscriptions, eq(subscriptions.userId, m.id))).toBe(1);
      expect(await t.db.$count(payments, eq(payments.userId, m.id))).toBe(1);
    }
  });

  it('cancels and resumes the live subscription, not merely the newest row', async () => {
    const m = await newMember();
    await becomePremium(m);
    // A newer row that is not live: a Stripe checkout whose first payment never went through.
    await t.db.insert(subscriptions).values({
      userId: m.id,
      plan: 'yearly',
      status: 'incomplete',
      provider: 'stripe',
      currentPeriodEnd: new Date(Date.now() + 365 * 86_400_000),
      createdAt: sql`now() + interval '1 minute'`,
    });
    const cancelled = await m.browser.request('POST', '/api/subscription/cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'active', plan: 'monthly', cancelAtPeriodEnd: true });
    expect((await m.browser.request('GET', '/api/subscription')).json()).toMatchObject({
      plan: 'monthly',
      cancelAtPeriodEnd: true,
      premium: true,
    });
    expect((await m.browser.request('POST', '/api/subscription/resume')).json().cancelAtPeriodEnd).toBe(
      false,
    );
  });

  it('tells the provider about a cancellation with no database transaction open', async () => {
    const seen: number[] = [];
    const demo = createDemoProvider();
    const provider: PaymentProvider = {
      ...demo,
      async setCancelAtPeriodEnd() {
        // A transaction waiting on the provider shows as "idle in transaction" (holding its locks).
        const { rows } = await t.db.execute<{ open: number }>(
          sql`select count(*)::int as open from pg_stat_activity
              where datname = current_database() and state like 'idle in transaction%'`,
        );
        seen.push(Number(rows[0]?.open));
      },
    };
    const app = await buildApp({
      config: loadConfig(testEnvironment(t.config)),
      databaseUrl: t.url,
      logger: false,
      mailWorker: false,
      paymentProvider: provider,
    });
    try {
      const m = await member(t.db, app, { premium: true });
      expect((await m.browser.request('POST', '/api/subscription/cancel')).statusCode).toBe(200);
      expect((await m.browser.request('POST', '/api/subscription/resume')).statusCode).toBe(200);
      expect(seen).toEqual([0, 0]);
    } finally {
      await app.close();
    }
  });
});
