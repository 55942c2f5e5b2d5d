import type { ApplicationStatus, CallRateUnit, CallStatus } from '../schemas/calls.ts';
import { allow, type Decision, refuse } from './decision.ts';
import { isModerator } from './staff.ts';

/**
 * Who may do what with a crew call and its applications (issue 36, ADR 037). Pure: the server
 * answers each refusal as its route says (a 404 where the call must stay unknown, a 400 or 409
 * naming the rule), the client only asks `ok`. Days are UTC dates, YYYY-MM-DD.
 */

/** A call as its status is stored: `expired` is never stored, it is read. */
export interface StoredCall {
  ownerId: number;
  status: 'open' | 'filled' | 'closed';
  applyBy: string;
  /** The UTC day it was filled or closed, or null while open. */
  closedOn: string | null;
  hidden: boolean;
}

/**
 * What a call is today: one still open whose closing day (`applyBy`) is before `today` is expired,
 * whatever the hourly job has done yet; and one closed after its closing day (by the job, or by
 * an owner closing it once it had expired) stays expired. Marked filled, it is filled. One staff
 * hid reads as closed (to its owner and staff, the only ones who see it).
 */
export function callStatusOn(
  call: Pick<StoredCall, 'status' | 'applyBy' | 'closedOn'> & { hidden?: boolean },
  today: string,
): CallStatus {
  if (call.hidden && call.status === 'open') return 'closed';
  if (call.status === 'open') return call.applyBy < today ? 'expired' : 'open';
  if (call.status === 'closed' && call.closedOn !== null && call.closedOn > call.applyBy) return 'expired';
  return call.status;
}

/** Who is looking: a member (with their staff role), or nobody signed in. */
export type CallViewer = { id: number; role: 'user' | 'moderator' | 'admin' } | null;

/**
 * Whether `viewer` may see the call at all (else 404). An open call is public; a hidden one is its
 * owner's and staff's alone; a filled, closed or expired one is its owner's and its applicants'.
 */
export function canViewCall(
  viewer: CallViewer,
  call: StoredCall,
  today: string,
  viewerApplied: boolean,
): boolean {
  const isOwner = viewer !== null && viewer.id === call.ownerId;
  if (call.hidden) return isOwner || isModerator(viewer);
  if (callStatusOn(call, today) === 'open') return true;
  return isOwner || viewerApplied;
}

export type ApplyRefusal = 'own_call' | 'closed' | 'needs_profile';

/**
 * Whether a member may apply: not to their own call, only while it is open, and only with a role
 * on their profile. (The block rule and the daily cap are the server's: they need the database.)
 */
export function applyDecision(
  applicant: { id: number; roleCount: number },
  call: StoredCall,
  today: string,
): Decision<ApplyRefusal> {
  if (applicant.id === call.ownerId) return refuse('own_call');
  if (call.hidden || callStatusOn(call, today) !== 'open') return refuse('closed');
  if (applicant.roleCount === 0) return refuse('needs_profile');
  return allow;
}

/** Editing: the owner's (anyone else: 404), and only while the call is open. */
export function editDecision(
  viewerId: number,
  call: StoredCall,
  today: string,
): Decision<'not_owner' | 'not_open'> {
  if (viewerId !== call.ownerId) return refuse('not_owner');
  if (callStatusOn(call, today) !== 'open') return refuse('not_open');
  return allow;
}

/**
 * Closing (as filled, or just closed): the owner's, from open or expired (an expired call may
 * still be marked filled); a call already filled or closed stays as it is.
 */
export function closeDecision(viewerId: number, call: StoredCall): Decision<'not_owner' | 'not_open'> {
  if (viewerId !== call.ownerId) return refuse('not_owner');
  if (call.status !== 'open') return refuse('not_open');
  return allow;
}

/** The applications of a call are its owner's to read and answer; anyone else: 404. */
export const canManageApplications = (viewerId: number, call: Pick<StoredCall, 'ownerId'>) =>
  viewerId === call.ownerId;

/** Shortlisting or declining: not once the applicant is booked or withdrew. */
export function answerDecision(status: ApplicationStatus): Decision<'not_answerable'> {
  return status === 'booked' || status === 'withdrawn' ? refuse('not_answerable') : allow;
}

/** Booking an applicant: once, and never one who withdrew. */
export function bookDecision(status: ApplicationStatus): Decision<'already_booked' | 'not_answerable'> {
  if (status === 'booked') return refuse('already_booked');
  if (status === 'withdrawn') return refuse('not_answerable');
  return allow;
}

/** Withdrawing: the applicant's, while applied or shortlisted. */
export function withdrawDecision(status: ApplicationStatus): Decision<'not_withdrawable'> {
  return status === 'applied' || status === 'shortlisted' ? allow : refuse('not_withdrawable');
}

/** Working days in a week, for turning a weekly rate into a booking's day rate. */
export const WORKING_DAYS_PER_WEEK = 5;

/**
 * The day rate (cents) a booking made from a call asks (ADR 037): the rate the owner gives when
 * booking, else the call's highest rate (its lowest when it has no highest), per day as is, per
 * week divided by 5, a flat fee divided by the call's days (rounded up); never below 1 cent.
 * Null when there is no rate to go on.
 */
export function bookingDayRate(
  call: {
    rateMin: number | null;
    rateMax: number | null;
    rateUnit: CallRateUnit;
    startDate: string;
    endDate: string;
  },
  given?: number,
): number | null {
  if (given !== undefined) return given;
  const rate = call.rateMax ?? call.rateMin;
  if (rate === null) return null;
  if (call.rateUnit === 'day') return rate;
  if (call.rateUnit === 'week') return Math.max(1, Math.round(rate / WORKING_DAYS_PER_WEEK));
  const days = Math.round((Date.parse(call.endDate) - Date.parse(call.startDate)) / 86_400_000) + 1;
  return Math.max(1, Math.ceil(rate / days));
}
