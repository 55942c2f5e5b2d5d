import { describe, expect, it } from 'vitest';
import { dayCount as daysInRange } from '#common/day-range';
import { addDays, formatDayRange, freeDaysText, parseIsoDay, todayIso } from './day-range.ts';

describe('days in the address', () => {
  it('reads real calendar days only', () => {
    expect(parseIsoDay('2027-03-12')).toBe('2027-03-12');
    expect(parseIsoDay(' 2028-02-29 ')).toBe('2028-02-29');
    expect(parseIsoDay('2027-02-29')).toBeNull();
    expect(parseIsoDay('2027-13-01')).toBeNull();
    expect(parseIsoDay('12/03/2027')).toBeNull();
    expect(parseIsoDay('')).toBeNull();
    expect(parseIsoDay(null)).toBeNull();
  });

  it('counts days as the server does (UTC, both ends counted)', () => {
    expect(todayIso(new Date('2027-03-12T23:30:00-05:00'))).toBe('2027-03-13');
    expect(addDays('2027-03-30', 3)).toBe('2027-04-02');
    expect(daysInRange('2027-03-12', '2027-03-14')).toBe(3);
    expect(daysInRange('2027-03-12', '2027-03-12')).toBe(1);
    // Over the clocks' change, which UTC does not have.
    expect(daysInRange('2027-03-01', '2027-03-31')).toBe(31);
  });
});

describe('formatDayRange', () => {
  it('prints one day, a range in a month, and a range across months', () => {
    expect(formatDayRange('2027-03-12', null)).toBe('12 Mar');
    expect(formatDayRange('2027-03-12', '2027-03-12')).toBe('12 Mar');
    expect(formatDayRange('2027-03-12', '2027-03-14')).toBe('12–14 Mar');
    expect(formatDayRange('2027-03-30', '2027-04-02')).toBe('30 Mar–2 Apr');
    expect(formatDayRange('2026-12-30', '2027-01-02')).toBe('30 Dec–2 Jan');
  });
});

describe('freeDaysText', () => {
  it('names the range when every day is free', () => {
    expect(freeDaysText({ freeDays: 3, totalDays: 3 }, '2027-03-12', '2027-03-14')).toBe('Free 12–14 Mar');
    expect(freeDaysText({ freeDays: 1, totalDays: 1 }, '2027-03-12', null)).toBe('Free 12 Mar');
    expect(freeDaysText({ freeDays: 4, totalDays: 4 }, '2027-03-30', '2027-04-02')).toBe('Free 30 Mar–2 Apr');
  });

  it('counts the free days when only some are', () => {
    expect(freeDaysText({ freeDays: 2, totalDays: 3 }, '2027-03-12', '2027-03-14')).toBe('Free 2 of 3 days');
    expect(freeDaysText({ freeDays: 0, totalDays: 1 }, '2027-03-12', null)).toBe('Free 0 of 1 day');
  });
});
