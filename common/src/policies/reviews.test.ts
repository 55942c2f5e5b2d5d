import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits.ts';
import type { UserRole } from '../schemas/auth.ts';
import {
  canDeleteReview,
  canReport,
  canReview,
  deleteDecision,
  editDecision,
  isVerifiedCollaboration,
  oldEnoughToReview,
  type ReviewFacts,
  type ReviewViewer,
  reviewVisibility,
  seesAllReviewsOf,
  thankDecision,
} from './reviews.ts';

const AUTHOR = 1;
const SUBJECT = 2;
const OTHER = 3;
const review = (hidden = false): ReviewFacts => ({ reviewerId: AUTHOR, subjectId: SUBJECT, hidden });
const viewer = (id: number, role: UserRole = 'user', isSubscribed = false): ReviewViewer => ({
  id,
  role,
  isSubscribed,
});
const decided = (expected: string | true) =>
  expected === true ? { ok: true } : { ok: false, reason: expected };

/** The people a review meets. */
const WHO: [string, ReviewViewer | null][] = [
  ['a visitor', null],
  ['a free member', viewer(OTHER)],
  ['a Premium member', viewer(OTHER, 'user', true)],
  ['the author', viewer(AUTHOR)],
  ['the person reviewed', viewer(SUBJECT)],
  ['a moderator', viewer(OTHER, 'moderator')],
  ['an admin', viewer(OTHER, 'admin')],
];

describe('seeing reviews (who × hidden)', () => {
  const expected: Record<string, { all: boolean; visible: string; hidden: string }> = {
    'a visitor': { all: false, visible: 'if_newest', hidden: 'unseen' },
    'a free member': { all: false, visible: 'if_newest', hidden: 'unseen' },
    'a Premium member': { all: true, visible: 'open', hidden: 'unseen' },
    'the author': { all: false, visible: 'open', hidden: 'open' },
    'the person reviewed': { all: true, visible: 'open', hidden: 'unseen' },
    'a moderator': { all: true, visible: 'open', hidden: 'open' },
    'an admin': { all: true, visible: 'open', hidden: 'open' },
  };
  it.each(WHO)('%s', (who, v) => {
    const want = expected[who];
    expect(seesAllReviewsOf(v, SUBJECT)).toBe(want?.all);
    expect(reviewVisibility(v, review(false))).toBe(want?.visible);
    expect(reviewVisibility(v, review(true))).toBe(want?.hidden);
  });
});

describe('editing, deleting, thanking, reporting (who × hidden)', () => {
  const expected: Record<
    string,
    {
      edit: [true | string, true | string] | null;
      delete: [true | string, true | string];
      thank: true | string;
      report: boolean;
    }
  > = {
    'a visitor': { edit: null, delete: ['not_author', 'unseen'], thank: 'not_subject', report: false },
    'a free member': {
      edit: ['not_author', 'unseen'],
      delete: ['not_author', 'unseen'],
      thank: 'not_subject',
      report: true,
    },
    'a Premium member': {
      edit: ['not_author', 'unseen'],
      delete: ['not_author', 'unseen'],
      thank: 'not_subject',
      report: true,
    },
    'the author': { edit: [true, 'hidden'], delete: [true, 'hidden'], thank: 'not_subject', report: false },
    'the person reviewed': {
      edit: ['not_author', 'unseen'],
      delete: ['not_author', 'unseen'],
      thank: true,
      report: true,
    },
    'a moderator': {
      edit: ['not_author', 'not_author'],
      delete: ['not_author', 'not_author'],
      thank: 'not_subject',
      report: true,
    },
    'an admin': {
      edit: ['not_author', 'not_author'],
      delete: ['not_author', 'not_author'],
      thank: 'not_subject',
      report: true,
    },
  };
  it.each(WHO)('%s', (who, v) => {
    const want = expected[who];
    if (!want) throw new Error(who);
    // A visitor never reaches an edit: signing in is asked first.
    if (v && want.edit) {
      expect(editDecision(v, review(false))).toEqual(decided(want.edit[0]));
      expect(editDecision(v, review(true))).toEqual(decided(want.edit[1]));
    }
    expect(deleteDecision(v, review(false))).toEqual(decided(want.delete[0]));
    expect(deleteDecision(v, review(true))).toEqual(decided(want.delete[1]));
    expect(canDeleteReview(v, review(false))).toBe(want.delete[0] === true);
    expect(canDeleteReview(v, review(true))).toBe(want.delete[1] === true);
    expect(thankDecision(v, { ...review(false), thanked: false })).toEqual(decided(want.thank));
    expect(canReport(v, review(false))).toBe(want.report);
  });

  it.each<[boolean, boolean, true | string]>([
    [false, false, true],
    [false, true, 'thanked'],
    [true, false, 'unseen'],
    [true, true, 'unseen'],
  ])(
    'the person reviewed thanks a review (hidden %s, thanked already %s): %s',
    (hidden, thanked, expected) => {
      expect(thankDecision(viewer(SUBJECT), { ...review(hidden), thanked })).toEqual(decided(expected));
    },
  );
});

describe('writing a review', () => {
  it.each([
    [AUTHOR, SUBJECT, true],
    [SUBJECT, SUBJECT, false],
  ])('member %i reviewing member %i: %s', (reviewer, subject, expected) => {
    expect(canReview(reviewer, subject)).toBe(expected);
  });

  it.each([
    [0, false],
    [LIMITS.reviewMinAccountAgeHours - 0.5, false],
    [LIMITS.reviewMinAccountAgeHours, true],
    [LIMITS.reviewMinAccountAgeHours * 10, true],
  ])('an account %s hours old may review: %s', (hours, expected) => {
    expect(oldEnoughToReview(hours)).toBe(expected);
  });

  it.each([
    [false, false, false],
    [true, false, true],
    [false, true, true],
    [true, true, true],
  ])('booked together %s, same team %s: verified %s', (bookedTogether, sameTeam, expected) => {
    expect(isVerifiedCollaboration({ bookedTogether, sameTeam })).toBe(expected);
  });
});
