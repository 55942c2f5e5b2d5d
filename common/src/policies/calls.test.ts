import { describe, expect, it } from 'vitest';
import type { ApplicationStatus, CallStatus } from '../schemas/calls.ts';
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
} from './calls.ts';

const OWNER = 1;
const OTHER = 2;
const TODAY = '2026-03-10';

const call = (over: Partial<StoredCall> = {}): StoredCall => ({
  ownerId: OWNER,
  status: 'open',
  applyBy: TODAY,
  closedOn: null,
  hidden: false,
  ...over,
});

describe('callStatusOn (stored status × closing day × today)', () => {
  it.each<[Partial<StoredCall>, CallStatus]>([
    [{ status: 'open', applyBy: TODAY }, 'open'],
    [{ status: 'open', applyBy: '2026-03-11' }, 'open'],
    [{ status: 'open', applyBy: '2026-03-09' }, 'expired'],
    [{ status: 'filled', applyBy: '2026-03-09', closedOn: '2026-03-10' }, 'filled'],
    [{ status: 'closed', applyBy: '2026-03-12', closedOn: '2026-03-10' }, 'closed'],
    // Closed on its closing day: the owner closed it.
    [{ status: 'closed', applyBy: '2026-03-10', closedOn: '2026-03-10' }, 'closed'],
    // Closed after it: the hourly job (or the owner, once it had expired).
    [{ status: 'closed', applyBy: '2026-03-09', closedOn: '2026-03-10' }, 'expired'],
    // Hidden by staff: closed, unless the owner had marked it filled.
    [{ status: 'open', hidden: true }, 'closed'],
    [{ status: 'filled', closedOn: '2026-03-10', hidden: true }, 'filled'],
  ])('%j → %s', (over, expected) => {
    expect(callStatusOn(call(over), TODAY)).toBe(expected);
  });
});

describe('canViewCall (viewer × call)', () => {
  const owner: CallViewer = { id: OWNER, role: 'user' };
  const other: CallViewer = { id: OTHER, role: 'user' };
  const staff: CallViewer = { id: 9, role: 'moderator' };
  it.each<[string, CallViewer, Partial<StoredCall>, boolean, boolean]>([
    ['open, a visitor', null, {}, false, true],
    ['open, a member', other, {}, false, true],
    ['expired, a visitor', null, { applyBy: '2026-03-01' }, false, false],
    ['expired, a member', other, { applyBy: '2026-03-01' }, false, false],
    ['expired, an applicant', other, { applyBy: '2026-03-01' }, true, true],
    ['expired, the owner', owner, { applyBy: '2026-03-01' }, false, true],
    ['filled, a member', other, { status: 'filled', closedOn: TODAY }, false, false],
    ['filled, an applicant', other, { status: 'filled', closedOn: TODAY }, true, true],
    ['closed, the owner', owner, { status: 'closed', closedOn: TODAY }, false, true],
    ['hidden, a member', other, { hidden: true }, false, false],
    ['hidden, an applicant', other, { hidden: true }, true, false],
    ['hidden, the owner', owner, { hidden: true }, false, true],
    ['hidden, staff', staff, { hidden: true }, false, true],
    ['closed, staff', staff, { status: 'closed', closedOn: TODAY }, false, false],
  ])('%s', (_name, viewer, over, applied, expected) => {
    expect(canViewCall(viewer, call(over), TODAY, applied)).toBe(expected);
  });
});

describe('applyDecision', () => {
  it.each<[number, number, Partial<StoredCall>, string]>([
    [OTHER, 1, {}, 'ok'],
    [OWNER, 1, {}, 'own_call'],
    [OWNER, 0, { status: 'closed' }, 'own_call'],
    [OTHER, 1, { status: 'closed', closedOn: TODAY }, 'closed'],
    [OTHER, 1, { status: 'filled', closedOn: TODAY }, 'closed'],
    [OTHER, 1, { applyBy: '2026-03-09' }, 'closed'],
    [OTHER, 1, { hidden: true }, 'closed'],
    [OTHER, 0, {}, 'needs_profile'],
  ])('member %i with %i roles, call %j → %s', (id, roleCount, over, expected) => {
    const decision = applyDecision({ id, roleCount }, call(over), TODAY);
    expect(decision.ok ? 'ok' : decision.reason).toBe(expected);
  });
});

describe('the owner: edit, close, applications', () => {
  it.each<[number, Partial<StoredCall>, string, string]>([
    [OWNER, {}, 'ok', 'ok'],
    [OTHER, {}, 'not_owner', 'not_owner'],
    [OWNER, { applyBy: '2026-03-09' }, 'not_open', 'ok'],
    [OWNER, { status: 'filled', closedOn: TODAY }, 'not_open', 'not_open'],
    [OWNER, { status: 'closed', closedOn: TODAY }, 'not_open', 'not_open'],
    [OTHER, { status: 'closed', closedOn: TODAY }, 'not_owner', 'not_owner'],
  ])('member %i, call %j: edit %s, close %s', (viewer, over, edit, close) => {
    const e = editDecision(viewer, call(over), TODAY);
    const c = closeDecision(viewer, call(over));
    expect(e.ok ? 'ok' : e.reason).toBe(edit);
    expect(c.ok ? 'ok' : c.reason).toBe(close);
  });

  it('only the owner manages applications', () => {
    expect(canManageApplications(OWNER, call())).toBe(true);
    expect(canManageApplications(OTHER, call())).toBe(false);
  });
});

describe('application status changes', () => {
  it.each<[ApplicationStatus, string, string, string]>([
    ['applied', 'ok', 'ok', 'ok'],
    ['shortlisted', 'ok', 'ok', 'ok'],
    ['declined', 'ok', 'ok', 'not_withdrawable'],
    ['booked', 'not_answerable', 'already_booked', 'not_withdrawable'],
    ['withdrawn', 'not_answerable', 'not_answerable', 'not_withdrawable'],
  ])('%s: answer %s, book %s, withdraw %s', (status, answer, book, withdraw) => {
    const a = answerDecision(status);
    const b = bookDecision(status);
    const w = withdrawDecision(status);
    expect(a.ok ? 'ok' : a.reason).toBe(answer);
    expect(b.ok ? 'ok' : b.reason).toBe(book);
    expect(w.ok ? 'ok' : w.reason).toBe(withdraw);
  });
});

describe('bookingDayRate (ADR 037)', () => {
  const days = { startDate: '2026-04-01', endDate: '2026-04-03' };
  it.each<[string, number | null, number | null, 'day' | 'week' | 'flat', number | undefined, number | null]>(
    [
      ['a day rate, the highest', 30_000, 45_000, 'day', undefined, 45_000],
      ['a day rate, only the lowest', 30_000, null, 'day', undefined, 30_000],
      ['a weekly rate over 5 days', null, 150_001, 'week', undefined, 30_000],
      ['a weekly rate, rounded', null, 150_003, 'week', undefined, 30_001],
      ['a flat fee over 3 days, rounded up', null, 100_000, 'flat', undefined, 33_334],
      ['a tiny weekly rate is at least 1 cent', 1, 2, 'week', undefined, 1],
      ['no rate', null, null, 'day', undefined, null],
      ['no rate, one given', null, null, 'flat', 25_000, 25_000],
      ['a rate given beats the call’s', 30_000, 45_000, 'week', 40_000, 40_000],
    ],
  )('%s', (_name, rateMin, rateMax, rateUnit, given, expected) => {
    expect(bookingDayRate({ rateMin, rateMax, rateUnit, ...days }, given)).toBe(expected);
  });
});
