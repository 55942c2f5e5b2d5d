import { z } from 'zod';
import { DAY_MS } from '../day-range.ts';
import { LIMITS } from '../limits.ts';
import { text } from './text.ts';

/**
 * Search and browse by dates (issue 35): `availableFrom`/`availableTo` keep the crew free on every
 * day of the range, and `minFreeDays` also those free on at least that many of its days.
 */
export const AVAILABILITY_LIMITS = { maxDays: LIMITS.availabilityDays } as const;

export const AVAILABILITY_MESSAGES = {
  format: 'Dates are YYYY-MM-DD',
  notADate: 'Not a real date',
  past: 'Choose a start date from today on',
  order: 'The end date cannot be before the start date',
  tooLong: `Choose at most ${AVAILABILITY_LIMITS.maxDays} days`,
  needsStart: 'Choose a start date',
  minFreeDays: `Free days must be a whole number from 1 to ${AVAILABILITY_LIMITS.maxDays}`,
  minFreeDaysNeedsDates: 'Choose the dates first',
  minFreeDaysTooMany: 'Free days cannot be more than the days chosen',
} as const;

const day = text({ error: AVAILABILITY_MESSAGES.format })
  .regex(/^\d{4}-\d{2}-\d{2}$/, AVAILABILITY_MESSAGES.format)
  .refine(
    // Also run when the format was refused: an unparsable value must not throw.
    (value) => {
      const parsed = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(parsed) && new Date(parsed).toISOString().startsWith(value);
    },
    AVAILABILITY_MESSAGES.notADate,
  );

/** Today in UTC, as YYYY-MM-DD: "the past" is judged on the UTC date (ADR 033). */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** How many days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The query fields, to spread into a query schema's object, checked together by `checkAvailability`. */
export const availabilityFields = {
  availableFrom: day.optional(),
  /** Unset: the one day `availableFrom`. */
  availableTo: day.optional(),
  minFreeDays: z.coerce
    .number({ error: AVAILABILITY_MESSAGES.minFreeDays })
    .int(AVAILABILITY_MESSAGES.minFreeDays)
    .min(1, AVAILABILITY_MESSAGES.minFreeDays)
    .max(AVAILABILITY_LIMITS.maxDays, AVAILABILITY_MESSAGES.minFreeDays)
    .optional(),
};

type AvailabilityInput = { availableFrom?: string; availableTo?: string; minFreeDays?: number };

/**
 * The rules across the fields, each issue on the field to correct: a start from today (UTC) on,
 * an end not before it, at most AVAILABILITY_LIMITS.maxDays days, free days within the range.
 */
export function checkAvailability(query: AvailabilityInput, ctx: z.RefinementCtx): void {
  const { availableFrom: from, availableTo: to, minFreeDays } = query;
  const issue = (path: keyof AvailabilityInput, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (from === undefined) {
    if (to !== undefined) issue('availableFrom', AVAILABILITY_MESSAGES.needsStart);
    if (minFreeDays !== undefined) issue('minFreeDays', AVAILABILITY_MESSAGES.minFreeDaysNeedsDates);
    return;
  }
  if (from < todayUtc()) issue('availableFrom', AVAILABILITY_MESSAGES.past);
  const days = daysInRange(from, to ?? from);
  if (days < 1) issue('availableTo', AVAILABILITY_MESSAGES.order);
  else if (days > AVAILABILITY_LIMITS.maxDays) issue('availableTo', AVAILABILITY_MESSAGES.tooLong);
  else if (minFreeDays !== undefined && minFreeDays > days)
    issue('minFreeDays', AVAILABILITY_MESSAGES.minFreeDaysTooMany);
}

/** What a result says of the range asked for: free days of all of them, never who or why. */
export const availabilitySchema = z.object({
  freeDays: z.number().int(),
  totalDays: z.number().int(),
});
export type Availability = z.infer<typeof availabilitySchema>;
