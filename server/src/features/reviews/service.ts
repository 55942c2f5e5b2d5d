import { LIMITS } from '#common/limits';
import { personName } from '#common/people';
import {
  canReport,
  canReview,
  deleteDecision,
  editDecision,
  oldEnoughToReview,
  type ReviewFacts,
  reviewVisibility,
  seesAllReviewsOf,
  thankDecision,
} from '#common/policies/reviews';
import { FORMER_MEMBER } from '#common/schemas/account-deletion';
import type { AuthUser } from '#common/schemas/auth';
import {
  type CreateReviewValues,
  REVIEW_MESSAGES,
  type Review,
  type ReviewListResponse,
  type ReviewReportResponse,
  type ReviewSort,
  type UpdateReviewValues,
} from '#common/schemas/reviews';
import { isVerifiedCollaboration } from '#server/access/collaboration.ts';
import { premiumRequired } from '#server/access/premium.ts';
import type { Database } from '#server/db/client.ts';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from '#server/errors.ts';
import { notify } from '#server/features/notifications/index.ts';
import * as q from './queries.ts';

type Viewer = Pick<AuthUser, 'id' | 'role' | 'isSubscribed'>;

const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    if ('code' in current && typeof current.code === 'string') return current.code;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

/** A locked row as the reviews policy reads it. */
const factsOf = (row: { subjectId: number; reviewerId: number; hiddenAt: Date | null }): ReviewFacts => ({
  subjectId: row.subjectId,
  reviewerId: row.reviewerId,
  hidden: row.hiddenAt !== null,
});

/** What the person reviewed reads in their notifications. */
export function newReviewNotice(authorName: string, rating: number) {
  return { title: 'New review', message: `${authorName} left you a ${rating}-star review.` };
}

function toReview(row: q.ReviewRow): Review {
  return {
    id: row.id,
    subjectId: row.subjectId,
    // A review stays when its author deletes their account (ADR 026), by "Former member".
    reviewer: row.reviewerDeleted
      ? {
          id: row.reviewerId,
          username: FORMER_MEMBER,
          displayName: FORMER_MEMBER,
          fallbackName: FORMER_MEMBER,
          profileImage: null,
          formerMember: true,
        }
      : {
          id: row.reviewerId,
          username: row.reviewerUsername,
          displayName: row.reviewerDisplayName,
          fallbackName: row.reviewerFallbackName,
          profileImage: row.reviewerProfileImage,
          formerMember: false,
        },
    rating: row.rating,
    text: row.text,
    projectName: row.projectName,
    role: row.roleId !== null && row.roleName !== null ? { id: row.roleId, name: row.roleName } : null,
    verifiedCollaboration: row.verifiedCollaboration,
    thankedAt: row.thankedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.updatedAt > row.createdAt ? row.updatedAt.toISOString() : null,
    hidden: row.hiddenAt !== null,
  };
}

async function loadReview(db: q.Executor, reviewId: number): Promise<Review> {
  const row = await q.findReview(db, reviewId);
  if (!row) throw new NotFoundError(REVIEW_MESSAGES.notFound);
  return toReview(row);
}

export function summaryOf(row: Awaited<ReturnType<typeof q.findSummary>>): ReviewListResponse['summary'] {
  const s = row ?? {
    reviewCount: 0,
    ratingSum: 0,
    count1: 0,
    count2: 0,
    count3: 0,
    count4: 0,
    count5: 0,
    verifiedCount: 0,
  };
  return {
    average: q.ratingAverage(s.ratingSum, s.reviewCount),
    count: s.reviewCount,
    distribution: { '1': s.count1, '2': s.count2, '3': s.count3, '4': s.count4, '5': s.count5 },
    verifiedCount: s.verifiedCount,
  };
}

export async function listReviews(
  db: Database,
  subjectId: number,
  query: { sort: ReviewSort; page: number; limit: number },
  viewer: Viewer | null,
): Promise<ReviewListResponse> {
  const full = seesAllReviewsOf(viewer, subjectId);
  // Asking for more than the newest few without Premium is refused, never quietly answered with
  // the first page: the member must know what they are not seeing.
  if (!full && (query.page > 1 || query.sort !== 'newest')) throw premiumRequired('allReviews');
  const { sort, page } = query;
  const pageSize = full ? query.limit : LIMITS.reviewsFreeVisible;
  const [subject, summaryRow, rows, mine] = await Promise.all([
    q.findPerson(db, subjectId),
    q.findSummary(db, subjectId),
    q.listReviews(db, subjectId, { sort, offset: (page - 1) * pageSize, limit: pageSize }),
    viewer && canReview(viewer.id, subjectId) ? q.findReviewBy(db, subjectId, viewer.id) : undefined,
  ]);
  if (!subject) throw new NotFoundError(REVIEW_MESSAGES.profileNotFound);
  const summary = summaryOf(summaryRow);
  return {
    summary,
    reviews: rows.map(toReview),
    total: summary.count,
    hiddenCount: full ? 0 : Math.max(0, summary.count - LIMITS.reviewsFreeVisible),
    page,
    pageSize,
    sort,
    fullAccess: full,
    myReview: mine ? toReview(mine) : null,
  };
}

/**
 * One review, for links such as /profile/{id}?review={id}, as reviewVisibility decides: a review
 * the viewer may not know of is not found; one they could see only among the newest few, and is
 * not, asks for Premium.
 */
async function assertVisible(db: q.Executor, review: ReviewFacts & { id: number }, viewer: Viewer | null) {
  const visibility = reviewVisibility(viewer, review);
  if (visibility === 'unseen') throw new NotFoundError(REVIEW_MESSAGES.notFound);
  if (
    visibility === 'if_newest' &&
    !(await q.isAmongNewest(db, review.subjectId, review.id, LIMITS.reviewsFreeVisible))
  ) {
    throw premiumRequired('allReviews');
  }
}

export async function getReview(db: Database, reviewId: number, viewer: Viewer | null): Promise<Review> {
  const parties = await q.findReviewParties(db, reviewId);
  if (!parties) throw new NotFoundError(REVIEW_MESSAGES.notFound);
  await assertVisible(db, parties, viewer);
  return loadReview(db, reviewId);
}

async function requireRole(db: q.Executor, roleId: number | null | undefined) {
  if (roleId === null || roleId === undefined) return;
  if (!(await q.roleName(db, roleId))) {
    throw new BadRequestError(REVIEW_MESSAGES.unknownRole, { roleId: REVIEW_MESSAGES.unknownRole });
  }
}

const duplicate = () => new ConflictError(REVIEW_MESSAGES.duplicate);

export async function createReview(
  db: Database,
  subjectId: number,
  reviewer: Viewer,
  input: CreateReviewValues,
): Promise<Review> {
  if (!canReview(reviewer.id, subjectId)) throw new BadRequestError(REVIEW_MESSAGES.selfReview);
  const [subject, author] = await Promise.all([q.findPerson(db, subjectId), q.findPerson(db, reviewer.id)]);
  if (!subject) throw new NotFoundError(REVIEW_MESSAGES.profileNotFound);
  if (!author) throw new UnauthorizedError(REVIEW_MESSAGES.signIn);
  if (!oldEnoughToReview(author.ageHours)) throw new ForbiddenError(REVIEW_MESSAGES.newAccount);
  await requireRole(db, input.roleId);

  try {
    const reviewId = await db.transaction(async (tx) => {
      // One reviewer's writes in turn: the duplicate check and the daily cap cannot be raced.
      await q.lockReviewer(tx, reviewer.id);
      if (await q.findReviewBy(tx, subjectId, reviewer.id)) throw duplicate();
      if ((await q.countReviewsWrittenToday(tx, reviewer.id)) >= LIMITS.reviewsPerDay) {
        throw new BadRequestError(REVIEW_MESSAGES.dailyCap);
      }
      const verifiedCollaboration = await isVerifiedCollaboration(tx, reviewer.id, subjectId);
      const created = await q.insertReview(tx, {
        subjectId,
        reviewerId: reviewer.id,
        rating: input.rating,
        text: input.text,
        projectName: input.projectName ?? null,
        roleId: input.roleId ?? null,
        verifiedCollaboration,
      });
      if (!created) throw duplicate();
      await q.applyRatingDelta(
        tx,
        subjectId,
        q.reviewDelta({ rating: input.rating, verifiedCollaboration }, 1),
      );
      const notice = newReviewNotice(personName(author), input.rating);
      await notify(tx, subjectId, 'review', notice.title, notice.message, {
        reviewId: created.id,
        rating: input.rating,
      });
      return created.id;
    });
    return loadReview(db, reviewId);
  } catch (error) {
    // Belt and braces: the insert skips a duplicate, but should a violation ever surface it is a 409.
    if (causeCode(error) === UNIQUE_VIOLATION) throw duplicate();
    if (causeCode(error) === CHECK_VIOLATION) throw new BadRequestError(REVIEW_MESSAGES.selfReview);
    throw error;
  }
}

const editRefusal = (reason: 'unseen' | 'not_author' | 'hidden') =>
  reason === 'unseen'
    ? new NotFoundError(REVIEW_MESSAGES.notFound)
    : new ForbiddenError(reason === 'hidden' ? REVIEW_MESSAGES.hiddenEdit : REVIEW_MESSAGES.notAuthor);

/**
 * Someone else's review, refused for the route before the body is even read. Whether it is hidden
 * is the locked row's to say, in updateReview.
 */
export async function assertMayEdit(db: Database, reviewId: number, viewer: Viewer): Promise<void> {
  const parties = await q.findReviewParties(db, reviewId);
  if (!parties) throw new NotFoundError(REVIEW_MESSAGES.notFound);
  const decision = editDecision(viewer, parties);
  if (!decision.ok && decision.reason !== 'hidden') throw editRefusal(decision.reason);
}

/** Edits the author's review; the aggregate moves by the change of rating in the same transaction. */
export async function updateReview(
  db: Database,
  reviewId: number,
  viewer: Viewer,
  input: UpdateReviewValues,
): Promise<Review> {
  await requireRole(db, input.roleId);
  await db.transaction(async (tx) => {
    const row = await q.lockReview(tx, reviewId);
    if (!row) throw new NotFoundError(REVIEW_MESSAGES.notFound);
    const decision = editDecision(viewer, factsOf(row));
    if (!decision.ok) throw editRefusal(decision.reason);
    const verifiedCollaboration = await isVerifiedCollaboration(tx, row.reviewerId, row.subjectId);
    const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    // Nothing sent, nothing changed: the review does not become "edited".
    if (Object.keys(changes).length === 0) return;
    await q.updateReview(tx, reviewId, { ...changes, verifiedCollaboration });
    const after = { rating: input.rating ?? row.rating, verifiedCollaboration };
    await q.applyRatingDelta(tx, row.subjectId, q.addDeltas(q.reviewDelta(row, -1), q.reviewDelta(after, 1)));
  });
  return loadReview(db, reviewId);
}

/** Deletes a review (its author's alone: staff hide instead); answers whose aggregate changed. */
export async function deleteReview(
  db: Database,
  reviewId: number,
  viewer: Viewer,
): Promise<{ subjectId: number }> {
  return db.transaction(async (tx) => {
    const row = await q.lockReview(tx, reviewId);
    if (!row) throw new NotFoundError(REVIEW_MESSAGES.notFound);
    const decision = deleteDecision(viewer, factsOf(row));
    if (!decision.ok) {
      if (decision.reason === 'unseen') throw new NotFoundError(REVIEW_MESSAGES.notFound);
      if (decision.reason === 'hidden') throw new ConflictError(REVIEW_MESSAGES.hiddenDelete);
      throw new ForbiddenError(REVIEW_MESSAGES.notAuthorDelete);
    }
    await q.deleteReview(tx, reviewId);
    if (!row.hiddenAt) await q.applyRatingDelta(tx, row.subjectId, q.reviewDelta(row, -1));
    return { subjectId: row.subjectId };
  });
}

/**
 * Moderation: a hidden review counts nowhere (aggregate, lists, search); restoring counts it again.
 * Both are idempotent. The moderation routes call these; the caller invalidates the profile cache.
 */
export async function hideReview(db: Transactor, reviewId: number) {
  return setHidden(db, reviewId, true);
}

export async function restoreReview(db: Transactor, reviewId: number) {
  return setHidden(db, reviewId, false);
}

/** The database, or a transaction the caller runs (the staff routes audit in the same one). */
type Transactor = Pick<Database, 'transaction'>;

async function setHidden(db: Transactor, reviewId: number, hidden: boolean) {
  return db.transaction(async (tx) => {
    const row = await q.lockReview(tx, reviewId);
    if (!row) throw new NotFoundError(REVIEW_MESSAGES.notFound);
    const changed = (row.hiddenAt !== null) !== hidden;
    if (changed) {
      await q.setHidden(tx, reviewId, hidden);
      await q.applyRatingDelta(tx, row.subjectId, q.reviewDelta(row, hidden ? -1 : 1));
    }
    return { subjectId: row.subjectId, changed };
  });
}

const thankRefusal = (reason: 'unseen' | 'not_subject' | 'thanked') => {
  if (reason === 'unseen') return new NotFoundError(REVIEW_MESSAGES.notFound);
  if (reason === 'not_subject') return new ForbiddenError(REVIEW_MESSAGES.thankNotSubject);
  return new ConflictError(REVIEW_MESSAGES.alreadyThanked);
};

/** The person reviewed thanks the reviewer, once; the reviewer hears about it. */
export async function thankReview(db: Database, reviewId: number, viewer: Viewer): Promise<Review> {
  await db.transaction(async (tx) => {
    const row = await q.lockReview(tx, reviewId);
    if (!row) throw new NotFoundError(REVIEW_MESSAGES.notFound);
    // The row is locked, so no other thank can come between the policy's answer and the mark.
    const decision = thankDecision(viewer, { ...factsOf(row), thanked: row.thankedAt !== null });
    if (!decision.ok) throw thankRefusal(decision.reason);
    await q.markThanked(tx, reviewId);
    const subject = await q.findPerson(tx, row.subjectId);
    await notify(
      tx,
      row.reviewerId,
      'system',
      'Your review was appreciated',
      `${subject ? personName(subject) : 'Someone'} thanked you for your review.`,
      { reviewId, senderId: row.subjectId },
    );
  });
  return loadReview(db, reviewId);
}

/** Any signed-in user may report a review they can see, once; reports wait for moderation. */
export async function reportReview(
  db: Database,
  reviewId: number,
  viewer: Viewer,
  reason: string,
): Promise<ReviewReportResponse> {
  const parties = await q.findReviewParties(db, reviewId);
  if (!parties) throw new NotFoundError(REVIEW_MESSAGES.notFound);
  await assertVisible(db, parties, viewer);
  if (!canReport(viewer, parties)) throw new BadRequestError(REVIEW_MESSAGES.reportOwn);
  const report = await q.insertReport(db, reviewId, viewer.id, reason.trim());
  if (!report) throw new ConflictError(REVIEW_MESSAGES.alreadyReported);
  return { reviewId: report.reviewId, reportedAt: report.createdAt.toISOString() };
}
