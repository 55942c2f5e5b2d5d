import { describe, expect, it } from 'vitest';
import { CALL_CURRENCIES } from '#common/schemas/calls';
import { centsFromInput, formatCallRate, formatRateAmount, inputFromCents } from './call-format.ts';

const rate = (rateMin: number | null, rateMax: number | null, rateUnit: 'day' | 'week' | 'flat' = 'day') => ({
  rateMin,
  rateMax,
  currency: 'usd',
  rateUnit,
});

describe('formatCallRate', () => {
  it('writes a range per day, a flat fee, and one end of a range', () => {
    expect(formatCallRate(rate(45_000, 60_000))).toBe('$450–$600 / day');
    expect(formatCallRate(rate(500_000, 500_000, 'flat'))).toBe('$5,000 flat');
    expect(formatCallRate(rate(null, 500_000, 'flat'))).toBe('Up to $5,000 flat');
    expect(formatCallRate(rate(250_000, null, 'week'))).toBe('From $2,500 / week');
    expect(formatCallRate(rate(45_000, 45_000))).toBe('$450 / day');
  });

  it('says nothing when the call names no rate', () => {
    expect(formatCallRate(rate(null, null))).toBeNull();
  });

  it('keeps cents only when there are some', () => {
    expect(formatRateAmount(45_050, 'usd')).toBe('$450.50');
    expect(formatRateAmount(45_005, 'usd')).toBe('$450.05');
    expect(formatRateAmount(123_456_700, 'usd')).toBe('$1,234,567');
  });

  it('prints each currency as Intl does in en-US', () => {
    for (const currency of CALL_CURRENCIES) {
      const intl = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: currency.toUpperCase(),
        minimumFractionDigits: 0,
        maximumFractionDigits: 2,
      });
      expect(formatRateAmount(123_450_00, currency)).toBe(intl.format(123_450));
      expect(formatRateAmount(45_050, currency)).toBe(intl.format(450.5).replace(/\.5$/, '.50'));
    }
  });
});

describe('rate inputs', () => {
  it('reads whole currency as typed into cents, and an empty field as no rate', () => {
    expect(centsFromInput('450')).toBe(45_000);
    expect(centsFromInput(' 1,250.5 ')).toBe(125_050);
    expect(centsFromInput('')).toBeNull();
    expect(centsFromInput('abc')).toBeNaN();
  });

  it('shows cents back as the form had them', () => {
    expect(inputFromCents(45_000)).toBe('450');
    expect(inputFromCents(45_050)).toBe('450.50');
    expect(inputFromCents(null)).toBe('');
  });
});
