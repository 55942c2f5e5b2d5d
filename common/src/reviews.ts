/** Review values that need no schema; `schemas/reviews.ts` re-exports them with the schemas. */

export const REVIEW_SORTS = ['newest', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** Toast texts of SPEC §8 for Thank. */
export const THANK_TOAST = {
  title: 'Thank you sent',
  description: 'Your appreciation has been shared with the reviewer',
} as const;
