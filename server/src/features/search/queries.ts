import { type SQL, sql } from 'drizzle-orm';
import { LIMITS } from '#common/limits';
import type { SearchSort } from '#common/schemas/search';
import type { Database } from '../../db/client.ts';

/** What narrows a search, already validated and normalised by the service. */
export interface SearchFilters {
  tsquery: string | null;
  roleIds: number[] | null;
  categoryRoleIds: number[] | null;
  /** Exact places (lower-cased, as stored) the location filter resolved to; [] matches nobody. */
  places: string[] | null;
  minRating?: number;
  minReviews?: number;
  minYears?: number;
  hasPortfolio?: boolean;
  verifiedOnly?: boolean;
}

// Snippet highlight markers: private-use characters no profile text contains (the index strips them).
export const MATCH_START = '\uE000';
export const MATCH_END = '\uE001';

const tsquery = (text: string) => sql`to_tsquery('english', ${text})`;

function conditions(f: SearchFilters): SQL {
  const parts: SQL[] = [];
  if (f.tsquery) parts.push(sql`cs.document @@ ${tsquery(f.tsquery)}`);
  if (f.roleIds) parts.push(sql`cs.role_ids && ${sql.param(f.roleIds)}::integer[]`);
  if (f.categoryRoleIds) parts.push(sql`cs.role_ids && ${sql.param(f.categoryRoleIds)}::integer[]`);
  if (f.places) {
    // One place (the usual case) as plain equality: the (location, rating_score) index then
    // yields the crew of that place already in rating order.
    if (f.places.length === 0) parts.push(sql`false`);
    else if (f.places.length === 1) parts.push(sql`cs.location = ${f.places[0]}`);
    else parts.push(sql`cs.location = any(${sql.param(f.places)}::text[])`);
  }
  if (f.minRating !== undefined) parts.push(sql`cs.rating_count > 0 and cs.rating_average >= ${f.minRating}`);
  if (f.minReviews !== undefined) parts.push(sql`cs.rating_count >= ${f.minReviews}`);
  if (f.minYears !== undefined)
    parts.push(sql`cs.career_start <= current_date - make_interval(years => ${f.minYears}::int)`);
  if (f.hasPortfolio) parts.push(sql`cs.has_portfolio`);
  if (f.verifiedOnly) parts.push(sql`cs.verified_count > 0`);
  return parts.length > 0 ? sql.join(parts, sql` and `) : sql`true`;
}

const ORDER: Record<Exclude<SearchSort, 'relevance'>, SQL> = {
  rating: sql`cs.rating_score desc, cs.user_id desc`,
  reviews: sql`cs.rating_count desc, cs.user_id desc`,
  newest: sql`cs.created_at desc, cs.user_id desc`,
};

export interface Matches {
  ids: number[];
  /** Exact up to LIMITS.searchExactCountMax; beyond it PostgreSQL's estimate (`estimated`). */
  total: number;
  estimated: boolean;
}

/**
 * One page of matching user ids, best first, and how many matched. The work is bounded whatever
 * the query matches: relevance ranks only the first searchRankedMax matches the text index yields
 * (weighted ts_rank_cd nudged by rating), sorted listings walk an index to the page, and counting
 * stops at searchExactCountMax, past which the planner's estimate stands in.
 */
export async function findMatches(
  db: Database,
  filters: SearchFilters,
  sort: SearchSort,
  limit: number,
  offset: number,
): Promise<Matches> {
  const where = conditions(filters);
  const countBound = LIMITS.searchExactCountMax;
  let ids: number[];
  let counted: number;
  if (sort === 'relevance' && filters.tsquery) {
    const { rows } = await db.execute<{ user_id: number; total: number }>(sql`
      with candidates as materialized (
        select cs.user_id, cs.rating_score,
          ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', cs.document, ${tsquery(filters.tsquery)}, 1) as rank
        from crew_search cs where ${where}
        limit ${Math.max(LIMITS.searchRankedMax, countBound) + 1}
      )
      select user_id, (select count(*) from candidates)::int as total from candidates
      order by rank * (1 + rating_score / 10) desc, rating_score desc, user_id desc
      limit ${limit} offset ${offset}`);
    ids = rows.map((row) => row.user_id);
    // A page past the end has no rows to carry the count: count on its own (rare).
    counted = rows[0]?.total ?? (await countUpTo(db, where, countBound + 1));
  } else {
    const order = ORDER[sort === 'relevance' ? 'rating' : sort];
    const [page, count] = await Promise.all([
      db.execute<{ user_id: number }>(sql`
        select cs.user_id from crew_search cs where ${where}
        order by ${order} limit ${limit} offset ${offset}`),
      countUpTo(db, where, countBound + 1),
    ]);
    ids = page.rows.map((row) => row.user_id);
    counted = count;
  }
  if (counted <= countBound) return { ids, total: counted, estimated: false };
  return { ids, total: Math.max(countBound + 1, await estimateMatches(db, where)), estimated: true };
}

async function countUpTo(db: Database, where: SQL, bound: number): Promise<number> {
  const { rows } = await db.execute<{ total: number }>(sql`
    select count(*)::int as total from (select 1 from crew_search cs where ${where} limit ${bound}) matches`);
  return rows[0]?.total ?? 0;
}

/** The planner's row estimate: no rows are read. */
async function estimateMatches(db: Database, where: SQL): Promise<number> {
  const { rows } = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    sql`explain (format json) select 1 from crew_search cs where ${where}`,
  );
  return Math.round(rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
}

/**
 * The known places a typed location means, forgiving typos (word_similarity, `<%`: "Atlana" finds
 * "atlanta, ga"), from the short list of distinct places rather than from a million profiles.
 */
export async function matchingPlaces(db: Database, location: string): Promise<string[]> {
  const { rows } = await db.execute<{ location: string }>(sql`
    select sl.location from search_locations sl where ${location} <% sl.location
    order by word_similarity(${location}, sl.location) desc, sl.location limit 50`);
  return rows.map((row) => row.location);
}

export type CrewCardRow = {
  id: number;
  username: string;
  display_name: string | null;
  profile_image: string | null;
  location: string | null;
  role_ids: number[];
  tags: string[] | null;
  rating_average: number;
  rating_count: number;
  is_subscribed: boolean;
  snippet: string | null;
  /** Whether the snippet is the source text's beginning, and its end (else it gets an ellipsis). */
  snippet_head: string | null;
  snippet_tail: string | null;
};

/** What a result card shows, for a page of ids (in any order; the caller orders them). */
export async function loadCrewCards(
  db: Database,
  ids: number[],
  snippetQuery: string | null,
): Promise<CrewCardRow[]> {
  if (ids.length === 0) return [];
  const snippet = snippetQuery
    ? sql`ts_headline('english', cs.snippet_source, ${tsquery(snippetQuery)},
        ${`StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=22, MinWords=10, MaxFragments=1, ShortWord=2`})`
    : sql`null`;
  const { rows } = await db.execute<CrewCardRow>(sql`
    select cs.user_id as id, u.username, u.display_name, u.profile_image, u.location, cs.role_ids,
      cs.rating_average, cs.rating_count,
      exists (select 1 from subscriptions s where s.user_id = cs.user_id and s.status = 'active'
        and s.current_period_end > now()) as is_subscribed,
      array(select t.tag from user_tags t where t.user_id = cs.user_id order by t.id limit 5) as tags,
      ${snippet} as snippet, left(cs.snippet_source, 24) as snippet_head, right(cs.snippet_source, 24) as snippet_tail
    from crew_search cs join users u on u.id = cs.user_id
    where cs.user_id = any(${sql.param(ids)}::integer[])`);
  return rows;
}

/**
 * For each word: whether the directory knows it, and else the closest known word by trigram
 * similarity (pg_trgm's `%`, threshold 0.3), from the small dictionary of names, places, roles, skills.
 */
export async function closestTerms(db: Database, words: string[]) {
  const { rows } = await db.execute<{ word: string; known: boolean; closest: string | null }>(sql`
    select w.word,
      exists (select 1 from search_terms st where st.term = w.word) as known,
      (select st.term from search_terms st where st.term % w.word
        order by similarity(st.term, w.word) desc, st.term limit 1) as closest
    from unnest(${sql.param(words)}::text[]) as w(word)`);
  return rows;
}

/** Best-rated crew by Bayesian average; people with no reviews are not "top rated". */
export async function findTopRatedIds(
  db: Database,
  roleIds: number[] | null,
  limit: number,
): Promise<number[]> {
  const { rows } = await db.execute<{ user_id: number }>(sql`
    select cs.user_id from crew_search cs
    where cs.rating_count > 0 ${roleIds ? sql`and cs.role_ids && ${sql.param(roleIds)}::integer[]` : sql``}
    order by cs.rating_score desc, cs.user_id desc
    limit ${limit}`);
  return rows.map((row) => row.user_id);
}
