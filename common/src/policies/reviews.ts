import { LIMITS } from '../limits.ts';
import type { UserRole } from '../schemas/auth.ts';
import { allow, type Decision, refuse } from './decision.ts';
import { hasPremium } from './premium.ts';
import { isModerator } from './staff.ts';

export interface ReviewViewer {
  id: number;
  role: UserRole;
  isSubscribed: boolean;
}

/** What the review rules read of a review: who wrote it, about whom, and whether staff hid it. */
export interface ReviewFacts {
  subjectId: number;
  reviewerId: number;
  hidden: boolean;
}

export const isReviewAuthor = (viewer: { id: number } | null, review: Pick<ReviewFacts, 'reviewerId'>) =>
  viewer?.id === review.reviewerId;

export const isReviewSubject = (viewer: { id: number } | null, review: Pick<ReviewFacts, 'subjectId'>) =>
  viewer?.id === review.subjectId;

/** Premium members, the person reviewed and moderators read every review; others the newest few. */
export const seesAllReviewsOf = (viewer: ReviewViewer | null, subjectId: number) =>
  viewer !== null && (hasPremium(viewer) || isReviewSubject(viewer, { subjectId }) || isModerator(viewer));

/**
 * Whether the viewer may open one review (a link such as /profile/{id}?review={id}): `open`, or
 * `if_newest` when only if it is among the newest few (what they could list), or `unseen`: a
 * hidden review exists only for its author and moderators.
 */
export function reviewVisibility(
  viewer: ReviewViewer | null,
  review: ReviewFacts,
): 'open' | 'if_newest' | 'unseen' {
  const isAuthor = isReviewAuthor(viewer, review);
  if (review.hidden) return isAuthor || isModerator(viewer) ? 'open' : 'unseen';
  return isAuthor || seesAllReviewsOf(viewer, review.subjectId) ? 'open' : 'if_newest';
}

/** Nobody reviews themselves. */
export const canReview = (reviewerId: number, subjectId: number) => reviewerId !== subjectId;

/** New accounts wait a while before reviewing, so a grudge cannot sign up and strike at once. */
export const oldEnoughToReview = (accountAgeHours: number) =>
  accountAgeHours >= LIMITS.reviewMinAccountAgeHours;

/**
 * Editing: the author's alone, and not once staff hid it. Someone else's hidden review is `unseen`
 * unless they are a moderator.
 */
export function editDecision(
  viewer: Pick<ReviewViewer, 'id' | 'role'>,
  review: ReviewFacts,
): Decision<'unseen' | 'not_author' | 'hidden'> {
  if (isReviewAuthor(viewer, review)) return review.hidden ? refuse('hidden') : allow;
  if (review.hidden && !isModerator(viewer)) return refuse('unseen');
  return refuse('not_author');
}

/**
 * Only its author deletes a review. Staff hide one instead (reversible, audited, through
 * /api/admin): no staff power lives outside the guarded routes (issue 29). A hidden review stays
 * its author's (issue 30): deleting it (`hidden`, a 409) would let them post it again; someone
 * else's hidden review is `unseen` (404, as for none) unless they are a moderator.
 */
export function deleteDecision(
  viewer: Pick<ReviewViewer, 'id' | 'role'> | null,
  review: ReviewFacts,
): Decision<'unseen' | 'not_author' | 'hidden'> {
  if (isReviewAuthor(viewer, review)) return review.hidden ? refuse('hidden') : allow;
  if (review.hidden && !isModerator(viewer)) return refuse('unseen');
  return refuse('not_author');
}

export const canDeleteReview = (viewer: Pick<ReviewViewer, 'id' | 'role'> | null, review: ReviewFacts) =>
  deleteDecision(viewer, review).ok;

/** The person reviewed thanks the reviewer, once, for a review that is not hidden. */
export function thankDecision(
  viewer: { id: number } | null,
  review: ReviewFacts & { thanked: boolean },
): Decision<'unseen' | 'not_subject' | 'thanked'> {
  if (review.hidden) return refuse('unseen');
  if (!isReviewSubject(viewer, review)) return refuse('not_subject');
  if (review.thanked) return refuse('thanked');
  return allow;
}

/** Any signed-in member reports a review they can see, except their own. */
export const canReport = (viewer: { id: number } | null, review: Pick<ReviewFacts, 'reviewerId'>) =>
  viewer !== null && !isReviewAuthor(viewer, review);

/**
 * "Verified collaboration": the two worked together, either way round: a booking between them
 * that was accepted and whose last day is past, or a team both were on whose end date is past
 * (the facts say so only once the work is over: server/src/access/queries.ts).
 */
export const isVerifiedCollaboration = (facts: { bookedTogether: boolean; sameTeam: boolean }) =>
  facts.bookedTogether || facts.sameTeam;
