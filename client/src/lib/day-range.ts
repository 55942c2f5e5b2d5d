/**
 * Days as the address bar and the server carry them ("2027-03-12", UTC, as bookings count days),
 * and the short English a result card prints for a range ("12–14 Mar"). Written out rather than
 * asked of Intl for the reason lib/format.ts gives: search is a public, server-rendered page.
 */

import { DAY_MS, MONTHS } from '#common/day-range';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day of a moment, UTC: "2027-03-12". */
export const isoDayOf = (date: Date): string => date.toISOString().slice(0, 10);

/** Today as the server counts days. */
export const todayIso = (now = new Date()): string => isoDayOf(now);

/** A real calendar day written YYYY-MM-DD, else null ("2027-02-30" is not one). */
export function parseIsoDay(value: string | null | undefined): string | null {
  const match = value ? ISO_DAY.exec(value.trim()) : null;
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? isoDayOf(date)
    : null;
}

export const addDays = (day: string, count: number): string =>
  isoDayOf(new Date(Date.parse(day) + count * DAY_MS));

function parts(day: string) {
  const date = new Date(Date.parse(day));
  return { day: date.getUTCDate(), month: MONTHS[date.getUTCMonth()] ?? '' };
}

/** "12 Mar"; "12–14 Mar"; "30 Mar–2 Apr" across months (the year is never in doubt within 90 days). */
export function formatDayRange(from: string, to: string | null): string {
  const first = parts(from);
  if (!to || to === from) return `${first.day} ${first.month}`;
  const last = parts(to);
  if (to.slice(0, 7) === from.slice(0, 7)) return `${first.day}–${last.day} ${last.month}`;
  return `${first.day} ${first.month}–${last.day} ${last.month}`;
}

export interface FreeDays {
  freeDays: number;
  totalDays: number;
}

/**
 * What a result card says of a person's days: "Free 12–14 Mar" when every day of the range is
 * free, "Free 2 of 3 days" when only some are (a search that allows partly free crew).
 */
export function freeDaysText(availability: FreeDays, from: string, to: string | null): string {
  if (availability.freeDays >= availability.totalDays) return `Free ${formatDayRange(from, to)}`;
  const noun = availability.totalDays === 1 ? 'day' : 'days';
  return `Free ${availability.freeDays} of ${availability.totalDays} ${noun}`;
}
