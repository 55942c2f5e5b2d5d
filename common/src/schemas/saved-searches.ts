import { z } from 'zod';
import { SAVED_SEARCH_MESSAGES, SAVED_SEARCH_NAME_MAX, type SavedSearchQuery } from '../saved-searches.ts';
import { MAX_ID } from './ids.ts';
import { searchQuery } from './search.ts';
import { text } from './text.ts';

export {
  SAVED_SEARCH_ALERT_PEOPLE,
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCH_NAME_MAX,
  SAVED_SEARCHES_MAX,
  type SavedSearchQuery,
  savedSearchHref,
  savedSearchParams,
} from '../saved-searches.ts';

/**
 * Saved searches (issue 35, ADR 034): POST/GET /api/saved-searches, PATCH/DELETE
 * /api/saved-searches/:id. The query is checked by the search's own schema (GET /api/search's
 * `searchQuery`), so a saved search is always one the search page could run; it is stored as the
 * address carries it (SavedSearchQuery).
 */

/** Parameters of the search page that say where it is, not what it searches: not saved. */
const NOT_SAVED = new Set(['page', 'limit']);

const NAME_MESSAGE = `A name can be at most ${SAVED_SEARCH_NAME_MAX} characters`;
const name = text({ error: 'Name the search' })
  .trim()
  .min(1, 'Name the search')
  .max(SAVED_SEARCH_NAME_MAX, NAME_MESSAGE);

const scalar = z.union([text().max(1_000, 'This search is too long'), z.number(), z.boolean()]);
/** What the search page's address holds, as the client sends it (strings; numbers and flags pass too). */
const rawQuery = z
  .record(z.string().max(40, 'Unknown search filter'), z.union([scalar, z.array(scalar).max(50)]), {
    error: 'The search must be an object of its parameters',
  })
  .refine((query) => Object.keys(query).length <= 30, 'This search has too many parameters');

const asParam = (value: string | number | boolean) => String(value);

/** A parsed search value as the address writes it; undefined when the address leaves it out. */
function toParam(value: unknown): string | string[] | undefined {
  if (value === undefined || value === null || value === '' || value === false) return undefined;
  if (Array.isArray(value)) return value.length > 0 ? value.map((one) => toParam(one) as string) : undefined;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

/**
 * The query of a search to save: refused (400, with the search's own field messages under
 * `query.*`) unless GET /api/search would take it, parameters it does not know included. Answers
 * the canonical form: the parameters in the search schema's order, values as the address writes them.
 */
export const savedSearchQueryInput = rawQuery.transform((raw, ctx): SavedSearchQuery => {
  const known = Object.keys(searchQuery.shape);
  const unknown = Object.keys(raw).filter((key) => !known.includes(key));
  for (const key of unknown)
    ctx.addIssue({ code: 'custom', message: `Unknown search filter: ${key}`, path: [key] });
  const asSent = Object.fromEntries(
    Object.entries(raw).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.map(asParam) : asParam(value),
    ]),
  );
  const parsed = searchQuery.safeParse(asSent);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path as (string | number)[] });
  }
  if (!parsed.success || unknown.length > 0) return z.NEVER;
  const canonical: SavedSearchQuery = {};
  for (const key of known) {
    if (NOT_SAVED.has(key)) continue;
    const value = toParam((parsed.data as Record<string, unknown>)[key]);
    if (value !== undefined) canonical[key] = value;
  }
  return canonical;
});

/** A stored query, as answered. */
export const savedSearchQuerySchema = z.record(z.string(), z.union([text(), z.array(text())]));

/** POST /api/saved-searches */
export const createSavedSearchRequest = z.object({ name, query: savedSearchQueryInput });
export type CreateSavedSearchRequest = z.input<typeof createSavedSearchRequest>;

/** PATCH /api/saved-searches/:id: a new name, alerts on or off, or both. */
export const updateSavedSearchRequest = z
  .object({
    name: name.optional(),
    alerts: z.boolean({ error: 'Alerts are on (true) or off (false)' }).optional(),
  })
  .refine(
    (body) => body.name !== undefined || body.alerts !== undefined,
    SAVED_SEARCH_MESSAGES.nothingToChange,
  );
export type UpdateSavedSearchRequest = z.infer<typeof updateSavedSearchRequest>;

export const savedSearchParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Not a valid saved search id' })
    .int('Not a valid saved search id')
    .positive('Not a valid saved search id')
    .max(MAX_ID, 'Not a valid saved search id'),
});

/** One saved search: POST's 201 and PATCH's 200, and each of GET's. */
export const savedSearchSchema = z.object({
  id: z.number().int(),
  name: text(),
  query: savedSearchQuerySchema,
  /** Whether new matches are notified (on when saved). */
  alerts: z.boolean(),
  /** ISO 8601. */
  createdAt: text(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/** GET /api/saved-searches: newest first. */
export const savedSearchListResponse = z.object({ savedSearches: z.array(savedSearchSchema) });
export type SavedSearchListResponse = z.infer<typeof savedSearchListResponse>;
