import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '#common/schemas/payments';
import { users } from '#server/db/schema/index.ts';
import { member } from '#server/features/notifications/test-support.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { toWinAnsi } from './invoice-pdf.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const newMember = (role?: 'admin') => member(t.db, t.app, role ? { role } : {});

/** A member who bought Premium through the demo checkout: their one payment. */
async function payingMember(plan: 'monthly' | 'yearly' = 'yearly', displayName?: string) {
  const m = await newMember();
  if (displayName) await t.db.update(users).set({ displayName }).where(eq(users.id, m.id));
  const checkout = await m.browser.request('POST', '/api/subscription/checkout', { body: { plan } });
  const session = new URL(checkout.json().url, 'http://localhost').searchParams.get('session');
  await m.browser.request('POST', '/api/subscription/demo/complete', { body: { session } });
  const [payment] = (await m.browser.request('GET', '/api/payments')).json().payments;
  return { ...m, payment };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('payments and invoices', () => {
  it('lists my payments newest first, and shows one of them', async () => {
    const m = await payingMember('yearly');
    expect(m.payment).toMatchObject({
      kind: 'subscription',
      description: 'CrewBase Premium, yearly',
      amount: 19000,
      taxAmount: 0,
      currency: 'usd',
      provider: 'demo',
      invoiceNumber: expect.stringMatching(/^CB-\d{6}$/),
    });
    const one = await m.browser.request('GET', `/api/payments/${m.payment.id}`);
    expect(one.json()).toEqual(m.payment);
    expect((await t.app.inject({ method: 'GET', url: '/api/payments' })).statusCode).toBe(401);
  });

  it('makes a real PDF invoice: seller, buyer, number, date, line, tax and total', async () => {
    const m = await payingMember('monthly', 'Łucja Brontë');
    const res = await m.browser.request('GET', `/api/payments/${m.payment.id}/invoice`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${m.payment.id}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'CrewBase Inc.',
      'billing@crewbase.app',
      m.payment.invoiceNumber,
      'Lucja Brontë',
      m.username,
      'CrewBase Premium, monthly',
      'Tax (none charged)',
      '$0.00',
      'Total paid',
      '$19.00',
      'no money moved',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('answers 404 for another member’s payment and invoice, to an admin too (issue 29)', async () => {
    const owner = await payingMember();
    const stranger = await newMember();
    for (const url of [`/api/payments/${owner.payment.id}`, `/api/payments/${owner.payment.id}/invoice`]) {
      const res = await stranger.browser.request('GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(PAYMENT_MESSAGES.notFound);
    }
    const missing = await owner.browser.request('GET', '/api/payments/2147483647');
    expect(missing.statusCode).toBe(404);
    expect((await owner.browser.request('GET', '/api/payments/abc')).statusCode).toBe(400);
    const admin = await newMember('admin');
    for (const url of [`/api/payments/${owner.payment.id}`, `/api/payments/${owner.payment.id}/invoice`]) {
      expect((await admin.browser.request('GET', url)).statusCode).toBe(404);
    }
  });

  it('keeps a Premium invoice as issued: a later rename changes neither it nor the payment (issue 30)', async () => {
    const m = await payingMember('yearly', 'Before Rename');
    const invoice = async () =>
      pdfText((await m.browser.request('GET', `/api/payments/${m.payment.id}/invoice`)).rawPayload);
    const before = await invoice();
    expect(before).toContain('Before Rename');
    expect(m.payment.buyer).toEqual({
      username: m.username,
      displayName: 'Before Rename',
      fallbackName: expect.any(String),
      location: null,
      team: null,
    });
    expect(m.payment.seller).toBeNull();
    await t.db
      .update(users)
      .set({ displayName: 'After Rename', location: 'Lisbon' })
      .where(eq(users.id, m.id));
    expect(await invoice()).toBe(before);
    expect((await m.browser.request('GET', `/api/payments/${m.payment.id}`)).json()).toEqual(m.payment);
  });

  it('writes names the PDF font cannot show without their accents, never as garbage', () => {
    expect(toWinAnsi('Zoë Ærø')).toBe('Zoë Ærø');
    expect(toWinAnsi('Łukasz Wójcik')).toBe('Lukasz Wójcik');
    expect(toWinAnsi('Илья 李')).toBe('???? ?');
  });
});
