/**
 * English numbers and dates for the public pages, written out rather than asked of Intl. The first
 * Intl formatter a page makes loads the browser's locale data: 40–65 ms of a slow phone's main
 * thread (Lighthouse's 4× CPU), inside the task that renders a profile, a search or the home page
 * (ADR 022, session 12 addendum). The app is in English and prints these in UTC, so the output is
 * fixed, the same on the server and in the browser; format.test.ts checks it against Intl's.
 * Private pages (admin, payments, notifications) keep Intl, where the cost is not on a first load.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const monthOf = (date: Date) => MONTHS[date.getUTCMonth()] ?? '';
const shortMonthOf = (date: Date) => monthOf(date).slice(0, 3);

/** 1234567 → "1,234,567", as `toLocaleString('en')` prints a whole number. */
export function formatCount(value: number): string {
  return Math.round(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "Mar 2024" (short) or "March 2024" (long), in UTC. */
export function formatMonthYear(date: Date, month: 'short' | 'long'): string {
  return `${month === 'short' ? shortMonthOf(date) : monthOf(date)} ${date.getUTCFullYear()}`;
}

/** "Mar 5, 2024", in UTC. */
export function formatShortDate(date: Date): string {
  return `${shortMonthOf(date)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "Wednesday, March 5", in UTC. */
export function formatWeekdayMonthDay(date: Date): string {
  return `${WEEKDAYS[date.getUTCDay()]}, ${monthOf(date)} ${date.getUTCDate()}`;
}
