import { LIMITS } from '#common/limits';
import type {
  SearchQuery,
  SearchResponse,
  SearchResult,
  SnippetPart,
  TopRatedQuery,
  TopRatedResponse,
} from '#common/schemas/search';
import { PREMIUM_SEARCH_FILTERS } from '#common/schemas/search';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../errors.ts';
import { getRolesById } from '../roles/service.ts';
import * as q from './queries.ts';
import { buildTsQuery, normaliseLocation, SYNONYM_WORDS, searchWords } from './search-text.ts';

export const PREMIUM_FILTER_MESSAGE =
  'Advanced filters (minimum rating, reviews, years of experience, portfolio, verified collaborations) are a Premium feature';

/** Premium filters are refused, never silently ignored: a free user must not think they applied. */
export function assertMayUsePremiumFilters(query: SearchQuery, isSubscribed: boolean): void {
  const used = PREMIUM_SEARCH_FILTERS.filter((name) => query[name] !== undefined && query[name] !== false);
  if (used.length > 0 && !isSubscribed) throw new HttpError(403, PREMIUM_FILTER_MESSAGE);
}

/**
 * Splits ts_headline output at its markers into plain and matched stretches, with an ellipsis
 * where the fragment starts or ends inside the text it was cut from.
 */
export function snippetParts(
  headline: string | null,
  source: { head: string | null; tail: string | null } = { head: null, tail: null },
): SnippetPart[] | null {
  if (!headline?.includes(q.MATCH_START)) return null;
  const parts: SnippetPart[] = [];
  for (const [index, piece] of headline.split(new RegExp(`[${q.MATCH_START}${q.MATCH_END}]`)).entries()) {
    if (piece) parts.push({ text: piece, match: index % 2 === 1 });
  }
  const plain = parts.map((part) => part.text).join('');
  if (
    source.head !== null &&
    !plain.startsWith(source.head.slice(0, Math.min(source.head.length, plain.length)))
  )
    parts.unshift({ text: '… ', match: false });
  if (source.tail !== null && !plain.endsWith(source.tail.slice(-Math.min(source.tail.length, plain.length))))
    parts.push({ text: ' …', match: false });
  return parts;
}

async function toResults(db: Database, ids: number[], snippetQuery: string | null): Promise<SearchResult[]> {
  const [rows, roles] = await Promise.all([q.loadCrewCards(db, ids, snippetQuery), getRolesById(db)]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        username: row.username,
        displayName: row.display_name,
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
        snippet: snippetParts(row.snippet, { head: row.snippet_head, tail: row.snippet_tail }),
      },
    ];
  });
}

async function resolvePlaces(db: Database, location: string | undefined): Promise<string[] | null> {
  const normalised = location ? normaliseLocation(location) : null;
  return normalised ? q.matchingPlaces(db, normalised) : null;
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
 * When the words as typed find nobody, each unknown word is replaced by the closest word the
 * directory knows; the corrected words, or null when nothing could be corrected.
 */
async function correctSpelling(db: Database, words: string[]): Promise<string[] | null> {
  const candidates = words.filter((word) => word.length >= 4 && !SYNONYM_WORDS.has(word));
  if (candidates.length === 0) return null;
  const closest = new Map(
    (await q.closestTerms(db, candidates))
      .filter((row) => !row.known && row.closest)
      .map((row) => [row.word, row.closest as string]),
  );
  if (closest.size === 0) return null;
  return words.map((word) => closest.get(word) ?? word);
}

export async function search(
  db: Database,
  query: SearchQuery,
  isSubscribed: boolean,
): Promise<SearchResponse> {
  assertMayUsePremiumFilters(query, isSubscribed);
  const limit = query.limit;
  const text = query.q ?? '';
  const words = searchWords(text);
  const typing = !/\s$/.test(text);
  const sort = query.sort ?? (words.length > 0 ? 'relevance' : 'rating');
  const pageWindow =
    sort === 'relevance' && words.length > 0 ? LIMITS.searchRankedMax : LIMITS.searchMaxResults;
  if (query.page > Math.ceil(pageWindow / limit)) {
    throw new HttpError(
      400,
      `Only the best ${pageWindow.toLocaleString('en')} results can be paged through: narrow your search`,
    );
  }
  const base = {
    ...(await roleFilters(db, query)),
    places: await resolvePlaces(db, query.location),
    minRating: query.minRating,
    minReviews: query.minReviews,
    minYears: query.minYears,
    hasPortfolio: query.hasPortfolio,
    verifiedOnly: query.verifiedOnly,
  };
  const offset = (query.page - 1) * limit;

  const run = async (tsquery: string | null) => ({
    ...(await q.findMatches(db, { ...base, tsquery }, sort, limit, offset)),
    tsquery,
  });

  let found = await run(buildTsQuery(words, { prefixLast: typing }));
  let correctedQuery: string | null = null;
  if (found.total === 0 && words.length > 0) {
    const corrected = await correctSpelling(db, words);
    if (corrected) {
      const retry = await run(buildTsQuery(corrected, { prefixLast: false }));
      if (retry.total > 0) {
        found = retry;
        correctedQuery = corrected.join(' ');
      }
    }
  }
  return {
    results: await toResults(db, found.ids, found.tsquery),
    total: found.total,
    totalIsCapped: found.estimated,
    page: query.page,
    pageSize: limit,
    pageCount: Math.max(1, Math.ceil(Math.min(found.total, pageWindow) / limit)),
    sort,
    correctedQuery,
  };
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
  const crew = await toResults(db, ids, null);
  return { crew: crew.map(({ snippet: _snippet, ...card }) => card) };
}
