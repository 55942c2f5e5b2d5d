import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { PREMIUM_REQUIRED } from '../premium.ts';
import { MAX_ID } from './ids.ts';
import { text } from './text.ts';

/**
 * Reviews and ratings (DESIGN §4): the write-a-review dialog and the routes share these rules and
 * messages, so the dialog shows exactly what the server would answer.
 */

// Plain values live in ../reviews.ts (no zod) so a profile's first load can use them.
export { REVIEW_SORTS, type ReviewSort, THANK_TOAST } from '../reviews.ts';

import { REVIEW_SORTS } from '../reviews.ts';

export const RATING_REQUIRED = 'Please choose a rating from 1 to 5 stars';
export const REVIEW_TOO_SHORT = `Review must be at least ${LIMITS.reviewTextMin} characters`;
export const REVIEW_TOO_LONG = `Review must be less than ${LIMITS.reviewTextMax} characters`;
export const PROJECT_NAME_TOO_SHORT = 'Project name must be at least 2 characters';
export const PROJECT_NAME_TOO_LONG = `Project name must be at most ${LIMITS.reviewProjectNameMax} characters`;
export const REPORT_REASON_TOO_SHORT = `Reason must be at least ${LIMITS.reportReasonMin} characters`;
export const REPORT_REASON_TOO_LONG = `Reason must be less than ${LIMITS.reportReasonMax} characters`;

export const reviewRatingSchema = z
  .number({ error: RATING_REQUIRED })
  .int(RATING_REQUIRED)
  .min(LIMITS.reviewRatingMin, RATING_REQUIRED)
  .max(LIMITS.reviewRatingMax, RATING_REQUIRED);

export const reviewTextSchema = text({ error: REVIEW_TOO_SHORT })
  .trim()
  .min(LIMITS.reviewTextMin, REVIEW_TOO_SHORT)
  .max(LIMITS.reviewTextMax, REVIEW_TOO_LONG);

/** Optional: empty (or only spaces) means "not given" and is stored as null. */
const projectNameSchema = text()
  .trim()
  .max(LIMITS.reviewProjectNameMax, PROJECT_NAME_TOO_LONG)
  .transform((value) => (value === '' ? null : value))
  .pipe(text().min(2, PROJECT_NAME_TOO_SHORT).nullable())
  .nullable()
  .optional();

/** Optional: the role the person reviewed worked in (from the role catalogue); null means "not given". */
const roleIdSchema = z
  .number({ error: 'Choose a role from the list' })
  .int('Choose a role from the list')
  .positive('Choose a role from the list')
  .max(MAX_ID, 'Choose a role from the list')
  .nullable()
  .optional();

/** POST /api/users/{id}/reviews */
export const createReviewRequest = z.object({
  rating: reviewRatingSchema,
  text: reviewTextSchema,
  projectName: projectNameSchema,
  roleId: roleIdSchema,
});
export type CreateReviewRequest = z.input<typeof createReviewRequest>;
/** What the server holds after parsing: trimmed, empty project name as null. */
export type CreateReviewValues = z.output<typeof createReviewRequest>;

/** PATCH /api/reviews/{id}: any of the fields; a field left out stays as it is. */
export const updateReviewRequest = createReviewRequest.partial();
export type UpdateReviewRequest = z.input<typeof updateReviewRequest>;
export type UpdateReviewValues = z.output<typeof updateReviewRequest>;

/** POST /api/reviews/{id}/report */
export const reportReviewRequest = z.object({
  reason: text({ error: REPORT_REASON_TOO_SHORT })
    .trim()
    .min(LIMITS.reportReasonMin, REPORT_REASON_TOO_SHORT)
    .max(LIMITS.reportReasonMax, REPORT_REASON_TOO_LONG),
});
export type ReportReviewRequest = z.input<typeof reportReviewRequest>;

/** GET /api/users/{id}/reviews query. Without Premium, sort and page are ignored (the 3 newest). */
export const reviewListQuery = z.object({
  sort: z.enum(REVIEW_SORTS, { error: 'Sort by newest, highest or lowest' }).default('newest'),
  page: z.coerce
    .number({ error: 'Page must be 1 or more' })
    .int('Page must be 1 or more')
    .min(1, 'Page must be 1 or more')
    .max(100_000, 'Page must be 1 or more')
    .default(1),
  limit: z.coerce
    .number({ error: `Limit must be between 1 and ${LIMITS.reviewsPageSizeMax}` })
    .int(`Limit must be between 1 and ${LIMITS.reviewsPageSizeMax}`)
    .min(1, `Limit must be between 1 and ${LIMITS.reviewsPageSizeMax}`)
    .max(LIMITS.reviewsPageSizeMax, `Limit must be between 1 and ${LIMITS.reviewsPageSizeMax}`)
    .default(LIMITS.reviewsPageSize),
});
export type ReviewListQuery = z.input<typeof reviewListQuery>;

export const reviewerSchema = z.object({
  id: z.number().int(),
  username: text(),
  displayName: text().nullable(),
  /** Shown until a display name is set ("Sam O."): personName() in common/src/people.ts. */
  fallbackName: text(),
  /** null: show the default headshot (`avatarUrl` in common/src/avatar.ts). */
  profileImage: text().nullable(),
  /**
   * The author deleted their account (issue 33, ADR 026): shown as "Former member", with no link
   * and no photo; the names above are then that text, never the author's.
   */
  formerMember: z.boolean(),
});
export type Reviewer = z.infer<typeof reviewerSchema>;

export const reviewSchema = z.object({
  id: z.number().int(),
  /** The person reviewed. */
  subjectId: z.number().int(),
  reviewer: reviewerSchema,
  rating: z.number().int().min(1).max(5),
  text: text(),
  projectName: text().nullable(),
  /** The role the person reviewed worked in. */
  role: z.object({ id: z.number().int(), name: text() }).nullable(),
  /** The two shared an accepted booking or team membership when the review was written or edited. */
  verifiedCollaboration: z.boolean(),
  /** When the person reviewed thanked the reviewer; null until then (Thank is once only). */
  thankedAt: text().nullable(),
  createdAt: text(),
  /** null when never edited. */
  editedAt: text().nullable(),
  /** Hidden by a moderator: only its author and moderators ever receive such a review. */
  hidden: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

export const ratingDistributionSchema = z.object({
  '1': z.number().int(),
  '2': z.number().int(),
  '3': z.number().int(),
  '4': z.number().int(),
  '5': z.number().int(),
});

/** Aggregate of a person's visible reviews: anyone may see it. */
export const ratingSummarySchema = z.object({
  /** Mean rating rounded to 2 decimals; 0 when there are no reviews. */
  average: z.number(),
  count: z.number().int(),
  distribution: ratingDistributionSchema,
  verifiedCount: z.number().int(),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** GET /api/users/{id}/reviews */
export const reviewListResponse = z.object({
  summary: ratingSummarySchema,
  reviews: z.array(reviewSchema),
  /** All visible reviews of this person (= summary.count). */
  total: z.number().int(),
  /** How many of `total` this viewer cannot see without Premium: > 0 means "show the upgrade prompt". */
  hiddenCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The order actually applied: always 'newest' for a viewer limited to the newest reviews. */
  sort: z.enum(REVIEW_SORTS),
  /** True when this viewer may sort and page through every review (Premium, the person reviewed, moderators). */
  fullAccess: z.boolean(),
  /** The signed-in viewer's own review of this person, wherever it falls in the list; null if none. */
  myReview: reviewSchema.nullable(),
});
export type ReviewListResponse = z.infer<typeof reviewListResponse>;

/** POST /api/reviews/{id}/report → 201 */
export const reviewReportResponse = z.object({
  reviewId: z.number().int(),
  reportedAt: text(),
});
export type ReviewReportResponse = z.infer<typeof reviewReportResponse>;

/** Server messages the client may want to recognise (also shown as they are). */
export const REVIEW_MESSAGES = {
  signIn: 'Please sign in to continue',
  selfReview: 'You cannot review yourself',
  duplicate: 'You have already reviewed this person. Edit your existing review instead.',
  dailyCap: `You can write at most ${LIMITS.reviewsPerDay} reviews a day. Please try again tomorrow.`,
  newAccount: `New accounts can write reviews ${LIMITS.reviewMinAccountAgeHours} hours after signing up. Please come back tomorrow.`,
  notFound: 'Review not found',
  profileNotFound: 'Profile not found',
  premiumOnly: PREMIUM_REQUIRED.allReviews,
  notAuthor: 'You can only change your own review',
  notAuthorDelete: 'You can only delete your own review',
  hiddenEdit: 'A moderator has hidden this review, so it can no longer be edited',
  hiddenDelete: 'A moderator has hidden this review, so it can no longer be deleted',
  thankNotSubject: 'Only the person reviewed can thank the reviewer',
  alreadyThanked: 'You have already thanked this reviewer',
  reportOwn: 'You cannot report your own review',
  alreadyReported: 'You have already reported this review',
  unknownRole: 'That role does not exist',
} as const;
