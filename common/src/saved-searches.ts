/**
 * Saved searches and their alerts (issue 35, ADR 034): the plain values and helpers both sides use,
 * with no zod, so the notifications' first load can build a saved search's link.
 */

/** How many searches one member may keep. */
export const SAVED_SEARCHES_MAX = 20;
/** A saved search's name, trimmed: 1 to this many characters. */
export const SAVED_SEARCH_NAME_MAX = 80;
/** How many people one `saved_search_match` notification names (the count says how many in all). */
export const SAVED_SEARCH_ALERT_PEOPLE = 10;

/**
 * A saved search's query as the search page's address carries it: each parameter once, `role`
 * (and any other repeated one) as a list, every value a string, defaults left out. What
 * `/search?…` reads back.
 */
export type SavedSearchQuery = Record<string, string | string[]>;

export const SAVED_SEARCH_MESSAGES = {
  limit: `You can keep at most ${SAVED_SEARCHES_MAX} saved searches: delete one to save another`,
  notFound: 'Saved search not found',
  nothingToChange: 'Send a new name or alerts on or off',
} as const;

/** The query as URL parameters, in the order it was saved. */
export function savedSearchParams(query: SavedSearchQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, one);
  }
  return params;
}

/** Where a saved search (and its alert) opens: the search page with its query. */
export function savedSearchHref(query: SavedSearchQuery): string {
  const params = savedSearchParams(query).toString();
  return params ? `/search?${params}` : '/search';
}

/** "3 new people match “Gaffers Atlanta”": the alert's title. */
export function savedSearchAlertTitle(count: number, name: string): string {
  return `${count === 1 ? '1 new person matches' : `${count} new people match`} “${name}”`;
}
