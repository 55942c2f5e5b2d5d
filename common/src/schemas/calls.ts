import { z } from 'zod';
import { DAY_MS } from '../day-range.ts';
import { LIMITS } from '../limits.ts';
import { isoDay } from './bookings.ts';
import { crewCardSchema } from './crew.ts';
import { MAX_ID } from './ids.ts';
import { reportReviewRequest } from './reviews.ts';
import { roleSchema } from './roles.ts';
import { text } from './text.ts';

/**
 * Crew calls (issue 36, ADR 037): a production posts a job (Premium), crew apply (any member with a
 * profile), the owner shortlists, declines or books an applicant through the booking service.
 *
 * Routes: POST/GET /api/calls, GET/PATCH /api/calls/:id, POST /api/calls/:id/close,
 * POST /api/calls/:id/report, POST/GET /api/calls/:id/applications,
 * PATCH /api/calls/:id/applications/:applicationId, POST …/:applicationId/book,
 * POST …/:applicationId/withdraw (the applicant), GET /api/me/applications, GET /api/me/calls.
 *
 * Days are judged on the UTC date, as search's are (ADR 033). Rates are in cents, as bookings' are.
 */
export const CALL_LIMITS = {
  titleMin: 5,
  titleMax: 120,
  descriptionMax: 5_000,
  noteMax: 1_000,
  /** Open calls one member may have at once. */
  openPerMember: 20,
  /** Applications one member may send in 24 hours. */
  applicationsPerDay: 30,
  /** The longest a call's work may run, as for a booking. */
  maxDays: 366,
  rateMax: 10_000_000,
  pageSize: 20,
  pageSizeMax: 50,
} as const;

export const CALL_RATE_UNITS = ['day', 'week', 'flat'] as const;
export type CallRateUnit = (typeof CALL_RATE_UNITS)[number];

export const CALL_CURRENCIES = ['usd', 'eur', 'gbp', 'cad', 'aud'] as const;

/**
 * `open`: taking applications. `filled`: the owner marked it filled. `closed`: the owner closed it,
 * or staff hid it. `expired`: `applyBy` passed (closed by the hourly job, and read as expired at
 * once by every query, so no request sees an open call past its day).
 */
export const CALL_STATUSES = ['open', 'filled', 'closed', 'expired'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

export const APPLICATION_STATUSES = ['applied', 'shortlisted', 'declined', 'booked', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const CALL_MESSAGES = {
  notFound: 'Call not found',
  premium: 'Posting a crew call needs Premium',
  titleShort: `The title must be at least ${CALL_LIMITS.titleMin} characters`,
  titleLong: `The title can be at most ${CALL_LIMITS.titleMax} characters`,
  descriptionMissing: 'Describe the job',
  descriptionLong: `The description can be at most ${CALL_LIMITS.descriptionMax} characters`,
  locationMissing: 'Say where the job is',
  locationLong: `Location can be at most ${LIMITS.locationMax} characters`,
  role: 'Choose a role',
  roleNotFound: 'Role not found',
  startPast: 'The first day cannot be in the past',
  endBeforeStart: 'The last day must not be before the first',
  tooLong: `A call can cover at most ${CALL_LIMITS.maxDays} days`,
  applyByPast: 'The closing date cannot be in the past',
  applyByAfterStart: 'Applications must close on or before the first day',
  rate: 'Enter the rate as a whole number of cents',
  startMissing: 'Choose the first day',
  endMissing: 'Choose the last day',
  applyByMissing: 'Choose the day applications close',
  ratePositive: 'The rate must be more than 0',
  rateHigh: 'That rate is too high',
  rateOrder: 'The lowest rate cannot be more than the highest',
  currency: 'Choose a currency',
  rateUnit: 'Choose per day, per week or a flat fee',
  tooManyOpen: `You can have at most ${CALL_LIMITS.openPerMember} open calls: close one first`,
  notOpen: 'This call is no longer open',
  notEditable: 'Only an open call can be edited',
  noteLong: `Your note can be at most ${CALL_LIMITS.noteMax} characters`,
  ownCall: 'You cannot apply to your own call',
  closedCall: 'This call is closed to applications',
  alreadyApplied: 'You have already applied to this call',
  needsProfile: 'Add a role to your profile before applying',
  tooManyApplications: `You can send at most ${CALL_LIMITS.applicationsPerDay} applications a day`,
  applicationNotFound: 'Application not found',
  applicationStatus: 'Choose shortlisted or declined',
  notAnswerable: 'This application can no longer be changed',
  alreadyBooked: 'This applicant is already booked for this call',
  notWithdrawable: 'This application can no longer be withdrawn',
  /** Booking an applicant from a call that gives no rate, without a rate in the request. */
  dayRateMissing: 'Enter a day rate',
} as const;

/** Today in UTC, YYYY-MM-DD (ADR 033). */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * A number as JSON sends it, or as an address or a form field writes it ("13"). Not z.coerce: that
 * would take `[13]` for 13, and a body must say what it means.
 */
const numeric = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value), schema);

const id = (message: string) =>
  numeric(z.number({ error: message }).int(message).positive(message).max(MAX_ID, message));

const rate = numeric(
  z
    .number({ error: CALL_MESSAGES.rate })
    .int(CALL_MESSAGES.rate)
    .positive(CALL_MESSAGES.ratePositive)
    .max(CALL_LIMITS.rateMax, CALL_MESSAGES.rateHigh),
);

/** A day a form must fill in: empty says which one is missing, anything else must be a real day. */
const day = (missing: string) => text({ error: missing }).min(1, missing).pipe(isoDay);

/** Each field's own rule; the rules that join fields are `checkCall`'s. */
const callFields = {
  title: text({ error: CALL_MESSAGES.titleShort })
    .trim()
    .min(CALL_LIMITS.titleMin, CALL_MESSAGES.titleShort)
    .max(CALL_LIMITS.titleMax, CALL_MESSAGES.titleLong),
  roleId: id(CALL_MESSAGES.role),
  location: text({ error: CALL_MESSAGES.locationMissing })
    .trim()
    .min(1, CALL_MESSAGES.locationMissing)
    .max(LIMITS.locationMax, CALL_MESSAGES.locationLong),
  startDate: day(CALL_MESSAGES.startMissing).refine((value) => value >= todayUtc(), CALL_MESSAGES.startPast),
  endDate: day(CALL_MESSAGES.endMissing),
  rateMin: rate.nullable().optional(),
  rateMax: rate.nullable().optional(),
  currency: z.enum(CALL_CURRENCIES, { error: CALL_MESSAGES.currency }).default('usd'),
  rateUnit: z.enum(CALL_RATE_UNITS, { error: CALL_MESSAGES.rateUnit }),
  description: text({ error: CALL_MESSAGES.descriptionMissing })
    .trim()
    .min(1, CALL_MESSAGES.descriptionMissing)
    .max(CALL_LIMITS.descriptionMax, CALL_MESSAGES.descriptionLong),
  applyBy: day(CALL_MESSAGES.applyByMissing).refine(
    (value) => value >= todayUtc(),
    CALL_MESSAGES.applyByPast,
  ),
};

type CallDates = {
  startDate?: string;
  endDate?: string;
  applyBy?: string;
  rateMin?: number | null;
  rateMax?: number | null;
};

/**
 * The rules between fields, for a new call and for an edit laid over the stored call (the service
 * runs it on the merged values, so an edit cannot move the end before a start it did not send).
 */
export function callProblems(call: CallDates): { path: keyof CallDates; message: string }[] {
  const problems: { path: keyof CallDates; message: string }[] = [];
  const { startDate, endDate, applyBy, rateMin, rateMax } = call;
  if (startDate && endDate && endDate < startDate)
    problems.push({ path: 'endDate', message: CALL_MESSAGES.endBeforeStart });
  else if (
    startDate &&
    endDate &&
    (Date.parse(endDate) - Date.parse(startDate)) / DAY_MS >= CALL_LIMITS.maxDays
  )
    problems.push({ path: 'endDate', message: CALL_MESSAGES.tooLong });
  if (applyBy && startDate && applyBy > startDate)
    problems.push({ path: 'applyBy', message: CALL_MESSAGES.applyByAfterStart });
  if (rateMin != null && rateMax != null && rateMin > rateMax)
    problems.push({ path: 'rateMin', message: CALL_MESSAGES.rateOrder });
  return problems;
}

const checkCall = (call: CallDates, ctx: z.RefinementCtx) => {
  for (const problem of callProblems(call))
    ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
};

/** POST /api/calls */
export const createCallRequest = z.object(callFields).superRefine(checkCall);
export type CreateCallRequest = z.input<typeof createCallRequest>;
export type CreateCallValues = z.output<typeof createCallRequest>;

/** PATCH /api/calls/:id: any of the fields; the joined rules are checked against the stored call. */
export const updateCallRequest = z
  .object(callFields)
  .partial()
  .extend({ currency: callFields.currency.removeDefault().optional() })
  .superRefine(checkCall);
export type UpdateCallRequest = z.input<typeof updateCallRequest>;

/** POST /api/calls/:id/close: `filled` when the owner found someone, otherwise closed. */
export const closeCallRequest = z.object({ filled: z.boolean().default(false) });

/** POST /api/calls/:id/report: the same reasons as a review report. */
export const reportCallRequest = reportReviewRequest;

export const callParams = z.object({ id: id(CALL_MESSAGES.notFound) });
export const applicationParams = z.object({
  id: id(CALL_MESSAGES.notFound),
  applicationId: id(CALL_MESSAGES.applicationNotFound),
});

/** GET /api/calls: open calls, newest first, paged by an opaque cursor. */
export const callListQuery = z.object({
  role: id(CALL_MESSAGES.role).optional(),
  location: text().trim().max(LIMITS.locationMax, CALL_MESSAGES.locationLong).optional(),
  /** Calls whose work overlaps from…to. */
  from: isoDay.optional(),
  to: isoDay.optional(),
  q: text().trim().max(200, 'Search words can be at most 200 characters').optional(),
  cursor: text().max(200, 'Not a valid cursor').optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CALL_LIMITS.pageSizeMax, `Limit must be at most ${CALL_LIMITS.pageSizeMax}`)
    .default(CALL_LIMITS.pageSize),
});
export type CallListQuery = z.input<typeof callListQuery>;

/** A member as a call shows them: the poster, or an applicant. */
export const callPersonSchema = crewCardSchema.omit({ availability: true });
export type CallPerson = z.infer<typeof callPersonSchema>;

export const callSchema = z.object({
  id: z.number().int(),
  title: text(),
  role: roleSchema.pick({ id: true, name: true, category: true }),
  location: text(),
  startDate: text(),
  endDate: text(),
  rateMin: z.number().int().nullable(),
  rateMax: z.number().int().nullable(),
  currency: text(),
  rateUnit: z.enum(CALL_RATE_UNITS),
  description: text(),
  applyBy: text(),
  status: z.enum(CALL_STATUSES),
  createdAt: text(),
  closedAt: text().nullable(),
  poster: callPersonSchema,
  /** The owner's: how many applied (withdrawn ones left out). Null for anyone else. */
  applicationCount: z.number().int().nullable(),
  /** The viewer's own application to this call, if any. */
  myApplication: z.object({ id: z.number().int(), status: z.enum(APPLICATION_STATUSES) }).nullable(),
});
export type Call = z.infer<typeof callSchema>;

export const callListResponse = z.object({
  calls: z.array(callSchema),
  nextCursor: text().nullable(),
});
export type CallListResponse = z.infer<typeof callListResponse>;

/** GET /api/me/calls: the owner's calls, open first, then the rest newest first. */
export const myCallsResponse = z.object({ calls: z.array(callSchema) });

/** POST /api/calls/:id/applications */
export const applyRequest = z.object({
  note: text({ error: CALL_MESSAGES.noteLong })
    .trim()
    .max(CALL_LIMITS.noteMax, CALL_MESSAGES.noteLong)
    .default(''),
});
export type ApplyRequest = z.input<typeof applyRequest>;

export const applicationSchema = z.object({
  id: z.number().int(),
  applicant: callPersonSchema,
  note: text(),
  status: z.enum(APPLICATION_STATUSES),
  /** The booking request made from it (status `booked`). */
  bookingId: z.number().int().nullable(),
  createdAt: text(),
});
export type Application = z.infer<typeof applicationSchema>;

/** GET /api/calls/:id/applications (the owner's): newest first. */
export const applicationListResponse = z.object({ applications: z.array(applicationSchema) });

/** PATCH /api/calls/:id/applications/:applicationId */
export const updateApplicationRequest = z.object({
  status: z.enum(['shortlisted', 'declined'], { error: CALL_MESSAGES.applicationStatus }),
});

/**
 * POST …/applications/:applicationId/book: the body may give the booking's day rate in cents,
 * over the one worked out from the call's (ADR 037); a call without a rate needs it.
 */
export const bookApplicationRequest = z.object({ rate: rate.optional() });
export type BookApplicationRequest = z.input<typeof bookApplicationRequest>;

/** POST …/applications/:applicationId/book */
export const bookApplicationResponse = z.object({ bookingId: z.number().int() });

/** GET /api/me/applications: the applicant's, newest first, each with its call. */
export const myApplicationSchema = z.object({
  id: z.number().int(),
  call: callSchema.pick({
    id: true,
    title: true,
    role: true,
    location: true,
    startDate: true,
    endDate: true,
    status: true,
    poster: true,
  }),
  note: text(),
  status: z.enum(APPLICATION_STATUSES),
  bookingId: z.number().int().nullable(),
  createdAt: text(),
});
export type MyApplication = z.infer<typeof myApplicationSchema>;
export const myApplicationsResponse = z.object({ applications: z.array(myApplicationSchema) });

/** The address of a call's page. */
export const callHref = (callId: number) => `/calls/${callId}`;
