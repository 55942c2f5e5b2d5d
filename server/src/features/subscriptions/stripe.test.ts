import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREMIUM_PAST_DUE_GRACE_DAYS } from '#common/premium';
import { SUBSCRIPTION_MESSAGES } from '#common/schemas/subscriptions';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { bookings, notifications, payments, subscriptions, webhookEvents } from '#server/db/schema/index.ts';
import { member, roleIdNamed } from '#server/features/notifications/test-support.ts';
import { createStripeProvider } from '#server/features/payments/provider.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { createTestApp, type TestApp, testEnvironment } from '../../../test/helpers.ts';
import { INVALID_SIGNATURE } from './routes.ts';

/**
 * Stripe switched on, offline: webhooks signed with the official library's test helper, and
 * Checkout created against a stand-in for api.stripe.com on loopback.
 */
const WEBHOOK_SECRET = 'whsec_crewbase_test_secret';
const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_crewbase', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };
const stripe = new Stripe('sk_test_crewbase');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(STRIPE_ENV);
});

const now = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;
let eventCounter = 0;

function subscriptionEvent(
  type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted',
  created: number,
  s: {
    id: string;
    userId: number;
    status: string;
    periodEnd: number;
    cancelAtPeriodEnd?: boolean;
    endedAt?: number;
  },
) {
  return {
    id: `evt_sub_${++eventCounter}`,
    object: 'event',
    type,
    created,
    data: {
      object: {
        id: s.id,
        object: 'subscription',
        status: s.status,
        cancel_at_period_end: s.cancelAtPeriodEnd ?? false,
        ended_at: s.endedAt ?? null,
        customer: 'cus_test_1',
        metadata: { userId: String(s.userId), plan: 'monthly' },
        items: {
          object: 'list',
          data: [
            { id: 'si_1', current_period_start: s.periodEnd - 30 * DAY, current_period_end: s.periodEnd },
          ],
        },
      },
    },
  };
}

function invoicePaidEvent(invoiceId: string, s: { id: string; userId: number }, amount = 1900, tax = 152) {
  return {
    id: `evt_inv_${++eventCounter}`,
    object: 'event',
    type: 'invoice.paid',
    created: now(),
    data: {
      object: {
        id: invoiceId,
        object: 'invoice',
        amount_paid: amount + tax,
        currency: 'usd',
        total_taxes: [{ amount: tax, tax_behavior: 'exclusive' }],
        parent: {
          type: 'subscription_details',
          subscription_details: {
            subscription: s.id,
            metadata: { userId: String(s.userId), plan: 'monthly' },
          },
        },
        lines: { object: 'list', data: [{ period: { start: now(), end: now() + 30 * DAY } }] },
      },
    },
  };
}

async function deliver(
  event: object,
  options: { secret?: string; timestamp?: number; app?: FastifyInstance; remoteAddress?: string } = {},
) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return (options.app ?? t.app).inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

const isSubscribed = async (m: Awaited<ReturnType<typeof member>>) =>
  (await m.browser.request('GET', '/api/auth/user')).json().isSubscribed as boolean;

describe('Stripe webhooks', () => {
  it('applies a correctly signed subscription and its paid invoice: Premium, a payment, a notification', async () => {
    const m = await member(t.db, t.app);
    const sub = { id: 'sub_correct', userId: m.id, status: 'active', periodEnd: now() + 30 * DAY };
    const created = await deliver(subscriptionEvent('customer.subscription.created', now(), sub));
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await isSubscribed(m)).toBe(true);
    expect((await m.browser.request('GET', '/api/subscription')).json()).toMatchObject({
      status: 'active',
      plan: 'monthly',
      provider: 'stripe',
      cancelAtPeriodEnd: false,
    });

    expect((await deliver(invoicePaidEvent('in_correct', sub))).json().outcome).toBe('applied');
    const [payment] = await t.db.select().from(payments).where(eq(payments.userId, m.id));
    expect(payment).toMatchObject({
      amount: 2052,
      taxAmount: 152,
      provider: 'stripe',
      providerPaymentId: 'in_correct',
    });
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, m.id), eq(notifications.type, 'payment_received')));
    expect(notice?.data).toEqual({ paymentId: payment?.id, amount: 20.52 });
  });

  it('refuses a wrong, missing or stale signature with 400 and writes nothing', async () => {
    const m = await member(t.db, t.app);
    const event = subscriptionEvent('customer.subscription.created', now(), {
      id: 'sub_forged',
      userId: m.id,
      status: 'active',
      periodEnd: now() + 30 * DAY,
    });
    const eventsBefore = await t.db.$count(webhookEvents);
    for (const res of [
      await deliver(event, { secret: 'whsec_someone_else' }),
      await deliver(event, { timestamp: now() - 301 }),
      await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(event),
      }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(INVALID_SIGNATURE);
    }
    expect(await t.db.$count(webhookEvents)).toBe(eventsBefore);
    expect(await t.db.$count(subscriptions, eq(subscriptions.userId, m.id))).toBe(0);
    expect(await isSubscribed(m)).toBe(false);
  });

  it('applies a replayed event once, and the same invoice under another event id once', async () => {
    const m = await member(t.db, t.app);
    const sub = { id: 'sub_replay', userId: m.id, status: 'active', periodEnd: now() + 30 * DAY };
    await deliver(subscriptionEvent('customer.subscription.created', now(), sub));
    const paid = invoicePaidEvent('in_replay', sub);
    expect((await deliver(paid)).json().outcome).toBe('applied');
    const replay = await deliver(paid);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().outcome).toBe('duplicate');
    expect((await deliver({ ...paid, id: 'evt_other_delivery' })).json().outcome).toBe('duplicate');
    expect(await t.db.$count(payments, eq(payments.userId, m.id))).toBe(1);
    expect(
      await t.db.$count(
        notifications,
        and(eq(notifications.userId, m.id), eq(notifications.type, 'payment_received')),
      ),
    ).toBe(1);
  });

  it('resolves events out of order by their time: an older state arriving late changes nothing', async () => {
    const m = await member(t.db, t.app);
    const start = now() - 100;
    const renewedUntil = now() + 60 * DAY;
    const sub = { id: 'sub_order', userId: m.id };
    // The newest state first (renewed, active), then an older one (past due) delivered late.
    await deliver(
      subscriptionEvent('customer.subscription.updated', start + 20, {
        ...sub,
        status: 'active',
        periodEnd: renewedUntil,
      }),
    );
    const late = await deliver(
      subscriptionEvent('customer.subscription.updated', start + 10, {
        ...sub,
        status: 'past_due',
        periodEnd: now() + DAY,
      }),
    );
    expect(late.json().outcome).toBe('ignored');
    const [row] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, 'sub_order'));
    expect(row?.status).toBe('active');
    expect(row?.currentPeriodEnd.getTime()).toBe(renewedUntil * 1000);
    expect(await isSubscribed(m)).toBe(true);

    // Cancelled at the period's end: still Premium until then. Deleted later: over.
    await deliver(
      subscriptionEvent('customer.subscription.updated', start + 30, {
        ...sub,
        status: 'active',
        periodEnd: renewedUntil,
        cancelAtPeriodEnd: true,
      }),
    );
    expect((await m.browser.request('GET', '/api/subscription')).json().cancelAtPeriodEnd).toBe(true);
    await deliver(
      subscriptionEvent('customer.subscription.deleted', start + 40, {
        ...sub,
        status: 'canceled',
        periodEnd: now() - 1,
      }),
    );
    expect(await isSubscribed(m)).toBe(false);
    expect((await m.browser.request('GET', '/api/subscription')).json().status).toBe('canceled');
  });

  it('makes nobody Premium with a first payment that never went through, or a subscription that ended', async () => {
    const periodEnd = now() + 365 * DAY;
    // A first payment that never succeeds: incomplete, then incomplete_expired. A year ahead, never Premium.
    const never = await member(t.db, t.app);
    const unpaid = { id: 'sub_never_paid', userId: never.id, periodEnd };
    await deliver(
      subscriptionEvent('customer.subscription.created', now() - 20, { ...unpaid, status: 'incomplete' }),
    );
    expect(await isSubscribed(never)).toBe(false);
    expect((await never.browser.request('GET', '/api/subscription')).json()).toMatchObject({
      status: 'none',
      premium: false,
    });
    await deliver(
      subscriptionEvent('customer.subscription.updated', now() - 10, {
        ...unpaid,
        status: 'incomplete_expired',
      }),
    );
    expect(await isSubscribed(never)).toBe(false);
    const refused = await never.browser.request('POST', '/api/subscription/cancel');
    expect(refused.statusCode).toBe(409);

    // "Cancel immediately" in Stripe: canceled, ended_at now, the period still running. Over at once.
    const ended = await member(t.db, t.app);
    const paid = { id: 'sub_cancel_now', userId: ended.id, periodEnd };
    await deliver(
      subscriptionEvent('customer.subscription.created', now() - 20, { ...paid, status: 'active' }),
    );
    expect(await isSubscribed(ended)).toBe(true);
    await deliver(
      subscriptionEvent('customer.subscription.deleted', now() - 10, {
        ...paid,
        status: 'canceled',
        endedAt: now() - 10,
      }),
    );
    expect(await isSubscribed(ended)).toBe(false);
    expect((await ended.browser.request('GET', '/api/subscription')).json()).toMatchObject({
      status: 'canceled',
      premium: false,
    });
    const [row] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, paid.id));
    expect(row?.endedAt?.getTime()).toBe((now() - 10) * 1000);

    // Ended by Stripe's ended_at even where the status still says active.
    const stale = await member(t.db, t.app);
    await deliver(
      subscriptionEvent('customer.subscription.created', now() - 20, {
        id: 'sub_ended_active',
        userId: stale.id,
        periodEnd,
        status: 'active',
        endedAt: now() - 5,
      }),
    );
    expect(await isSubscribed(stale)).toBe(false);
  });

  it('keeps Premium through a failed renewal for the grace period from when it became past due, then not', async () => {
    const periodEnd = now() + 30 * DAY;
    const recent = await member(t.db, t.app);
    const r = { id: 'sub_grace_recent', userId: recent.id, periodEnd };
    const pastDueAt = now() - DAY;
    await deliver(
      subscriptionEvent('customer.subscription.created', now() - 40 * DAY, { ...r, status: 'active' }),
    );
    await deliver(
      subscriptionEvent('customer.subscription.updated', pastDueAt, { ...r, status: 'past_due' }),
    );
    expect(await isSubscribed(recent)).toBe(true);
    expect((await recent.browser.request('GET', '/api/subscription')).json()).toMatchObject({
      status: 'past_due',
      premium: true,
    });
    // A later event that leaves it past due does not restart the grace.
    await deliver(
      subscriptionEvent('customer.subscription.updated', now() - 60, {
        ...r,
        status: 'past_due',
        cancelAtPeriodEnd: true,
      }),
    );
    const [row] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, r.id));
    expect(row?.statusSince.getTime()).toBe(pastDueAt * 1000);

    const overdue = await member(t.db, t.app);
    const o = { id: 'sub_grace_over', userId: overdue.id, periodEnd };
    await deliver(
      subscriptionEvent('customer.subscription.created', now() - 40 * DAY, { ...o, status: 'active' }),
    );
    await deliver(
      subscriptionEvent('customer.subscription.updated', now() - (PREMIUM_PAST_DUE_GRACE_DAYS * DAY + 60), {
        ...o,
        status: 'past_due',
      }),
    );
    expect(await isSubscribed(overdue)).toBe(false);
    expect((await overdue.browser.request('GET', '/api/subscription')).json()).toMatchObject({
      status: 'past_due',
      premium: false,
    });
    // Stripe gives up: unpaid is not Premium either.
    await deliver(subscriptionEvent('customer.subscription.updated', now() - 30, { ...r, status: 'unpaid' }));
    expect(await isSubscribed(recent)).toBe(false);
  });

  it.each([
    ['incomplete first', ['incomplete', 'active']],
    ['active first', ['active', 'incomplete']],
  ])(
    'orders two events of the same second by status (%s): a paying member stays active',
    async (_label, order) => {
      const m = await member(t.db, t.app);
      const second = now() - 30;
      const sub = { id: `sub_same_second_${order[0]}`, userId: m.id, periodEnd: now() + 30 * DAY };
      const [first, last] = order.map((status) =>
        subscriptionEvent(
          status === 'incomplete' ? 'customer.subscription.created' : 'customer.subscription.updated',
          second,
          { ...sub, status },
        ),
      );
      await deliver(first as object);
      await deliver(last as object);
      const [row] = await t.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.providerSubscriptionId, sub.id));
      expect(row?.status).toBe('active');
      expect(await isSubscribed(m)).toBe(true);
    },
  );

  it('has its own generous rate limit: more than 60 deliveries a minute from one address are not refused', async () => {
    const address = '10.77.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.write.max + 20; i++) {
      const event = {
        id: `evt_burst_${++eventCounter}`,
        object: 'event',
        type: 'customer.created',
        created: now(),
        data: { object: {} },
      };
      statuses.push((await deliver(event, { remoteAddress: address })).statusCode);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(RATE_LIMITS.webhook.max).toBeGreaterThan(RATE_LIMITS.write.max);
  });

  it('turns the demo checkout off (400) when Stripe takes payments', async () => {
    const m = await member(t.db, t.app);
    const res = await m.browser.request('POST', '/api/subscription/demo/complete', {
      body: { session: 'demo_x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(SUBSCRIPTION_MESSAGES.demoDisabled);
  });
});

describe('Stripe Checkout', () => {
  const seen: { path: string; form: URLSearchParams }[] = [];
  const standIn = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      seen.push({ path: request.url ?? '', form: new URLSearchParams(body) });
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          id: 'cs_test_standin',
          object: 'checkout.session',
          url: 'https://checkout.stripe.com/c/pay/cs_test_standin',
        }),
      );
    });
  });
  let app: FastifyInstance;

  beforeAll(async () => {
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    const { port } = standIn.address() as AddressInfo;
    const config = loadConfig({
      ...testEnvironment(t.config),
      ...STRIPE_ENV,
      PUBLIC_URL: 'https://crewbase.example',
    });
    const client = new Stripe('sk_test_crewbase', {
      host: '127.0.0.1',
      port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    app = await buildApp({
      config,
      databaseUrl: t.url,
      logger: false,
      paymentProvider: createStripeProvider(client, config.publicUrl),
    });
  });
  afterAll(async () => {
    await app?.close();
    standIn.close();
  });

  it('creates a subscription Checkout Session priced from common/, with the member on its metadata', async () => {
    const m = await member(t.db, app);
    const res = await m.browser.request('POST', '/api/subscription/checkout', { body: { plan: 'yearly' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_standin' });
    const [call] = seen;
    expect(call?.path).toBe('/v1/checkout/sessions');
    const form = call?.form as URLSearchParams;
    expect(form.get('mode')).toBe('subscription');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('19000');
    expect(form.get('line_items[0][price_data][recurring][interval]')).toBe('year');
    expect(form.get('subscription_data[metadata][userId]')).toBe(String(m.id));
    expect(form.get('subscription_data[metadata][plan]')).toBe('yearly');
    expect(form.get('success_url')).toBe(
      'https://crewbase.example/subscription/success?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(form.get('cancel_url')).toBe('https://crewbase.example/subscription/cancel');
    // Not Premium until Stripe says the subscription exists.
    expect((await m.browser.request('GET', '/api/auth/user')).json().isSubscribed).toBe(false);
  });

  it('pays a booking through a one-off Checkout; the signed checkout.session.completed settles it once', async () => {
    const [producer, gaffer] = [await member(t.db, app, { premium: true }), await member(t.db, app)];
    const created = await producer.browser.request('POST', '/api/bookings', {
      body: {
        crewId: gaffer.id,
        roleId: await roleIdNamed(app, 'Gaffer'),
        startDate: '2027-05-03',
        endDate: '2027-05-04',
        rate: 70000,
        currency: 'usd',
      },
    });
    const bookingId = created.json().id as number;
    await gaffer.browser.request('POST', `/api/bookings/${bookingId}/accept`, { body: {} });
    seen.length = 0;
    const pay = await producer.browser.request('POST', `/api/bookings/${bookingId}/pay`);
    expect(pay.json()).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_standin' });
    const form = seen[0]?.form as URLSearchParams;
    expect(form.get('mode')).toBe('payment');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('140000');
    expect(form.get('metadata[kind]')).toBe('booking');
    expect(form.get('metadata[bookingId]')).toBe(String(bookingId));
    expect(form.get('success_url')).toBe(`https://crewbase.example/bookings/${bookingId}?paid=1`);
    // Nothing is paid until Stripe says so.
    expect(await t.db.$count(payments, eq(payments.payeeId, gaffer.id))).toBe(0);

    const completed = {
      id: `evt_cs_${++eventCounter}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: now(),
      data: {
        object: {
          id: 'cs_test_standin',
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          payment_intent: `pi_booking_${bookingId}`,
          metadata: { kind: 'booking', bookingId: String(bookingId) },
        },
      },
    };
    expect((await deliver(completed)).json()).toEqual({ received: true, outcome: 'applied' });
    // The same charge under another event id (Stripe may send it again) is recorded once.
    expect((await deliver({ ...completed, id: `evt_cs_${++eventCounter}` })).json().outcome).toBe(
      'duplicate',
    );
    const [payment] = await t.db.select().from(payments).where(eq(payments.payeeId, gaffer.id));
    expect(payment).toMatchObject({
      userId: producer.id,
      kind: 'booking',
      amount: 140000,
      provider: 'stripe',
      providerPaymentId: `pi_booking_${bookingId}`,
    });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.paidAt).not.toBeNull();
    expect(
      await t.db.$count(
        notifications,
        and(eq(notifications.userId, gaffer.id), eq(notifications.type, 'payment_received')),
      ),
    ).toBe(1);
  });
});
