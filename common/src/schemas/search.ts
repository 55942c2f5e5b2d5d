import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { availabilityFields, availabilitySchema, checkAvailability } from './availability.ts';
import { MAX_ID } from './ids.ts';
import { roleCategorySchema, roleSchema } from './roles.ts';
import { text } from './text.ts';

// Plain values live in ../search.ts (no zod) so the client's first load can use them.
export {
  PREMIUM_SEARCH_FILTERS,
  type PremiumSearchFilter,
  SEARCH_SORTS,
  type SearchSort,
} from '../search.ts';

import { SEARCH_SORTS } from '../search.ts';

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'Use true or false' })
  .transform((value) => value === 'true' || value === '1');

/** One value or many (`?role=3&role=7`), as query strings carry them. */
const roleIds = z.preprocess(
  (value) => (Array.isArray(value) ? value : [value]),
  z
    .array(
      z.coerce
        .number({ error: 'Choose roles from the list' })
        .int('Choose roles from the list')
        .positive('Choose roles from the list')
        .max(MAX_ID, 'Choose roles from the list'),
    )
    .max(LIMITS.searchRolesMax, `Choose at most ${LIMITS.searchRolesMax} roles`),
);

/**
 * The search query's fields alone, for schemas built from it (`.pick`, `.extend`), which zod
 * refuses on a schema with refinements; `searchQuery` is what requests are checked against.
 */
export const searchQueryFields = z.object({
  q: text()
    .max(LIMITS.searchTextMax, `Search text can be at most ${LIMITS.searchTextMax} characters`)
    .optional(),
  role: roleIds.optional(),
  category: roleCategorySchema.optional(),
  location: text()
    .max(LIMITS.locationMax, `Location can be at most ${LIMITS.locationMax} characters`)
    .optional(),
  sort: z.enum(SEARCH_SORTS, { error: 'Sort by relevance, rating, reviews or newest' }).optional(),
  page: z.coerce
    .number({ error: 'Page must be 1 or more' })
    .int('Page must be 1 or more')
    .min(1, 'Page must be 1 or more')
    .default(1),
  limit: z.coerce
    .number({ error: `Limit must be between 1 and ${LIMITS.searchPageSizeMax}` })
    .int()
    .min(1, `Limit must be between 1 and ${LIMITS.searchPageSizeMax}`)
    .max(LIMITS.searchPageSizeMax, `Limit must be between 1 and ${LIMITS.searchPageSizeMax}`)
    .default(LIMITS.searchPageSize),
  // Premium filters
  minRating: z.coerce
    .number({ error: 'Minimum rating must be between 1 and 5' })
    .min(1, 'Minimum rating must be between 1 and 5')
    .max(5, 'Minimum rating must be between 1 and 5')
    .optional(),
  minReviews: z.coerce
    .number({ error: 'Minimum reviews must be a whole number from 1' })
    .int('Minimum reviews must be a whole number from 1')
    .min(1, 'Minimum reviews must be a whole number from 1')
    .max(10_000, 'Minimum reviews must be a whole number from 1')
    .optional(),
  minYears: z.coerce
    .number({ error: 'Years of experience must be a whole number from 1 to 50' })
    .int('Years of experience must be a whole number from 1 to 50')
    .min(1, 'Years of experience must be a whole number from 1 to 50')
    .max(50, 'Years of experience must be a whole number from 1 to 50')
    .optional(),
  hasPortfolio: flag.optional(),
  verifiedOnly: flag.optional(),
  ...availabilityFields,
});
export const searchQuery = searchQueryFields.superRefine(checkAvailability);
export type SearchQuery = z.infer<typeof searchQuery>;

/** A stretch of snippet text; `match` marks the words the query found. */
export const snippetPartSchema = z.object({ text: text(), match: z.boolean() });
export type SnippetPart = z.infer<typeof snippetPartSchema>;

export const searchResultSchema = z.object({
  id: z.number().int(),
  username: text(),
  displayName: text().nullable(),
  /** Shown until a display name is set ("Sam O."): personName() in common/src/people.ts. */
  fallbackName: text(),
  profileImage: text().nullable(),
  location: text().nullable(),
  roles: z.array(roleSchema.pick({ id: true, name: true, category: true })),
  tags: z.array(text()),
  ratingAverage: z.number(),
  ratingCount: z.number().int(),
  isSubscribed: z.boolean(),
  /** Where the query matched in the bio, skills or experience; null when only the name or role did. */
  snippet: z.array(snippetPartSchema).nullable(),
  /** Only when the query gave dates: how many of its days this member is free (issue 35). */
  availability: availabilitySchema.optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponse = z.object({
  results: z.array(searchResultSchema),
  /** Everyone matching: exact up to LIMITS.searchExactCountMax, else an estimate (`totalIsCapped`). */
  total: z.number().int(),
  /** True when more than LIMITS.searchExactCountMax matched and `total` is an estimate ("about 14,000"). */
  totalIsCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /**
   * Pages that can be opened: relevance ranks at most LIMITS.searchRankedMax results, sorted
   * listings go to LIMITS.searchMaxResults.
   */
  pageCount: z.number().int(),
  sort: z.enum(SEARCH_SORTS),
  /**
   * When the words as typed found nobody, the closest known spelling ("cinematografer" →
   * "cinematographer"); the results are then those of this corrected text.
   */
  correctedQuery: text().nullable(),
});
export type SearchResponse = z.infer<typeof searchResponse>;

export const topRatedQuery = z.object({
  role: z.coerce
    .number({ error: 'Choose a role from the list' })
    .int('Choose a role from the list')
    .positive('Choose a role from the list')
    .max(MAX_ID, 'Choose a role from the list')
    .optional(),
  category: roleCategorySchema.optional(),
  limit: z.coerce
    .number({ error: `Limit must be between 1 and ${LIMITS.topRatedMax}` })
    .int()
    .min(1, `Limit must be between 1 and ${LIMITS.topRatedMax}`)
    .max(LIMITS.topRatedMax, `Limit must be between 1 and ${LIMITS.topRatedMax}`)
    .default(LIMITS.topRatedDefault),
});
export type TopRatedQuery = z.infer<typeof topRatedQuery>;

export const topRatedResponse = z.object({
  crew: z.array(searchResultSchema.omit({ snippet: true, availability: true })),
});
export type TopRatedResponse = z.infer<typeof topRatedResponse>;
