import type { z } from 'zod';
import { personName } from '#common/people';
import {
  answerDecision,
  applyDecision,
  bookDecision,
  bookingDayRate,
  type CallViewer,
  callStatusOn,
  canManageApplications,
  canViewCall,
  closeDecision,
  editDecision,
  type StoredCall,
  withdrawDecision,
} from '#common/policies/calls';
import { contactDecision } from '#common/policies/contact';
import { isModerator } from '#common/policies/staff';
import type { AuthUser } from '#common/schemas/auth';
import type { CreateBookingRequest } from '#common/schemas/bookings';
import {
  type Application,
  type bookApplicationRequest,
  CALL_LIMITS,
  CALL_MESSAGES,
  type Call,
  type CallListResponse,
  type CallPerson,
  type CreateCallValues,
  callHref,
  type callListQuery,
  callProblems,
  type MyApplication,
  type updateCallRequest,
} from '#common/schemas/calls';
import type { Role } from '#common/schemas/roles';
import { loadContact, lockContactPair } from '#server/access/contact.ts';
import { assertPremium } from '#server/access/premium.ts';
import type { Database } from '#server/db/client.ts';
import { BadRequestError, ConflictError, NotFoundError } from '#server/errors.ts';
import { createBooking } from '#server/features/bookings/index.ts';
import { notify } from '#server/features/notifications/index.ts';
import { getRolesById } from '#server/features/roles/index.ts';
import { crewCardsOf } from '#server/features/search/index.ts';
import type { RequestAuth } from '#server/http/request-auth.ts';
import * as q from './queries.ts';

type Viewer = Pick<RequestAuth, 'user'>;
type Member = Pick<AuthUser, 'id' | 'role'>;
export type CallListValues = z.output<typeof callListQuery>;
export type UpdateCallValues = z.output<typeof updateCallRequest>;
export type BookApplicationValues = z.output<typeof bookApplicationRequest>;

/** Today in UTC, YYYY-MM-DD: the day every expiry is judged on (ADR 033, 037). */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

const utcDay = (at: Date | null) => (at ? todayUtc(at) : null);

export function storedCall(row: q.CallRow): StoredCall {
  return {
    ownerId: row.ownerId,
    status: row.status,
    applyBy: row.applyBy,
    closedOn: utcDay(row.closedAt),
    hidden: row.hiddenAt !== null,
  };
}

const viewerOf = (user: Member | null | undefined): CallViewer =>
  user ? { id: user.id, role: user.role } : null;

/** Cards of these members, by id (a card for anyone, crew or not). */
async function cardsById(db: Database, ids: number[]): Promise<Map<number, CallPerson>> {
  const unique = [...new Set(ids)];
  const cards = await crewCardsOf(db, unique);
  return new Map(cards.map(({ availability: _availability, ...card }) => [card.id, card]));
}

const noCard = (id: number): CallPerson => ({
  id,
  username: '',
  displayName: null,
  fallbackName: '',
  location: null,
  profileImage: null,
  roles: [],
  ratingAverage: 0,
  ratingCount: 0,
});

/** A call's role as the API gives it (the catalogue holds every role a call names: a foreign key). */
function rolePart(roles: Map<number, Role>, roleId: number): Call['role'] {
  const role = roles.get(roleId);
  if (!role) throw new Error(`role ${roleId} is not in the catalogue`);
  return { id: role.id, name: role.name, category: role.category };
}

/** Calls as the API gives them to `viewer`: the poster's card, the owner's count, the viewer's application. */
async function toCalls(
  db: Database,
  rows: q.CallRow[],
  viewer: Member | null,
  today: string,
  /** The viewer's applications to these calls, when the caller has already read them. */
  applied?: Awaited<ReturnType<typeof q.applicationsBy>>,
): Promise<Call[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const owned = viewer ? rows.filter((row) => row.ownerId === viewer.id).map((row) => row.id) : [];
  const [roles, posters, counts, mine] = await Promise.all([
    getRolesById(db),
    cardsById(
      db,
      rows.map((row) => row.ownerId),
    ),
    q.applicationCounts(db, owned),
    applied ?? (viewer ? q.applicationsBy(db, viewer.id, ids) : Promise.resolve(new Map())),
  ]);
  return rows.map((row) => {
    return {
      id: row.id,
      title: row.title,
      role: rolePart(roles, row.roleId),
      location: row.location,
      startDate: row.startDate,
      endDate: row.endDate,
      rateMin: row.rateMin,
      rateMax: row.rateMax,
      currency: row.currency,
      rateUnit: row.rateUnit,
      description: row.description,
      applyBy: row.applyBy,
      status: callStatusOn(storedCall(row), today),
      createdAt: row.createdAt.toISOString(),
      closedAt: row.closedAt?.toISOString() ?? null,
      poster: posters.get(row.ownerId) ?? noCard(row.ownerId),
      applicationCount: viewer && row.ownerId === viewer.id ? (counts.get(row.id) ?? 0) : null,
      myApplication: mine.get(row.id) ?? null,
    };
  });
}

async function toCall(db: Database, row: q.CallRow, viewer: Member | null, today: string): Promise<Call> {
  const [call] = await toCalls(db, [row], viewer, today);
  return call as Call;
}

async function assertRole(db: Database, roleId: number | undefined): Promise<void> {
  if (roleId === undefined) return;
  if (!(await getRolesById(db)).has(roleId))
    throw new BadRequestError(CALL_MESSAGES.roleNotFound, { roleId: CALL_MESSAGES.roleNotFound });
}

/**
 * POST /api/calls: Premium (403 otherwise), the role must exist, and at most
 * CALL_LIMITS.openPerMember open calls, counted under the member's lock so that posts sent at once
 * cannot pass it together.
 */
export async function createCall(db: Database, viewer: Viewer, input: CreateCallValues): Promise<Call> {
  assertPremium(viewer, 'calls');
  await assertRole(db, input.roleId);
  const today = todayUtc();
  const row = await db.transaction(async (tx) => {
    await q.lockOwnersCalls(tx, viewer.user.id);
    if ((await q.countOpenCalls(tx, viewer.user.id, today)) >= CALL_LIMITS.openPerMember)
      throw new BadRequestError(CALL_MESSAGES.tooManyOpen);
    return q.insertCall(tx, {
      ownerId: viewer.user.id,
      title: input.title,
      roleId: input.roleId,
      location: input.location,
      startDate: input.startDate,
      endDate: input.endDate,
      rateMin: input.rateMin ?? null,
      rateMax: input.rateMax ?? null,
      currency: input.currency,
      rateUnit: input.rateUnit,
      description: input.description,
      applyBy: input.applyBy,
    });
  });
  return toCall(db, row, viewer.user, today);
}

/**
 * What GET /api/calls/:id answers `viewer` (null: nobody signed in), or null for a 404: an open
 * call to anyone; a filled, closed or expired one to its owner and applicants; a hidden one to
 * its owner and staff; the call of a suspended or deleted member to nobody else.
 */
export async function getCallForViewer(
  db: Database,
  callId: number,
  viewer: Member | null,
  today = todayUtc(),
): Promise<Call | null> {
  const found = await q.findCall(db, callId);
  if (!found) return null;
  const { call, ownerActive } = found;
  const who = viewerOf(viewer);
  const isOwner = viewer?.id === call.ownerId;
  if (!ownerActive && !isOwner && !isModerator(who)) return null;
  const mine = viewer ? await q.applicationsBy(db, viewer.id, [callId]) : new Map();
  if (!canViewCall(who, storedCall(call), today, mine.has(callId))) return null;
  const [shown] = await toCalls(db, [call], viewer, today, mine);
  return shown as Call;
}

export async function getCall(db: Database, callId: number, viewer: Member | null): Promise<Call> {
  const call = await getCallForViewer(db, callId, viewer);
  if (!call) throw new NotFoundError(CALL_MESSAGES.notFound);
  return call;
}

/** The cursor of the public list: the last call's creation (microseconds) and id, opaque to clients. */
export const encodeCursor = (micros: string, id: number) =>
  Buffer.from(`${micros}.${id}`).toString('base64url');

function decodeCursor(cursor: string | undefined): { micros: string; id: number } | null {
  if (!cursor) return null;
  const [micros = '', id = ''] = Buffer.from(cursor, 'base64url').toString().split('.');
  if (!/^\d{1,20}$/.test(micros) || !/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647)
    throw new BadRequestError('Not a valid cursor', { cursor: 'Not a valid cursor' });
  return { micros, id: Number(id) };
}

/**
 * GET /api/calls: open calls (not hidden, not expired, their poster live), newest first, a page
 * at a time. `viewer` only adds their own application to each.
 */
export async function listCalls(
  db: Database,
  query: CallListValues,
  viewer: Member | null = null,
  today = todayUtc(),
): Promise<CallListResponse> {
  const rows = await q.listOpenCalls(db, today, {
    role: query.role,
    location: query.location,
    from: query.from,
    to: query.to,
    q: query.q,
    after: decodeCursor(query.cursor),
    limit: query.limit,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    calls: await toCalls(db, page, viewer, today),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.micros, last.id) : null,
  };
}

/** The ids of the calls the public list shows, and when each last changed (the sitemap's). */
export async function openCallIdsForSitemap(
  db: Database,
  today = todayUtc(),
): Promise<{ id: number; updatedAt: Date }[]> {
  return q.listableCallIds(db, today);
}

/** GET /api/me/calls: the member's calls, open ones first. */
export async function myCalls(db: Database, viewer: Viewer): Promise<{ calls: Call[] }> {
  const today = todayUtc();
  return { calls: await toCalls(db, await q.ownerCalls(db, viewer.user.id, today), viewer.user, today) };
}

const notFound = () => new NotFoundError(CALL_MESSAGES.notFound);
const applicationNotFound = () => new NotFoundError(CALL_MESSAGES.applicationNotFound);

/**
 * PATCH /api/calls/:id: the owner's (anyone else: 404), while the call is open (400 otherwise).
 * The rules between fields are checked on the stored call with the edit laid over it.
 */
export async function updateCall(
  db: Database,
  viewer: Viewer,
  callId: number,
  input: UpdateCallValues,
): Promise<Call> {
  const today = todayUtc();
  await assertRole(db, input.roleId);
  const row = await db.transaction(async (tx) => {
    const call = await q.lockCall(tx, callId);
    if (!call) throw notFound();
    const decision = editDecision(viewer.user.id, storedCall(call), today);
    if (!decision.ok) {
      if (decision.reason === 'not_owner') throw notFound();
      throw new BadRequestError(CALL_MESSAGES.notEditable);
    }
    const changes = definedOf(input);
    const merged = { ...call, ...changes };
    const problems = callProblems(merged);
    const [first] = problems;
    if (first)
      throw new BadRequestError(
        first.message,
        Object.fromEntries(problems.map((problem) => [problem.path, problem.message])),
      );
    return q.updateCall(tx, callId, changes);
  });
  return toCall(db, row, viewer.user, today);
}

/** The fields an edit sent (a field sent as null, a rate, clears it). */
function definedOf(input: UpdateCallValues): Partial<q.NewCall> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}

/** POST /api/calls/:id/close: the owner marks the call filled, or closes it. */
export async function closeCall(
  db: Database,
  viewer: Viewer,
  callId: number,
  filled: boolean,
): Promise<Call> {
  const today = todayUtc();
  const row = await db.transaction(async (tx) => {
    const call = await q.lockCall(tx, callId);
    if (!call) throw notFound();
    const decision = closeDecision(viewer.user.id, storedCall(call));
    if (!decision.ok) {
      if (decision.reason === 'not_owner') throw notFound();
      throw new ConflictError(CALL_MESSAGES.notOpen);
    }
    return q.updateCall(tx, callId, { status: filled ? 'filled' : 'closed', closedAt: new Date() });
  });
  return toCall(db, row, viewer.user, today);
}

/**
 * POST /api/calls/:id/applications. A call the applicant may not see, or whose poster blocked them
 * or whom they blocked (either way), is not found; their own call, a call no longer open, or a
 * profile without a role is a 400; a second application a 409 (the unique index decides, so two
 * at once make one); more than CALL_LIMITS.applicationsPerDay in 24 hours a 400, counted under
 * the applicant's lock. The owner gets a call_application notification.
 */
export async function apply(
  db: Database,
  viewer: Viewer,
  callId: number,
  note: string,
): Promise<MyApplication> {
  const today = todayUtc();
  const me = viewer.user;
  const id = await db.transaction(async (tx) => {
    const found = await q.findCall(tx, callId);
    if (!found?.ownerActive || found.call.hiddenAt !== null) throw notFound();
    const { call } = found;
    if (call.ownerId !== me.id) {
      // In the transaction: a block of the pair at the same moment waits for it, or it for the block.
      await lockContactPair(tx, me.id, call.ownerId);
      const { me: party, other } = await loadContact(tx, me.id, call.ownerId);
      if (!other || !contactDecision(party, other).ok) throw notFound();
    }
    const decision = applyDecision(
      { id: me.id, roleCount: await q.roleCount(tx, me.id) },
      storedCall(call),
      today,
    );
    if (!decision.ok) {
      if (decision.reason === 'own_call') throw new BadRequestError(CALL_MESSAGES.ownCall);
      if (decision.reason === 'closed') throw new BadRequestError(CALL_MESSAGES.closedCall);
      throw new BadRequestError(CALL_MESSAGES.needsProfile);
    }
    await q.lockApplicant(tx, me.id);
    if ((await q.applicationsBy(tx, me.id, [callId])).has(callId))
      throw new ConflictError(CALL_MESSAGES.alreadyApplied);
    if ((await q.countApplicationsToday(tx, me.id)) >= CALL_LIMITS.applicationsPerDay)
      throw new BadRequestError(CALL_MESSAGES.tooManyApplications);
    const row = await q.insertApplication(tx, { callId, applicantId: me.id, note });
    if (!row) throw new ConflictError(CALL_MESSAGES.alreadyApplied);
    await notify(
      tx,
      call.ownerId,
      'call_application',
      'New application',
      `${personName(me)} applied to your call “${call.title}”.`,
      { callId, applicationId: row.id },
    );
    return row.id;
  });
  const [mine] = await myApplicationsOf(db, me.id, today, id);
  return mine as MyApplication;
}

async function myApplicationsOf(
  db: Database,
  applicantId: number,
  today: string,
  onlyId?: number,
): Promise<MyApplication[]> {
  const rows = await q.applicationsOf(db, applicantId, onlyId);
  const [roles, posters] = await Promise.all([
    getRolesById(db),
    cardsById(
      db,
      rows.map((row) => row.call.ownerId),
    ),
  ]);
  return rows.map(({ application, call }) => {
    return {
      id: application.id,
      call: {
        id: call.id,
        title: call.title,
        role: rolePart(roles, call.roleId),
        location: call.location,
        startDate: call.startDate,
        endDate: call.endDate,
        // A call staff hid reads as closed (callStatusOn).
        status: callStatusOn(storedCall(call), today),
        poster: posters.get(call.ownerId) ?? noCard(call.ownerId),
      },
      note: application.note,
      status: application.status,
      bookingId: application.bookingId,
      createdAt: application.createdAt.toISOString(),
    };
  });
}

/** GET /api/me/applications: the member's applications, newest first, each with its call. */
export async function myApplications(
  db: Database,
  viewer: Viewer,
): Promise<{ applications: MyApplication[] }> {
  return { applications: await myApplicationsOf(db, viewer.user.id, todayUtc()) };
}

async function toApplications(db: Database, rows: q.ApplicationRow[]): Promise<Application[]> {
  const cards = await cardsById(
    db,
    rows.map((row) => row.applicantId),
  );
  return rows.map((row) => ({
    id: row.id,
    applicant: cards.get(row.applicantId) ?? noCard(row.applicantId),
    note: row.note,
    status: row.status,
    bookingId: row.bookingId,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The call, if `viewer` owns it: anyone else is told it does not exist. */
async function ownedCall(db: q.Executor, viewer: Viewer, callId: number, lock: boolean): Promise<q.CallRow> {
  const call = lock ? await q.lockCall(db, callId) : (await q.findCall(db, callId))?.call;
  if (!call || !canManageApplications(viewer.user.id, call)) throw notFound();
  return call;
}

/** GET /api/calls/:id/applications: the owner's, newest first. */
export async function listApplications(
  db: Database,
  viewer: Viewer,
  callId: number,
): Promise<{ applications: Application[] }> {
  await ownedCall(db, viewer, callId, false);
  return { applications: await toApplications(db, await q.listApplications(db, callId)) };
}

const UPDATE_NOTICE = {
  shortlisted: { title: 'Application shortlisted', verb: 'shortlisted' },
  declined: { title: 'Application declined', verb: 'declined' },
} as const;

/**
 * PATCH /api/calls/:id/applications/:applicationId: the owner shortlists or declines (not once
 * booked or withdrawn: 409). The applicant hears of a change (application_update).
 */
export async function answerApplication(
  db: Database,
  viewer: Viewer,
  callId: number,
  applicationId: number,
  status: 'shortlisted' | 'declined',
): Promise<Application> {
  const row = await db.transaction(async (tx) => {
    const call = await ownedCall(tx, viewer, callId, true);
    const application = await q.lockApplication(tx, callId, applicationId);
    if (!application) throw applicationNotFound();
    if (!answerDecision(application.status).ok) throw new ConflictError(CALL_MESSAGES.notAnswerable);
    if (application.status === status) return application;
    const changed = await q.setApplication(tx, applicationId, { status });
    const notice = UPDATE_NOTICE[status];
    await notify(
      tx,
      application.applicantId,
      'application_update',
      notice.title,
      `${personName(viewer.user)} ${notice.verb} your application to “${call.title}”.`,
      { callId, applicationId },
    );
    return changed;
  });
  const [application] = await toApplications(db, [row]);
  return application as Application;
}

/**
 * POST …/applications/:applicationId/book: a booking request to the applicant for the call's
 * days, role and rate, made by the booking service itself (Premium, blocks, the crew member's
 * booking_request: its refusals come back as they are), in the transaction that marks the
 * application booked, so a refusal leaves it as it was and two clicks make one booking.
 */
export async function bookApplication(
  db: Database,
  viewer: Viewer,
  callId: number,
  applicationId: number,
  input: BookApplicationValues,
): Promise<{ bookingId: number }> {
  return db.transaction(async (tx) => {
    const call = await ownedCall(tx, viewer, callId, true);
    const application = await q.lockApplication(tx, callId, applicationId);
    if (!application) throw applicationNotFound();
    const decision = bookDecision(application.status);
    if (!decision.ok)
      throw new ConflictError(
        decision.reason === 'already_booked' ? CALL_MESSAGES.alreadyBooked : CALL_MESSAGES.notAnswerable,
      );
    const rate = bookingDayRate(call, input.rate ?? undefined);
    if (rate === null)
      throw new BadRequestError(CALL_MESSAGES.dayRateMissing, { rate: CALL_MESSAGES.dayRateMissing });
    // The booking service opens a savepoint of this transaction (drizzle nests transactions so).
    const booking = await createBooking(tx as unknown as Database, viewer, {
      crewId: application.applicantId,
      roleId: call.roleId,
      startDate: call.startDate,
      endDate: call.endDate,
      rate,
      currency: call.currency as CreateBookingRequest['currency'],
      message: `For your application to “${call.title}” (${callHref(call.id)}).`,
    });
    await q.setApplication(tx, applicationId, { status: 'booked', bookingId: booking.id });
    await notify(
      tx,
      application.applicantId,
      'application_update',
      'You are booked',
      `${personName(viewer.user)} sent you a booking request for “${call.title}”: answer it in your bookings.`,
      { callId, applicationId },
    );
    return { bookingId: booking.id };
  });
}

/** POST …/applications/:applicationId/withdraw: the applicant's own, while applied or shortlisted. */
export async function withdrawApplication(
  db: Database,
  viewer: Viewer,
  callId: number,
  applicationId: number,
): Promise<MyApplication> {
  await db.transaction(async (tx) => {
    const application = await q.lockApplication(tx, callId, applicationId);
    if (!application || application.applicantId !== viewer.user.id) throw applicationNotFound();
    if (!withdrawDecision(application.status).ok) throw new ConflictError(CALL_MESSAGES.notWithdrawable);
    await q.setApplication(tx, applicationId, { status: 'withdrawn' });
  });
  const [mine] = await myApplicationsOf(db, viewer.user.id, todayUtc(), applicationId);
  return mine as MyApplication;
}

/**
 * The hourly job: calls open past their closing day are closed (closedAt now), so they read as
 * expired without the date check. Answers how many it closed.
 */
export async function closeExpiredCalls(db: Database, now = new Date()): Promise<number> {
  return (await q.closeExpiredCalls(db, todayUtc(now))).length;
}
