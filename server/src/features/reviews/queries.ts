import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ReviewSort } from '#common/schemas/reviews';
import type { Database } from '#server/db/client.ts';
import { ratingSummaries, reviewReports, reviews, roles, users } from '#server/db/schema/index.ts';

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Mean rating rounded to 2 decimals; 0 for a person never reviewed. */
export function ratingAverage(sum: number, reviewCount: number): number {
  return reviewCount > 0 ? Math.round((sum / reviewCount) * 100) / 100 : 0;
}

/**
 * Rating aggregates of these people recomputed from their visible reviews, in one statement.
 * The seed uses it for whole batches; a summary row is written for everyone with reviews, and an
 * existing row of someone left without any is set back to zero.
 */
export async function summariseRatings(tx: Pick<Database, 'execute'>, userIds: number[]) {
  await tx.execute(sql`
    insert into rating_summaries (user_id, review_count, rating_sum, count_1, count_2, count_3, count_4, count_5, verified_count)
    select s.id, count(r.id), coalesce(sum(r.rating), 0),
      count(*) filter (where r.rating = 1), count(*) filter (where r.rating = 2), count(*) filter (where r.rating = 3),
      count(*) filter (where r.rating = 4), count(*) filter (where r.rating = 5), count(*) filter (where r.verified_collaboration)
    from unnest(${sql.param(userIds)}::integer[]) as s(id)
    left join reviews r on r.subject_id = s.id and r.hidden_at is null
    group by s.id
    having count(r.id) > 0 or exists (select 1 from rating_summaries rs where rs.user_id = s.id)
    on conflict (user_id) do update set review_count = excluded.review_count, rating_sum = excluded.rating_sum,
      count_1 = excluded.count_1, count_2 = excluded.count_2, count_3 = excluded.count_3,
      count_4 = excluded.count_4, count_5 = excluded.count_5, verified_count = excluded.verified_count`);
}

/** A change to one person's aggregate: +1/-1 review of a rating, or the move of one review between ratings. */
export interface RatingDelta {
  count: number;
  sum: number;
  /** Change per star value 1..5 (index 0 = one star). */
  stars: [number, number, number, number, number];
  verified: number;
}

/** The delta of adding (sign 1) or removing (sign -1) one visible review. */
export function reviewDelta(
  review: { rating: number; verifiedCollaboration: boolean },
  sign: 1 | -1,
): RatingDelta {
  const stars: RatingDelta['stars'] = [0, 0, 0, 0, 0];
  stars[review.rating - 1] = sign;
  return { count: sign, sum: sign * review.rating, stars, verified: review.verifiedCollaboration ? sign : 0 };
}

export function addDeltas(a: RatingDelta, b: RatingDelta): RatingDelta {
  return {
    count: a.count + b.count,
    sum: a.sum + b.sum,
    stars: a.stars.map((n, i) => n + (b.stars[i] ?? 0)) as RatingDelta['stars'],
    verified: a.verified + b.verified,
  };
}

/**
 * Applies a delta in one statement. The row lock of the upsert serialises concurrent writers of
 * one person, and each adds to the committed value: 50 reviews at once leave count + 50.
 */
export async function applyRatingDelta(tx: Executor, subjectId: number, delta: RatingDelta) {
  if (delta.count === 0 && delta.sum === 0 && delta.verified === 0 && delta.stars.every((n) => n === 0))
    return;
  const [c1, c2, c3, c4, c5] = delta.stars;
  await tx.execute(sql`
    insert into rating_summaries as rs (user_id, review_count, rating_sum, count_1, count_2, count_3, count_4, count_5, verified_count)
    values (${subjectId}, ${delta.count}, ${delta.sum}, ${c1}, ${c2}, ${c3}, ${c4}, ${c5}, ${delta.verified})
    on conflict (user_id) do update set
      review_count = rs.review_count + excluded.review_count, rating_sum = rs.rating_sum + excluded.rating_sum,
      count_1 = rs.count_1 + excluded.count_1, count_2 = rs.count_2 + excluded.count_2,
      count_3 = rs.count_3 + excluded.count_3, count_4 = rs.count_4 + excluded.count_4,
      count_5 = rs.count_5 + excluded.count_5, verified_count = rs.verified_count + excluded.verified_count`);
}

export function findSummary(db: Executor, userId: number) {
  return db
    .select({
      reviewCount: ratingSummaries.reviewCount,
      ratingSum: ratingSummaries.ratingSum,
      count1: ratingSummaries.count1,
      count2: ratingSummaries.count2,
      count3: ratingSummaries.count3,
      count4: ratingSummaries.count4,
      count5: ratingSummaries.count5,
      verifiedCount: ratingSummaries.verifiedCount,
    })
    .from(ratingSummaries)
    .where(eq(ratingSummaries.userId, userId))
    .then((rows) => rows[0]);
}

/** The people on either side of a review: who exists, their name for notifications, and account age. */
export function findPerson(db: Executor, userId: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      fallbackName: users.fallbackName,
      ageHours: sql<number>`extract(epoch from (now() - ${users.createdAt})) / 3600`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, userId))
    .then((rows) => rows[0]);
}

export function roleName(db: Executor, roleId: number) {
  return db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(eq(roles.id, roleId))
    .then((rows) => rows[0]);
}

/** Serialises one reviewer's writes, so two reviews sent at once cannot both slip under the daily cap. */
export async function lockReviewer(tx: Executor, reviewerId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${REVIEWER_LOCK_CLASS}, ${reviewerId})`);
}
const REVIEWER_LOCK_CLASS = 6_001;

/** Reviews this person wrote in the last 24 hours (deleted ones no longer count; hidden ones do). */
export function countReviewsWrittenToday(db: Executor, reviewerId: number) {
  return db
    .select({ n: count() })
    .from(reviews)
    .where(and(eq(reviews.reviewerId, reviewerId), gt(reviews.createdAt, sql`now() - interval '24 hours'`)))
    .then((rows) => rows[0]?.n ?? 0);
}

/** The row as stored, locked until the transaction ends: the base of every change to it. */
export function lockReview(tx: Executor, reviewId: number) {
  return tx
    .select({
      id: reviews.id,
      subjectId: reviews.subjectId,
      reviewerId: reviews.reviewerId,
      rating: reviews.rating,
      verifiedCollaboration: reviews.verifiedCollaboration,
      thankedAt: reviews.thankedAt,
      hiddenAt: reviews.hiddenAt,
    })
    .from(reviews)
    .where(eq(reviews.id, reviewId))
    .for('update')
    .then((rows) => rows[0]);
}

/** Who wrote it and about whom, and whether a moderator hid it: what visibility checks need. */
export function findReviewParties(db: Executor, reviewId: number) {
  return db
    .select({
      id: reviews.id,
      subjectId: reviews.subjectId,
      reviewerId: reviews.reviewerId,
      hidden: sql<boolean>`${reviews.hiddenAt} is not null`,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .where(eq(reviews.id, reviewId))
    .then((rows) => rows[0]);
}

/** Inserts a review; undefined when this reviewer already reviewed this person. */
export function insertReview(
  tx: Executor,
  values: {
    subjectId: number;
    reviewerId: number;
    rating: number;
    text: string;
    projectName: string | null;
    roleId: number | null;
    verifiedCollaboration: boolean;
  },
) {
  // The unique index is the last word on "one review per person": a second row inserts nothing.
  return tx
    .insert(reviews)
    .values(values)
    .onConflictDoNothing({ target: [reviews.subjectId, reviews.reviewerId] })
    .returning({ id: reviews.id })
    .then((rows) => rows[0]);
}

export function updateReview(
  tx: Executor,
  reviewId: number,
  values: Partial<{
    rating: number;
    text: string;
    projectName: string | null;
    roleId: number | null;
    verifiedCollaboration: boolean;
  }>,
) {
  return tx
    .update(reviews)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(reviews.id, reviewId));
}

export function deleteReview(tx: Executor, reviewId: number) {
  return tx.delete(reviews).where(eq(reviews.id, reviewId));
}

export function setHidden(tx: Executor, reviewId: number, hidden: boolean) {
  return tx
    .update(reviews)
    .set({ hiddenAt: hidden ? sql`now()` : null })
    .where(eq(reviews.id, reviewId));
}

/** Thank is once only: the update matches only an unthanked row, so two clicks cannot both succeed. */
export function markThanked(tx: Executor, reviewId: number) {
  return tx
    .update(reviews)
    .set({ thankedAt: sql`now()` })
    .where(and(eq(reviews.id, reviewId), isNull(reviews.thankedAt)))
    .returning({ id: reviews.id })
    .then((rows) => rows.length > 0);
}

/** One report per person and review: a second one inserts nothing and answers undefined. */
export function insertReport(tx: Executor, reviewId: number, reporterId: number, reason: string) {
  return tx
    .insert(reviewReports)
    .values({ reviewId, reporterId, reason })
    .onConflictDoNothing()
    .returning({ reviewId: reviewReports.reviewId, createdAt: reviewReports.createdAt })
    .then((rows) => rows[0]);
}

/** Whether this review is among the `n` newest visible reviews of its subject (what anyone may see). */
export function isAmongNewest(db: Executor, subjectId: number, reviewId: number, n: number) {
  return db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.subjectId, subjectId), isNull(reviews.hiddenAt)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(n)
    .then((rows) => rows.some((row) => row.id === reviewId));
}

const reviewColumns = {
  id: reviews.id,
  subjectId: reviews.subjectId,
  rating: reviews.rating,
  text: reviews.text,
  projectName: reviews.projectName,
  roleId: reviews.roleId,
  roleName: roles.name,
  verifiedCollaboration: reviews.verifiedCollaboration,
  thankedAt: reviews.thankedAt,
  hiddenAt: reviews.hiddenAt,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  reviewerId: users.id,
  reviewerUsername: users.username,
  reviewerDisplayName: users.displayName,
  reviewerFallbackName: users.fallbackName,
  reviewerProfileImage: users.profileImage,
  reviewerDeleted: sql<boolean>`${users.deletedAt} is not null`,
};
export type ReviewRow = Awaited<ReturnType<typeof findReview>> & {};

function reviewQuery(db: Executor) {
  return db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .leftJoin(roles, eq(roles.id, reviews.roleId));
}

export function findReview(db: Executor, reviewId: number) {
  return reviewQuery(db)
    .where(eq(reviews.id, reviewId))
    .then((rows) => rows[0]);
}

/** The review `reviewerId` wrote about `subjectId`, hidden or not. */
export function findReviewBy(db: Executor, subjectId: number, reviewerId: number) {
  return reviewQuery(db)
    .where(and(eq(reviews.subjectId, subjectId), eq(reviews.reviewerId, reviewerId)))
    .then((rows) => rows[0]);
}

const ORDER: Record<ReviewSort, ReturnType<typeof desc>[]> = {
  newest: [desc(reviews.createdAt), desc(reviews.id)],
  highest: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
};

/** A page of a person's visible reviews. */
export function listReviews(
  db: Executor,
  subjectId: number,
  { sort, offset, limit }: { sort: ReviewSort; offset: number; limit: number },
) {
  return reviewQuery(db)
    .where(and(eq(reviews.subjectId, subjectId), isNull(reviews.hiddenAt)))
    .orderBy(...ORDER[sort])
    .limit(limit)
    .offset(offset);
}
