/** Search values that need no schema; `schemas/search.ts` re-exports them with the schemas. */

export const SEARCH_SORTS = ['relevance', 'rating', 'reviews', 'newest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** The advanced filters DESIGN §4 reserves for Premium members. */
export const PREMIUM_SEARCH_FILTERS = [
  'minRating',
  'minReviews',
  'minYears',
  'hasPortfolio',
  'verifiedOnly',
] as const;
export type PremiumSearchFilter = (typeof PREMIUM_SEARCH_FILTERS)[number];
