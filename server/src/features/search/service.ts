import { LIMITS } from '#common/limits';
import { PREMIUM_REQUIRED } from '#common/premium';
import { daysInRange } from '#common/schemas/availability';
import type { CrewCard } from '#common/schemas/crew';
import type {
  SearchQuery,
  SearchResponse,
  SearchResult,
  SearchSort,
  TopRatedQuery,
  TopRatedResponse,
} from '#common/schemas/search';
import { PREMIUM_SEARCH_FILTERS } from '#common/schemas/search';
import { premiumRequired } from '#server/access/premium.ts';
import type { Database } from '#server/db/client.ts';
import { RememberedByKey, rememberPerDatabase } from '#server/db/remember.ts';
import { BadRequestError } from '#server/errors.ts';
import { getRolesById } from '#server/features/roles/index.ts';
import type { TextStatistics } from './estimate.ts';
import * as q from './queries.ts';
import {
  normaliseLocation,
  type SearchUnit,
  SYNONYM_WORDS,
  searchUnits,
  searchWords,
} from './search-text.ts';
import { snippetCutter } from './snippet.ts';
import * as wordQueries from './word-queries.ts';

export const PREMIUM_FILTER_MESSAGE = PREMIUM_REQUIRED.searchFilters;

/** Premium filters are refused, never silently ignored: a free user must not think they applied. */
export function assertMayUsePremiumFilters(query: SearchQuery, isSubscribed: boolean): void {
  const used = PREMIUM_SEARCH_FILTERS.filter((name) => query[name] !== undefined && query[name] !== false);
  if (used.length > 0 && !isSubscribed) throw premiumRequired('searchFilters');
}

/**
 * The dates a query asks about (a missing end: the one day), and how many busy days a member may
 * have among them: none, or as many as leave minFreeDays free.
 */
function availabilityOf(query: SearchQuery): q.SearchFilters['available'] {
  if (query.availableFrom === undefined) return null;
  const to = query.availableTo ?? query.availableFrom;
  const totalDays = daysInRange(query.availableFrom, to);
  const minFreeDays = Math.min(query.minFreeDays ?? totalDays, totalDays);
  return { from: query.availableFrom, to, maxBusyDays: totalDays - minFreeDays };
}

async function toResults(
  db: Database,
  rows: q.CrewCardRow[],
  available: q.SearchFilters['available'] = null,
): Promise<SearchResult[]> {
  const totalDays = available ? daysInRange(available.from, available.to) : 0;
  const roles = await getRolesById(db);
  const cutters = new Map<string, ReturnType<typeof snippetCutter>>();
  const snippetOf = ({ snippet_source: source, snippet_query: query }: q.CrewCardRow) => {
    if (source === null || query === null) return null;
    const cut = cutters.get(query) ?? snippetCutter(query);
    cutters.set(query, cut);
    return cut(source);
  };
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    fallbackName: row.fallback_name,
    profileImage: row.profile_image,
    location: row.location,
    roles: row.role_ids.flatMap((roleId) => {
      const role = roles.get(roleId);
      return role ? [{ id: role.id, name: role.name, category: role.category }] : [];
    }),
    tags: row.tags ?? [],
    ratingAverage: Math.round(row.rating_average * 100) / 100,
    ratingCount: row.rating_count,
    isSubscribed: row.is_subscribed,
    snippet: snippetOf(row),
    // How many days, never which or why (DESIGN: availability is public, per day, never who).
    ...(available ? { availability: { freeDays: totalDays - (row.busy_days ?? 0), totalDays } } : {}),
  }));
}

async function resolvePlaces(db: Database, location: string | undefined): Promise<string[] | null> {
  const normalised = location ? normaliseLocation(location) : null;
  return normalised ? wordQueries.matchingPlaces(db, normalised) : null;
}

async function roleFilters(db: Database, query: Pick<SearchQuery, 'role' | 'category'>) {
  const roles = await getRolesById(db);
  const roleIds = query.role && query.role.length > 0 ? [...new Set(query.role)] : null;
  const categoryRoleIds = query.category
    ? [...roles.values()].filter((role) => role.category === query.category).map((role) => role.id)
    : null;
  return { roleIds, categoryRoleIds };
}

/**
 * Column statistics move with ANALYZE, minutes apart at the least. None yet (a new database
 * before its first ANALYZE) is not kept: the next search looks again.
 */
const textStatistics = rememberPerDatabase(
  5 * 60_000,
  wordQueries.loadTextStatistics,
  (statistics) => statistics.frequencies.size > 0,
);

/** The typed word's completions worth searching: itself if whole, then the most frequent. */
function bestCompletions(completions: string[], frequencies: ReadonlyMap<string, number>): string[] {
  const [shortest, ...rest] = completions;
  if (shortest === undefined) return [];
  const ranked = rest
    .map((lexeme, order) => ({ lexeme, order, frequency: frequencies.get(lexeme) ?? 0 }))
    .sort((a, b) => b.frequency - a.frequency || a.order - b.order)
    .map((entry) => entry.lexeme);
  return [shortest, ...ranked].slice(0, LIMITS.searchCompletionsMax);
}

/**
 * What the index said of a word, for a minute, only when it found the word: search_lexemes only
 * grows, so a known word stays known; a typed word's completions may miss a word first indexed
 * within the minute. Unknown words are always asked again (they may have just been added).
 */
const rememberedWords = new RememberedByKey<wordQueries.WordLookup>(60_000, 5_000);

/**
 * Where the pages of the listing of everyone start, by sort, for ten seconds: a later page then
 * seeks to its first entry instead of stepping over every entry before it, so page 50 costs what
 * page 1 does. Within those seconds a profile moving across a page's edge may be shown on two
 * pages or on none, as it may between two offset pages read a moment apart.
 */
const everyoneKeys = new RememberedByKey<Promise<q.ListingKey[]>>(10_000, 10);

async function entryBeforePage(
  db: Database,
  sort: Exclude<SearchSort, 'relevance'>,
  offset: number,
): Promise<q.ListingKey | undefined> {
  let keys = everyoneKeys.get(db, sort);
  if (!keys) {
    keys = q.everyoneListingKeys(db, sort);
    everyoneKeys.setPending(db, sort, keys);
  }
  return (await keys)[offset - 1];
}

/** The search text as the index can answer it, and what it means if misspelt. */
interface UnderstoodText {
  /** As typed (the typed word completed), or null when some word matches nothing in the index. */
  asTyped: q.TextQuery | null;
  /** Each unknown word replaced by the closest known one, when every unknown word has one. */
  corrected: { text: q.TextQuery; words: string[] } | null;
}

/**
 * Asks the index about the words in one statement: a word it does not hold cannot match, so
 * instead of searching for nothing, the closest known words are searched for ("Did you mean").
 */
async function understandText(
  db: Database,
  words: string[],
  units: SearchUnit[],
  statistics: TextStatistics,
): Promise<UnderstoodText> {
  const asked = units.flatMap((unit) => (unit.at === undefined ? [] : [unit]));
  const keys = asked.map((unit) => `${unit.typed ? '…' : ''}${words[unit.at]}`);
  const lookups = keys.map((key) => rememberedWords.get(db, key));
  const missing = asked.flatMap((unit, index) => (lookups[index] ? [] : [{ unit, index }]));
  const typedAt = missing.findIndex(({ unit }) => unit.typed);
  const fresh =
    missing.length > 0
      ? await wordQueries.lookupWords(
          db,
          missing.map(({ unit }) => words[unit.at] as string),
          typedAt === -1 ? null : typedAt,
        )
      : [];
  for (const [k, { unit, index }] of missing.entries()) {
    const lookup = fresh[k] as wordQueries.WordLookup;
    lookups[index] = lookup;
    if (lookup.known || (unit.typed && lookup.completions?.length))
      rememberedWords.set(db, keys[index] as string, lookup);
  }
  const phrases = units.flatMap((unit) => (unit.at === undefined ? [unit.query] : []));
  const known: string[] = [];
  let anyOf: string[] | null = null;
  const replacements = new Map<number, string | null>();
  for (const [index, unit] of asked.entries()) {
    const lookup = lookups[index] as wordQueries.WordLookup;
    const word = words[unit.at] as string;
    if (unit.typed && lookup.completions && lookup.completions.length > 0)
      anyOf = bestCompletions(lookup.completions, statistics.frequencies);
    else if (lookup.known)
      known.push(word); // stop words included: to_tsquery drops them
    else replacements.set(unit.at, SYNONYM_WORDS.has(word) ? null : lookup.closest);
  }
  if (replacements.size === 0) return { asTyped: { units: [...phrases, ...known], anyOf }, corrected: null };
  const fixes = [...replacements.values()];
  if (fixes.some((fix) => fix === null)) return { asTyped: null, corrected: null };
  return {
    asTyped: null,
    corrected: {
      // A corrected word is searched whole; the typed word, when it was completed, stays so.
      text: { units: [...phrases, ...known, ...(fixes as string[])], anyOf },
      words: words.map((word, at) => replacements.get(at) ?? word),
    },
  };
}

/**
 * What one search asks for, in the form the statements take: the role, place and Premium
 * filters, the dates, and the words understood (null: no words).
 */
async function searchFilters(db: Database, query: SearchQuery, userIds: number[] | null) {
  const text = query.q ?? '';
  const words = searchWords(text);
  const units = searchUnits(words, { typing: !/\s$/.test(text) });
  const statistics = await textStatistics(db);
  const [roles, places, understood] = await Promise.all([
    roleFilters(db, query),
    resolvePlaces(db, query.location),
    units.length > 0 ? understandText(db, words, units, statistics) : null,
  ]);
  const base = {
    ...roles,
    places,
    minRating: query.minRating,
    minReviews: query.minReviews,
    minYears: query.minYears,
    hasPortfolio: query.hasPortfolio,
    verifiedOnly: query.verifiedOnly,
    userIds,
    available: availabilityOf(query),
  };
  return { statistics, base, understood };
}

export async function search(
  db: Database,
  query: SearchQuery,
  isSubscribed: boolean,
): Promise<SearchResponse> {
  assertMayUsePremiumFilters(query, isSubscribed);
  const limit = query.limit;
  const words = searchWords(query.q ?? '');
  const sort = query.sort ?? (words.length > 0 ? 'relevance' : 'rating');
  const pageWindow =
    sort === 'relevance' && words.length > 0 ? LIMITS.searchRankedMax : LIMITS.searchMaxResults;
  if (query.page > Math.ceil(pageWindow / limit)) {
    throw new BadRequestError(
      `Only the best ${pageWindow.toLocaleString('en')} results can be paged through: narrow your search`,
    );
  }
  const { statistics, base, understood } = await searchFilters(db, query, null);
  const offset = (query.page - 1) * limit;
  const find = (text: q.TextQuery | null, after?: q.ListingKey) =>
    q.findPage(db, { ...base, text }, sort, limit, offset, statistics, after);

  let found: q.MatchPage;
  let correctedQuery: string | null = null;
  if (!understood) {
    const seeks = offset > 0 && sort !== 'relevance' && q.listsEveryone({ ...base, text: null });
    found = await find(null, seeks ? await entryBeforePage(db, sort, offset) : undefined);
  } else if (understood.asTyped) found = await find(understood.asTyped);
  else if (understood.corrected) {
    found = await find(understood.corrected.text);
    if (found.total > 0) correctedQuery = understood.corrected.words.join(' ');
  } else found = { cards: [], total: 0, estimated: false };
  return {
    results: await toResults(db, found.cards, base.available),
    total: found.total,
    totalIsCapped: found.estimated,
    page: query.page,
    pageSize: limit,
    pageCount: Math.max(1, Math.ceil(Math.min(found.total, pageWindow) / limit)),
    sort,
    correctedQuery,
  };
}

/**
 * Which of these crew members the query finds, as ids in no order (saved-search alerts, ADR 034):
 * the same filters and the same reading of the words as search (a misspelt word searched as
 * corrected), without ranking, counting or cards. Premium filters are the caller's to allow.
 */
export async function matchingCrewIds(
  db: Database,
  query: SearchQuery,
  userIds: number[],
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const { base, understood } = await searchFilters(db, query, userIds);
  if (understood === null) return q.findMatchingIds(db, { ...base, text: null });
  const text = understood.asTyped ?? understood.corrected?.text;
  return text ? q.findMatchingIds(db, { ...base, text }) : [];
}

/** A search result as the smaller card browse, connections and teams show. */
export function toCrewCard({
  id,
  username,
  displayName,
  fallbackName,
  location,
  profileImage,
  roles,
  ratingAverage,
  ratingCount,
  availability,
}: SearchResult): CrewCard {
  return {
    id,
    username,
    displayName,
    fallbackName,
    location,
    profileImage,
    roles,
    ratingAverage,
    ratingCount,
    ...(availability ? { availability } : {}),
  };
}

/** The cards of these crew members, in this order. */
export async function crewCardsOf(db: Database, ids: number[]): Promise<CrewCard[]> {
  return (await toResults(db, await q.loadCrewCards(db, ids))).map(toCrewCard);
}

export async function topRated(db: Database, query: TopRatedQuery): Promise<TopRatedResponse> {
  const { roleIds, categoryRoleIds } = await roleFilters(db, {
    role: query.role ? [query.role] : undefined,
    category: query.category,
  });
  const scope =
    roleIds && categoryRoleIds
      ? roleIds.filter((id) => categoryRoleIds.includes(id))
      : (roleIds ?? categoryRoleIds);
  const ids = await q.findTopRatedIds(db, scope, query.limit);
  const crew = await toResults(db, await q.loadCrewCards(db, ids));
  return { crew: crew.map(({ snippet: _snippet, ...card }) => card) };
}
