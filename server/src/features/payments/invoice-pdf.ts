import PDFDocument from 'pdfkit';
import { dayCount, formatDayRange } from '#common/day-range';
import { personName } from '#common/people';
import { formatMoney } from '#common/premium';
import { bookingReference } from '#common/schemas/bookings';
import type { InvoiceParty, Payment } from '#common/schemas/payments';

/** Who sells Premium, as every invoice names it. */
export const SELLER = {
  name: 'CrewBase',
  lines: ['CrewBase Inc.', '548 Market Street, Suite 900', 'San Francisco, CA 94104', 'United States'],
  email: 'billing@crewbase.app',
} as const;

/**
 * A member's lines on an invoice, as they were when it was issued: name, handle, the production
 * they bought for, where they are. Never a sign-in e-mail (issue 30): the crew member's copy would
 * hand them the production's login.
 */
const partyLines = (party: InvoiceParty) =>
  [partyName(party), `@${party.username}`, party.team ?? '', party.location ?? '']
    .filter((line) => line !== '')
    .map(toWinAnsi);

/** The name a party goes by: an invoice from before fallback names names nobody rather than a username. */
const partyName = (party: InvoiceParty) => personName(party);

/** A booking's crew member whose account is gone: the invoice still says someone supplied the work. */
const FORMER_MEMBER: InvoiceParty = {
  username: 'former-member',
  displayName: 'Former CrewBase member',
  fallbackName: null,
  location: null,
  team: null,
};

const STATUS_TEXT = { due: 'Refund due', refunded: 'Refunded' } as const;

/**
 * The PDF's built-in Helvetica covers Windows-1252 only: other letters lose their accents
 * ("Łukasz" → "Lukasz"), and what is left outside it becomes "?", rather than garbage.
 */
/** Letters with a stroke or bar have no decomposition to strip: their plain forms, by hand. */
const UNDECOMPOSED: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
};

export function toWinAnsi(text: string): string {
  return [...text.normalize('NFC')]
    .map((char) => {
      if (char.charCodeAt(0) <= 0xff || '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'.includes(char)) return char;
      const plain = (UNDECOMPOSED[char] ?? char).normalize('NFKD').replace(/\p{M}/gu, '');
      return plain.length > 0 && [...plain].every((c) => c.charCodeAt(0) <= 0xff) ? plain : '?';
    })
    .join('');
}

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * What a booking's invoice says the work was (issue 31): the production (the team, or the
 * producer), the booking's reference and the days worked.
 */
function bookingLines(payment: Payment): string[] {
  if (payment.kind !== 'booking') return [];
  const buyer = payment.buyer;
  return [
    `Production: ${buyer.team ?? partyName(buyer)}`,
    payment.bookingId === null ? '' : `Booking ${bookingReference(payment.bookingId)}`,
    payment.periodStart && payment.periodEnd
      ? `Days worked: ${dayCount(payment.periodStart, payment.periodEnd)} (${formatDayRange(payment.periodStart, payment.periodEnd)})`
      : '',
  ]
    .filter((line) => line !== '')
    .map(toWinAnsi);
}
const INK = '#111827';
const MUTED = '#6b7280';
const BRAND = '#b45309';
const RULE = '#e5e7eb';

/**
 * A real invoice: seller, buyer, number, date, the line, tax, total. A4, one page. Premium is
 * sold by CrewBase; a booking's days are sold by the crew member (the payee), and CrewBase only
 * issues the invoice for them. Everything on it is the payment's own record (issue 30): its
 * parties are the snapshot taken when it was paid.
 */
export function renderInvoicePdf(payment: Payment): Promise<Buffer> {
  const buyer = payment.buyer;
  const payee = payment.kind === 'booking' ? (payment.seller ?? FORMER_MEMBER) : null;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `Invoice ${payment.invoiceNumber}`,
      Author: SELLER.name,
      Subject: `Invoice ${payment.invoiceNumber} for ${toWinAnsi(partyName(buyer))}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (cents: number) => formatMoney(cents, payment.currency);
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;

  doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(22).text(SELLER.name, left, 56);
  doc.fillColor(INK).fontSize(20).text('Invoice', left, 56, { width, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  const meta: [string, string][] = [
    ['Invoice number', payment.invoiceNumber],
    ['Date', day.format(new Date(payment.createdAt))],
    ['Status', payment.refundStatus ? STATUS_TEXT[payment.refundStatus] : 'Paid'],
  ];
  let y = 90;
  for (const [label, value] of meta) {
    doc.fillColor(MUTED).text(label, right - 250, y, { width: 120, align: 'right' });
    doc.fillColor(INK).text(value, right - 120, y, { width: 120, align: 'right' });
    y += 15;
  }

  y = 150;
  const column = width / 2;
  doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(9).text('FROM', left, y);
  doc.text('BILL TO', left + column, y);
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  const sellerLines = payee
    ? [...partyLines(payee), `Invoiced through ${SELLER.name}`]
    : [...SELLER.lines, SELLER.email];
  doc.text(sellerLines.join('\n'), left, y + 14, { width: column - 16, lineGap: 2 });
  doc.text(partyLines(buyer).join('\n'), left + column, y + 14, { width: column, lineGap: 2 });

  y = 270;
  doc.rect(left, y, width, 24).fill('#f9fafb');
  doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(9);
  doc.text('DESCRIPTION', left + 10, y + 8);
  doc.text('AMOUNT', left, y + 8, { width: width - 10, align: 'right' });
  y += 34;
  const work = bookingLines(payment);
  // A booking's days are among its lines ("Days worked"); Premium shows the period it covers.
  const period =
    payment.periodStart && payment.periodEnd && work.length === 0
      ? `${day.format(new Date(payment.periodStart))} to ${day.format(new Date(payment.periodEnd))}`
      : null;
  const subtotal = payment.amount - payment.taxAmount;
  doc
    .fillColor(INK)
    .font('Helvetica')
    .fontSize(11)
    .text(toWinAnsi(payment.description), left + 10, y, {
      width: width - 140,
    });
  // Below the description however many lines it took (the amount beside it moves the cursor back).
  const descriptionBottom = doc.y;
  doc.text(money(subtotal), left, y, { width: width - 10, align: 'right' });
  if (period)
    doc
      .fillColor(MUTED)
      .fontSize(9)
      .text(period, left + 10, y + 16);
  if (work.length > 0) {
    doc
      .fillColor(MUTED)
      .fontSize(9)
      .text(work.join('\n'), left + 10, descriptionBottom + 4, { width: width - 140, lineGap: 2 });
    y = doc.y - 30;
  }
  y += 44;
  doc.moveTo(left, y).lineTo(right, y).strokeColor(RULE).stroke();

  const totals: [string, string, boolean][] = [
    ['Subtotal', money(subtotal), false],
    [payment.taxAmount > 0 ? 'Tax' : 'Tax (none charged)', money(payment.taxAmount), false],
    ['Total paid', money(payment.amount), true],
  ];
  y += 12;
  for (const [label, value, strong] of totals) {
    doc
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(strong ? 12 : 10)
      .fillColor(strong ? INK : MUTED);
    doc.text(label, left + width / 2, y, { width: width / 4 });
    doc.fillColor(INK).text(value, left, y, { width: width - 10, align: 'right' });
    y += strong ? 22 : 18;
  }

  const how =
    payment.provider === 'demo'
      ? 'Demo payment: this server runs the built-in demo checkout, so no money moved.'
      : 'Paid by card through Stripe.';
  const refundedOn = payment.refundedAt ? ` on ${day.format(new Date(payment.refundedAt))}` : '';
  const refund =
    payment.refundStatus === 'refunded'
      ? ` It arrived after the booking could no longer be paid and was refunded in full${refundedOn}.`
      : payment.refundStatus === 'due'
        ? ' It arrived after the booking could no longer be paid and is being refunded in full.'
        : '';
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  // Each note below the one before, however many lines it took.
  doc.text(`${how}${refund} Amounts in ${payment.currency.toUpperCase()}.`, left, y + 30, { width });
  if (payee)
    doc.text(
      toWinAnsi(`Issued by ${SELLER.name} on behalf of ${partyName(payee)}, who supplied the work above.`),
      left,
      doc.y + 4,
      { width },
    );
  doc.text(`Questions about this invoice: ${SELLER.email}`, left, doc.y + 4, { width });
  doc.end();
  return done;
}
