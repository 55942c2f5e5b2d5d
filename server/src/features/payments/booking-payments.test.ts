import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PDFParse } from 'pdf-parse';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_LIMITS, BOOKING_MESSAGES, bookingReference } from '#common/schemas/bookings';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { bookings, notifications, payments, teams, users } from '#server/db/schema/index.ts';
import { settleBookingPayment } from '#server/features/bookings/index.ts';
import { member, roleIdNamed } from '#server/features/notifications/test-support.ts';
import { createTestApp, type TestApp, testEnvironment } from '../../../test/helpers.ts';
import { createStripeProvider, type PaymentProvider } from './provider.ts';
import { refundDuePayments } from './service.ts';

/**
 * Issue 30, booking payments: one open checkout per booking, money that arrives late is recorded
 * and given back, the largest booking fits, invoices are snapshots, demo payments say so. Stripe
 * runs offline: webhooks signed with the library's test helper, its API a stand-in on loopback
 * that counts every call.
 */
const WEBHOOK_SECRET = 'whsec_crewbase_booking_payments';
const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_crewbase', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };
const signer = new Stripe('sk_test_crewbase');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

type Member = Awaited<ReturnType<typeof member>>;
/** The display name test-support gives each member. */
const nameOf = (m: Member) => `Member ${m.username}`;

/** A booking the crew member accepted: `rate` cents a day over `days`. */
async function acceptedBooking(
  app: FastifyInstance,
  days: [string, string] = ['2027-06-07', '2027-06-08'],
  rate = 80000,
): Promise<{ producer: Member; gaffer: Member; id: number }> {
  const [producer, gaffer] = [await member(t.db, app, { premium: true }), await member(t.db, app)];
  const created = await producer.browser.request('POST', '/api/bookings', {
    body: {
      crewId: gaffer.id,
      roleId: await roleIdNamed(app, 'Gaffer'),
      startDate: days[0],
      endDate: days[1],
      rate,
      currency: 'usd',
    },
  });
  expect(created.statusCode).toBe(201);
  const id = created.json().id as number;
  expect((await gaffer.browser.request('POST', `/api/bookings/${id}/accept`, { body: {} })).statusCode).toBe(
    200,
  );
  return { producer, gaffer, id };
}

const noticesOf = (userId: number) =>
  t.db
    .select({ title: notifications.title, message: notifications.message, data: notifications.data })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'payment_received')))
    .orderBy(notifications.id);

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('booking payments with Stripe', () => {
  const calls: { method: string; path: string; form: URLSearchParams; idempotencyKey?: string }[] = [];
  let sessions = 0;
  const standIn = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const path = request.url ?? '';
      const key = request.headers['idempotency-key'];
      calls.push({
        method: request.method ?? '',
        path,
        form: new URLSearchParams(body),
        ...(typeof key === 'string' ? { idempotencyKey: key } : {}),
      });
      response.setHeader('content-type', 'application/json');
      if (path === '/v1/checkout/sessions') {
        sessions += 1;
        const id = `cs_test_booking_${sessions}`;
        const expires = Number(new URLSearchParams(body).get('expires_at'));
        response.end(
          JSON.stringify({
            id,
            object: 'checkout.session',
            url: `https://checkout.stripe.com/c/pay/${id}`,
            expires_at: expires,
          }),
        );
      } else if (path.endsWith('/expire')) {
        response.end(
          JSON.stringify({ id: path.split('/')[4], object: 'checkout.session', status: 'expired' }),
        );
      } else if (path === '/v1/refunds') {
        response.end(JSON.stringify({ id: `re_${calls.length}`, object: 'refund', status: 'succeeded' }));
      } else {
        response.statusCode = 404;
        response.end(JSON.stringify({ error: { message: 'not here' } }));
      }
    });
  });
  let app: FastifyInstance;
  let provider: PaymentProvider;
  let eventCounter = 0;

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
    provider = createStripeProvider(client, config.publicUrl);
    app = await buildApp({ config, databaseUrl: t.url, logger: false, paymentProvider: provider });
  });
  afterAll(async () => {
    await app?.close();
    standIn.close();
  });

  const callsTo = (path: string) => calls.filter((call) => call.path === path);

  function completed(bookingId: number, paymentIntent: string) {
    return {
      id: `evt_booking_${++eventCounter}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `cs_for_${paymentIntent}`,
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          payment_intent: paymentIntent,
          metadata: { kind: 'booking', bookingId: String(bookingId) },
        },
      },
    };
  }

  async function deliver(event: object) {
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(res.statusCode).toBe(200);
    return res.json().outcome as string;
  }

  it('POST /pay twice reuses the one open checkout: one Checkout Session, the same page', async () => {
    const { producer, id } = await acceptedBooking(app);
    calls.length = 0;
    const first = await producer.browser.request('POST', `/api/bookings/${id}/pay`);
    const second = await producer.browser.request('POST', `/api/bookings/${id}/pay`);
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(callsTo('/v1/checkout/sessions')).toHaveLength(1);
    const expiresAt = Number(callsTo('/v1/checkout/sessions')[0]?.form.get('expires_at'));
    // Short: the booking cannot be cancelled while it is open.
    expect(expiresAt * 1000 - Date.now()).toBeLessThanOrEqual(36 * 60_000);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ checkoutUrl: first.json().url, checkoutId: expect.stringMatching(/^cs_/) });
    expect((await producer.browser.request('GET', `/api/bookings/${id}`)).json().paymentPendingUntil).toBe(
      row?.checkoutExpiresAt?.toISOString(),
    );
  });

  it('refuses, with a clear 409 and no Checkout Session, a total over what Stripe takes in one charge', async () => {
    const { producer, id } = await acceptedBooking(app, ['2027-10-04', '2027-10-13'], BOOKING_LIMITS.rateMax);
    calls.length = 0;
    const res = await producer.browser.request('POST', `/api/bookings/${id}/pay`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(BOOKING_MESSAGES.overChargeLimit);
    expect(callsTo('/v1/checkout/sessions')).toHaveLength(0);
  });

  it('refuses to cancel a booking while its payment is pending (409), and allows it once the checkout expired', async () => {
    const { producer, gaffer, id } = await acceptedBooking(app, ['2027-06-14', '2027-06-14']);
    await producer.browser.request('POST', `/api/bookings/${id}/pay`);
    for (const who of [producer, gaffer]) {
      const res = await who.browser.request('POST', `/api/bookings/${id}/cancel`);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(BOOKING_MESSAGES.paymentPending);
    }
    await t.db
      .update(bookings)
      .set({ checkoutExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, id));
    const cancelled = await gaffer.browser.request('POST', `/api/bookings/${id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
  });

  it('starts a new checkout once the old one is about to expire', async () => {
    const { producer, id } = await acceptedBooking(app, ['2027-06-21', '2027-06-21']);
    const first = (await producer.browser.request('POST', `/api/bookings/${id}/pay`)).json().url;
    await t.db
      .update(bookings)
      .set({ checkoutExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(bookings.id, id));
    calls.length = 0;
    const second = (await producer.browser.request('POST', `/api/bookings/${id}/pay`)).json().url;
    expect(second).not.toBe(first);
    expect(callsTo('/v1/checkout/sessions')).toHaveLength(1);
  });

  it('records money that arrives for a cancelled booking, due a refund, tells both; the sweep refunds it once', async () => {
    const { producer, gaffer, id } = await acceptedBooking(app, ['2027-07-05', '2027-07-06']);
    expect((await producer.browser.request('POST', `/api/bookings/${id}/cancel`)).statusCode).toBe(200);
    const late = completed(id, `pi_late_${id}`);
    expect(await deliver(late)).toBe('applied');
    const [payment] = await t.db.select().from(payments).where(eq(payments.payeeId, gaffer.id));
    expect(payment).toMatchObject({
      userId: producer.id,
      amount: 160000,
      provider: 'stripe',
      providerPaymentId: `pi_late_${id}`,
      refundStatus: 'due',
      refundedAt: null,
    });
    // The booking stays cancelled and unpaid.
    expect((await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]).toMatchObject({
      status: 'cancelled',
      paidAt: null,
    });
    expect((await noticesOf(gaffer.id)).map((n) => n.message)).toEqual([
      `${nameOf(producer)}'s payment of $1,600.00 for Gaffer, ${nameOf(gaffer)}: 2 days at $800.00 arrived after the booking was cancelled: it will be refunded to them.`,
    ]);
    expect((await noticesOf(producer.id)).map((n) => [n.title, n.message])).toEqual([
      [
        'Payment to be refunded',
        `Your payment of $1,600.00 for Gaffer, ${nameOf(gaffer)}: 2 days at $800.00 arrived after the booking was cancelled: it will be refunded to you.`,
      ],
    ]);

    // The genuine replay (the same payment intent under another event id) records nothing twice.
    expect(await deliver({ ...late, id: `evt_booking_${++eventCounter}` })).toBe('duplicate');
    expect(await t.db.$count(payments, eq(payments.payeeId, gaffer.id))).toBe(1);
    expect(await noticesOf(gaffer.id)).toHaveLength(1);

    calls.length = 0;
    expect(await refundDuePayments(t.db, provider)).toBeGreaterThanOrEqual(1);
    const refunds = callsTo('/v1/refunds').filter(
      (call) => call.form.get('payment_intent') === `pi_late_${id}`,
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.idempotencyKey).toBe(`refund-payment-${payment?.id}`);
    const [after] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, payment?.id ?? 0));
    expect(after).toMatchObject({ refundStatus: 'refunded', refundedAt: expect.any(Date) });
    // Refunded once: the next sweep finds nothing due.
    calls.length = 0;
    expect(await refundDuePayments(t.db, provider)).toBe(0);
    expect(callsTo('/v1/refunds')).toHaveLength(0);
    const invoice = await producer.browser.request('GET', `/api/payments/${payment?.id}/invoice`);
    expect(await pdfText(invoice.rawPayload)).toContain('Refunded');
  });

  it('records a second charge for a booking paid already, due a refund; the first stays its payment', async () => {
    const { producer, gaffer, id } = await acceptedBooking(app, ['2027-07-12', '2027-07-12']);
    expect(await deliver(completed(id, `pi_first_${id}`))).toBe('applied');
    expect(await deliver(completed(id, `pi_second_${id}`))).toBe('applied');
    const rows = await t.db
      .select({ intent: payments.providerPaymentId, refund: payments.refundStatus })
      .from(payments)
      .where(eq(payments.payeeId, gaffer.id))
      .orderBy(payments.id);
    expect(rows).toEqual([
      { intent: `pi_first_${id}`, refund: null },
      { intent: `pi_second_${id}`, refund: 'due' },
    ]);
    expect((await noticesOf(producer.id)).map((n) => n.message)).toEqual([
      `Thank you: your payment of $800.00 for Gaffer, ${nameOf(gaffer)}: 1 day at $800.00 went through.`,
      `Your payment of $800.00 for Gaffer, ${nameOf(gaffer)}: 1 day at $800.00 arrived after the booking was paid already: it will be refunded to you.`,
    ]);
    expect((await noticesOf(gaffer.id))[0]?.message).toBe(
      `You were paid $800.00 for Gaffer, ${nameOf(gaffer)}: 1 day at $800.00.`,
    );
    const booking = (await producer.browser.request('GET', `/api/bookings/${id}`)).json();
    expect(booking).toMatchObject({ paidWith: 'stripe', paymentPendingUntil: null });
  });
});

describe('booking payments with the demo provider', () => {
  it('says "demo payment" where no money moved, to both sides, never "You were paid"', async () => {
    const { producer, gaffer, id } = await acceptedBooking(t.app, ['2027-08-02', '2027-08-02']);
    const paid = await producer.browser.request('POST', `/api/bookings/${id}/pay`);
    expect(paid.statusCode).toBe(200);
    const line = `Gaffer, ${nameOf(gaffer)}: 1 day at $800.00`;
    expect(await noticesOf(gaffer.id)).toEqual([
      {
        title: 'Demo payment recorded',
        message: `Demo payment: no money moved. ${nameOf(producer)} recorded $800.00 for ${line}.`,
        data: { paymentId: paid.json().paymentId, amount: 800 },
      },
    ]);
    expect((await noticesOf(producer.id)).map((n) => n.message)).toEqual([
      `Demo payment: no money moved. You recorded $800.00 for ${line}.`,
    ]);
    expect((await producer.browser.request('GET', `/api/bookings/${id}`)).json().paidWith).toBe('demo');
  });

  it('refunds at once a demo payment that arrives for a cancelled booking: recorded, refunded, both told', async () => {
    const { producer, gaffer, id } = await acceptedBooking(t.app, ['2027-08-09', '2027-08-09']);
    await gaffer.browser.request('POST', `/api/bookings/${id}/cancel`);
    const paymentId = await t.db.transaction((tx) =>
      settleBookingPayment(tx, id, { provider: 'demo', providerPaymentId: `demo_late_${id}` }),
    );
    expect(paymentId).not.toBeNull();
    const [row] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, paymentId ?? 0));
    expect(row).toMatchObject({ refundStatus: 'refunded', refundedAt: expect.any(Date), provider: 'demo' });
    expect((await noticesOf(producer.id)).map((n) => n.message)).toEqual([
      `Demo payment: no money moved. You recorded $800.00 for Gaffer, ${nameOf(gaffer)}: 1 day at $800.00 after the booking was cancelled, so it was refunded at once.`,
    ]);
    expect((await noticesOf(gaffer.id))[0]?.title).toBe('Demo payment refunded');
    expect((await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]?.paidAt).toBeNull();
    // The same demo charge again records nothing.
    expect(
      await t.db.transaction((tx) =>
        settleBookingPayment(tx, id, { provider: 'demo', providerPaymentId: `demo_late_${id}` }),
      ),
    ).toBeNull();
  });

  it('pays the largest booking the schema allows, at the exact amount; one cent more a day is a 400', async () => {
    const days: [string, string] = ['2027-01-01', '2028-01-01'];
    const max = BOOKING_LIMITS.rateMax;
    const { producer, gaffer, id } = await acceptedBooking(t.app, days, max);
    const total = max * BOOKING_LIMITS.maxDays;
    expect(total).toBeGreaterThan(2_147_483_647);
    expect((await producer.browser.request('GET', `/api/bookings/${id}`)).json()).toMatchObject({
      days: BOOKING_LIMITS.maxDays,
      total,
    });
    const paid = await producer.browser.request('POST', `/api/bookings/${id}/pay`);
    expect(paid.statusCode).toBe(200);
    const payment = (await producer.browser.request('GET', `/api/payments/${paid.json().paymentId}`)).json();
    expect(payment.amount).toBe(total);
    const invoice = await gaffer.browser.request('GET', `/api/payments/${payment.id}/invoice`);
    expect(await pdfText(invoice.rawPayload)).toContain('$36,600,000.00');
    expect((await noticesOf(gaffer.id))[0]?.data).toEqual({ paymentId: payment.id, amount: total / 100 });

    const tooMuch = await producer.browser.request('POST', '/api/bookings', {
      body: {
        crewId: gaffer.id,
        roleId: await roleIdNamed(t.app, 'Gaffer'),
        startDate: days[0],
        endDate: days[1],
        rate: max + 1,
        currency: 'usd',
      },
    });
    expect(tooMuch.statusCode).toBe(400);
  });

  it('keeps the invoice as issued: renaming the members and the team later changes nothing; no e-mail on it', async () => {
    const { producer, gaffer, id } = await acceptedBooking(t.app, ['2027-09-06', '2027-09-07']);
    const [team] = await t.db
      .insert(teams)
      .values({ ownerId: producer.id, name: 'Night Harbor (feature)' })
      .returning({ id: teams.id });
    await t.db
      .update(bookings)
      .set({ teamId: team?.id ?? null })
      .where(eq(bookings.id, id));
    await t.db.update(users).set({ location: 'Atlanta, GA' }).where(eq(users.id, producer.id));
    const { paymentId } = (await producer.browser.request('POST', `/api/bookings/${id}/pay`)).json();
    const before = {
      api: (await producer.browser.request('GET', `/api/payments/${paymentId}`)).json(),
      pdf: await pdfText(
        (await gaffer.browser.request('GET', `/api/payments/${paymentId}/invoice`)).rawPayload,
      ),
    };
    expect(before.api.buyer).toEqual({
      username: producer.username,
      displayName: nameOf(producer),
      fallbackName: expect.any(String),
      location: 'Atlanta, GA',
      team: 'Night Harbor (feature)',
    });
    expect(before.api.seller).toMatchObject({ username: gaffer.username, displayName: nameOf(gaffer) });
    expect(before.pdf).toContain('Night Harbor (feature)');
    expect(before.pdf).toContain(nameOf(producer));

    const [producerRow, gafferRow] = await Promise.all(
      [producer.id, gaffer.id].map(
        async (userId) => (await t.db.select().from(users).where(eq(users.id, userId)))[0],
      ),
    );
    // The payee's copy never shows the payer's sign-in e-mail (nor the payer's their own).
    expect(before.pdf).not.toContain(String(producerRow?.email));
    expect(before.pdf).not.toContain(String(gafferRow?.email));

    await t.db
      .update(users)
      .set({ displayName: 'Renamed Producer', location: 'Elsewhere' })
      .where(eq(users.id, producer.id));
    await t.db.update(users).set({ displayName: 'Renamed Gaffer' }).where(eq(users.id, gaffer.id));
    await t.db
      .update(teams)
      .set({ name: 'Renamed Team' })
      .where(eq(teams.id, team?.id ?? 0));
    const after = {
      api: (await producer.browser.request('GET', `/api/payments/${paymentId}`)).json(),
      pdf: await pdfText(
        (await gaffer.browser.request('GET', `/api/payments/${paymentId}/invoice`)).rawPayload,
      ),
    };
    expect(after.api).toEqual(before.api);
    expect(after.pdf).toBe(before.pdf);
    expect(after.pdf).not.toContain('Renamed');
  });
});

describe('the booking invoice names the work (issue 31)', () => {
  it('prints the production (the team, or the producer), the booking reference and the days worked', async () => {
    const forTeam = await acceptedBooking(t.app, ['2027-12-03', '2027-12-05']);
    const [team] = await t.db
      .insert(teams)
      .values({ ownerId: forTeam.producer.id, name: 'Night Harbor (feature)' })
      .returning({ id: teams.id });
    await t.db
      .update(bookings)
      .set({ teamId: team?.id ?? null })
      .where(eq(bookings.id, forTeam.id));
    const alone = await acceptedBooking(t.app, ['2027-11-30', '2027-12-01']);

    for (const [{ producer, gaffer, id }, production, days] of [
      [forTeam, 'Night Harbor (feature)', 'Days worked: 3 (3–5 Dec 2027)'],
      [alone, nameOf(alone.producer), 'Days worked: 2 (30 Nov – 1 Dec 2027)'],
    ] as const) {
      const paid = await producer.browser.request('POST', `/api/bookings/${id}/pay`);
      expect(paid.statusCode, paid.body).toBe(200);
      const { paymentId } = paid.json();
      expect((await producer.browser.request('GET', `/api/payments/${paymentId}`)).json().bookingId).toBe(id);
      // Both copies say the same.
      for (const who of [producer, gaffer]) {
        const pdf = await pdfText(
          (await who.browser.request('GET', `/api/payments/${paymentId}/invoice`)).rawPayload,
        );
        expect(pdf).toContain(`Production: ${production}`);
        expect(pdf).toContain(`Booking ${bookingReference(id)}`);
        expect(pdf).toContain(days);
      }
    }
    expect(bookingReference(123)).toBe('BK-000123');
  });
});
