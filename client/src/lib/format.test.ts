import { describe, expect, it } from 'vitest';
import { formatCount, formatMonthYear, formatShortDate, formatWeekdayMonthDay } from './format.ts';

// Every day of two years (a leap year among them), and the edges of the UTC day.
const days = Array.from({ length: 731 }, (_, i) => new Date(Date.UTC(2023, 0, 1 + i)));
const edges = [new Date('2024-02-29T23:59:59.999Z'), new Date('1999-12-31T00:00:00Z'), new Date(0)];

describe('format, against Intl in English and UTC', () => {
  it('prints whole numbers as toLocaleString("en") does', () => {
    for (const value of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 2_147_483_647, -1234, 14_000]) {
      expect(formatCount(value)).toBe(value.toLocaleString('en'));
    }
  });

  it('prints month and year, short and long', () => {
    const short = new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (const date of [...days, ...edges]) {
      expect(formatMonthYear(date, 'short')).toBe(short.format(date));
      expect(formatMonthYear(date, 'long')).toBe(long.format(date));
    }
  });

  it('prints a short date and a weekday with its month and day', () => {
    const short = new Intl.DateTimeFormat('en', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const weekday = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    for (const date of [...days, ...edges]) {
      expect(formatShortDate(date)).toBe(short.format(date));
      expect(formatWeekdayMonthDay(date)).toBe(weekday.format(date));
    }
  });
});
