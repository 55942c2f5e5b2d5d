import { formatCount } from '#client/lib/format.ts';
import { formatDayRange } from '#common/day-range';
import type { Call, CallRateUnit, CallStatus } from '#common/schemas/calls';

/**
 * The symbols `Intl.NumberFormat('en-US', { style: 'currency' })` prints, written out: /calls and a
 * call's page are public and rendered on the server, where the first Intl formatter costs a slow
 * phone tens of milliseconds (lib/format.ts). call-format.test.ts checks them against Intl.
 */
const SYMBOLS: Record<string, string> = { usd: '$', eur: '€', gbp: '£', cad: 'CA$', aud: 'A$' };

/** 45000 cents → "$450"; 45050 → "$450.50": whole amounts without the ".00" a rate never needs. */
export function formatRateAmount(cents: number, currency: string): string {
  const symbol = SYMBOLS[currency.toLowerCase()] ?? `${currency.toUpperCase()} `;
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return `${symbol}${formatCount(whole)}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

const UNIT_TEXT: Record<CallRateUnit, string> = { day: ' / day', week: ' / week', flat: ' flat' };

/**
 * "$450–$600 / day", "$5,000 flat", "From $450 / day", "Up to $600 / week"; null when the call
 * names no rate (the page then says the rate is to be agreed).
 */
export function formatCallRate(
  call: Pick<Call, 'rateMin' | 'rateMax' | 'currency' | 'rateUnit'>,
): string | null {
  const { rateMin, rateMax, currency, rateUnit } = call;
  const unit = UNIT_TEXT[rateUnit];
  const money = (cents: number) => formatRateAmount(cents, currency);
  if (rateMin != null && rateMax != null)
    return rateMin === rateMax ? `${money(rateMin)}${unit}` : `${money(rateMin)}–${money(rateMax)}${unit}`;
  if (rateMin != null) return `From ${money(rateMin)}${unit}`;
  if (rateMax != null) return `Up to ${money(rateMax)}${unit}`;
  return null;
}

export const callDates = (call: Pick<Call, 'startDate' | 'endDate'>) =>
  formatDayRange(call.startDate, call.endDate);

/** "Apply by 3 Dec 2027". */
export const applyByText = (call: Pick<Call, 'applyBy'>) =>
  `Apply by ${formatDayRange(call.applyBy, call.applyBy)}`;

export const CALL_STATUS_LABEL: Record<CallStatus, string> = {
  open: 'Open',
  filled: 'Filled',
  closed: 'Closed',
  expired: 'Expired',
};

/** Dollars as typed in the form ("450", "450.50") to the API's cents; null when left empty. */
export function centsFromInput(value: string): number | null {
  const trimmed = value.trim().replace(/,/g, '');
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
}

/** Cents back to what the form shows: 45000 → "450", 45050 → "450.50". */
export function inputFromCents(cents: number | null): string {
  if (cents == null) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}
