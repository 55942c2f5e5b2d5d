import { type SQL, sql } from 'drizzle-orm';
import { LIMITS } from '#common/limits';
import type { SearchSort } from '#common/schemas/search';
import { isPremiumSql } from '#server/access/premium-queries.ts';
import type { Database } from '#server/db/client.ts';
import { isPlaceholder, renderSql, runTemplate, StatementTemplates } from '#server/db/prepared.ts';
import { FEATURED_MIN_COMPLETENESS, SEARCH_TIER_COUNT } from '#server/db/schema/index.ts';
import { estimateTextMatches, extrapolateFromTiers, type TextStatistics } from './estimate.ts';

/**
 * Search text as PostgreSQL matches it: `units` in to_tsquery('english') syntax (a word or a
 * synonym group), each of which must match, and `anyOf`, exact index words one of which must
 * also match: the completions of the word being typed.
 */
export interface TextQuery {
  units: string[];
  anyOf: string[] | null;
}

/** What narrows a search, already validated and normalised by the service. */
export interface SearchFilters {
  text: TextQuery | null;
  roleIds: number[] | null;
  categoryRoleIds: number[] | null;
  /** Exact places (lower-cased, as stored) the location filter resolved to; [] matches nobody. */
  places: string[] | null;
  minRating?: number;
  minReviews?: number;
  minYears?: number;
  hasPortfolio?: boolean;
  verifiedOnly?: boolean;
  /**
   * Only these crew members (saved-search alerts ask about the members changed since their last
   * run, ADR 034): findMatchingIds' alone, planned for its values; a page of results never has them.
   */
  userIds?: number[] | null;
  /**
   * Free on the days from `from` to `to` (both included, YYYY-MM-DD): busy on at most
   * `maxBusyDays` of them (0: free on every one). Busy days are member_busy_days (ADR 033).
   */
  available?: { from: string; to: string; maxBusyDays: number } | null;
}

/** A tsquery literal matching any of these index words exactly: `'chen' | 'cheng'`. */
function anyOfLexemes(lexemes: readonly string[]): string {
  return lexemes.map((lexeme) => `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`).join(' | ');
}

/**
 * What decides a search statement's text. Everything else is a value filling one of its
 * placeholders, so each shape is written and rendered once per process (StatementTemplates).
 */
interface PageShape {
  sort: SearchSort;
  /** Which parts the search text has: words (`units`), completions of a typed word (`anyOf`). */
  text: { units: boolean; anyOf: boolean } | null;
  roles: boolean;
  category: boolean;
  places: 'one' | 'many' | null;
  minRating: boolean;
  minReviews: boolean;
  minYears: boolean;
  hasPortfolio: boolean;
  verifiedOnly: boolean;
  userIds: boolean;
  /** Free on every day of a range (`all`), or on enough of them (`some`). */
  dates: 'all' | 'some' | null;
  /**
   * A listing by rating of one role's crew, with at most one place, dates and nothing else: read
   * from crew_search_roles (ADR 042), which walks that role's crew alone.
   */
  byRole: boolean;
}

function shapeOf(f: SearchFilters, sort: SearchSort): PageShape {
  const places = f.places;
  const shape: PageShape = {
    sort,
    text: f.text && { units: f.text.units.length > 0, anyOf: (f.text.anyOf?.length ?? 0) > 0 },
    roles: f.roleIds !== null,
    category: f.categoryRoleIds !== null,
    places: places === null ? null : places.length === 1 ? 'one' : 'many',
    minRating: f.minRating !== undefined,
    minReviews: f.minReviews !== undefined,
    minYears: f.minYears !== undefined,
    hasPortfolio: f.hasPortfolio === true,
    verifiedOnly: f.verifiedOnly === true,
    userIds: f.userIds != null,
    dates: f.available ? (f.available.maxBusyDays > 0 ? 'some' : 'all') : null,
    byRole: false,
  };
  shape.byRole =
    f.roleIds?.length === 1 &&
    !shape.category &&
    shape.text === null &&
    (sort === 'rating' || sort === 'relevance') &&
    shape.places !== 'many' &&
    !hasPremiumFilters(shape) &&
    !shape.userIds;
  return shape;
}

/** Whether a filter can only match nobody: a list of roles or places that is empty. */
function matchesNobody(f: SearchFilters): boolean {
  return (
    f.roleIds?.length === 0 ||
    f.categoryRoleIds?.length === 0 ||
    f.places?.length === 0 ||
    f.userIds?.length === 0
  );
}

/**
 * The role and place filters as a tsquery over the facet words every document ends with
 * (`#role:13`, `#place:atlanta, ga`; migration 0008): any of each list, all of the lists.
 */
function facetQuery(f: SearchFilters): string | undefined {
  const lists = [
    f.roleIds?.map((id) => `#role:${id}`),
    f.categoryRoleIds?.map((id) => `#role:${id}`),
    f.places?.map((place) => `#place:${place}`),
  ].flatMap((list) => (list ? [`(${anyOfLexemes(list)})`] : []));
  return lists.length > 0 ? lists.join(' & ') : undefined;
}

/** The values for a shape's placeholders (every name, so that any shape finds its own). */
function valuesOf(f: SearchFilters, limit: number, offset: number): Record<string, unknown> {
  return {
    allUnits: f.text?.units.join(' & '),
    anyUnit: f.text?.units.join(' | '),
    anyOf: f.text?.anyOf ? anyOfLexemes(f.text.anyOf) : undefined,
    facets: facetQuery(f),
    roleIds: f.roleIds,
    roleId: f.roleIds?.[0],
    categoryRoleIds: f.categoryRoleIds,
    place: f.places?.[0],
    places: f.places,
    minRating: f.minRating,
    minReviews: f.minReviews,
    minYears: f.minYears,
    userIds: f.userIds,
    availableFrom: f.available?.from,
    availableTo: f.available?.to,
    maxBusyDays: f.available?.maxBusyDays,
    limit,
    offset,
    end: offset + limit,
  };
}

const value = (name: string) => sql.placeholder(name);

/** The tsquery every unit of which must match (`all`), or any one of them (`any`, for snippets). */
function tsquery(text: NonNullable<PageShape['text']>, of: 'all' | 'any' = 'all'): SQL {
  const parts: SQL[] = [];
  if (text.units) parts.push(sql`to_tsquery('english', ${value(of === 'all' ? 'allUnits' : 'anyUnit')})`);
  if (text.anyOf) parts.push(sql`${value('anyOf')}::tsquery`);
  if (parts.length === 0) return sql`''::tsquery`;
  return sql`(${sql.join(parts, of === 'all' ? sql` && ` : sql` || `)})`;
}

/** Whether these filters list everyone: no words, no role, place or Premium filter, no dates. */
export function listsEveryone(f: SearchFilters): boolean {
  const shape = shapeOf(f, 'rating');
  return (
    shape.text === null && !hasFacets(shape) && !hasPremiumFilters(shape) && !shape.userIds && !shape.dates
  );
}

/** Whether a search is narrowed by a role, a category or a place (facet words, migration 0008). */
function hasFacets(shape: PageShape): boolean {
  return shape.roles || shape.category || shape.places !== null;
}

/** Whether a search uses any Premium filter. */
function hasPremiumFilters(shape: PageShape): boolean {
  return shape.minRating || shape.minReviews || shape.minYears || shape.hasPortfolio || shape.verifiedOnly;
}

/**
 * The search condition over `crew_search cs`. Every value is cast where it is used, because
 * crew_search_estimate receives them as text.
 */
function conditions(shape: PageShape): SQL {
  const parts: SQL[] = [];
  if (shape.text) parts.push(sql`cs.document @@ ${tsquery(shape.text)}`);
  if (shape.byRole) parts.push(sql`cs.role_id = ${value('roleId')}::integer`);
  else if (shape.roles) parts.push(sql`cs.role_ids && ${value('roleIds')}::integer[]`);
  if (shape.category) parts.push(sql`cs.role_ids && ${value('categoryRoleIds')}::integer[]`);
  // One place (the usual case) as plain equality: the (location, rating_score) index then
  // yields the crew of that place already in rating order.
  if (shape.places === 'one') parts.push(sql`cs.location = ${value('place')}::text`);
  if (shape.places === 'many') parts.push(sql`cs.location = any(${value('places')}::text[])`);
  parts.push(...premiumConditions(shape), ...availabilityConditions(shape));
  if (shape.userIds) parts.push(sql`cs.user_id = any(${value('userIds')}::integer[])`);
  return parts.length > 0 ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * The condition past-the-bound estimates are planned on: crew_search's own, also for a listing that
 * walks crew_search_roles (which has no statistics of which roles go with which places; the two
 * match the same crew).
 */
function estimatedConditions(shape: PageShape): SQL {
  return conditions({ ...shape, byRole: false });
}

function premiumConditions(shape: PageShape): SQL[] {
  const parts: SQL[] = [];
  if (shape.minRating)
    parts.push(sql`cs.rating_count > 0 and cs.rating_average >= ${value('minRating')}::real`);
  if (shape.minReviews) parts.push(sql`cs.rating_count >= ${value('minReviews')}::int`);
  if (shape.minYears)
    parts.push(sql`cs.career_start <= current_date - make_interval(years => ${value('minYears')}::int)`);
  if (shape.hasPortfolio) parts.push(sql`cs.has_portfolio`);
  if (shape.verifiedOnly) parts.push(sql`cs.verified_count > 0`);
  return parts;
}

/** A member's busy days within the range asked for (`member` is their id's column). */
function busyDaysIn(member: SQL): SQL {
  return sql`member_busy_days b where b.user_id = ${member}
    and b.day between ${value('availableFrom')}::date and ${value('availableTo')}::date`;
}

/**
 * Free on every day: nobody busy after the range starts has to be looked at (busy_until, the last
 * day they were ever busy on, is in the covering indexes: ADR 041); the others are probed on
 * member_busy_days' primary key by member_busy_between. Nine in ten candidates are settled by the
 * index entry alone; a probe for each was most of what dates added to a search (ADR 033). Free on
 * enough days: at most maxBusyDays busy ones, counted on the same key.
 */
function availabilityConditions(shape: PageShape): SQL[] {
  if (!shape.dates) return [];
  const from = sql`${value('availableFrom')}::date`;
  const range = sql`cs.user_id, ${from}, ${value('availableTo')}::date`;
  const freeAfter = sql`cs.busy_until is null or cs.busy_until < ${from}`;
  if (shape.dates === 'all') return [sql`(${freeAfter} or not member_busy_between(${range}))`];
  return [sql`(${freeAfter} or member_busy_days_between(${range}) <= ${value('maxBusyDays')}::int)`];
}

/** The card's busy days in the range, when the search has dates: its `availability`. */
function busyDaysColumn(shape: PageShape): SQL {
  return shape.dates ? sql`, (select count(*)::int from ${busyDaysIn(sql`u.id`)}) as busy_days` : sql``;
}

/**
 * Counts are exact up to this. Written into the text, as every limit is: a generic plan made
 * without it would take `LIMIT $n` for a tenth of the table.
 */
const COUNT_BOUND = sql.raw(String(LIMITS.searchExactCountMax));

/**
 * The planner's estimate of how many crew match `where`, as an expression: crew_search_estimate
 * (migration 0006) plans the condition, sent as text with its values, without reading a row.
 */
function estimateOf(where: SQL): SQL {
  const { text: condition, params } = renderSql(where);
  const values = params.map((param) => sql`${isPlaceholder(param) ? param : sql.param(param)}::text`);
  return sql`crew_search_estimate(${condition}, array[${sql.join(values, sql`, `)}]::text[])`;
}

/** The exact count up to searchExactCountMax + 1 (`counted`), and past it the estimate. */
function countedOr(counted: SQL, where: SQL): SQL {
  // A subquery of its own, so that it runs once (an initplan), not for every row of the page.
  return sql`, ${counted} as total,
    (select case when ${counted} > ${COUNT_BOUND} then ${estimateOf(where)} end) as estimate`;
}

type ListingSort = Exclude<SearchSort, 'relevance'>;

const ORDER: Record<ListingSort, SQL> = {
  rating: sql`cs.rating_score desc, cs.user_id desc`,
  reviews: sql`cs.rating_count desc, cs.user_id desc`,
  newest: sql`cs.created_at desc, cs.user_id desc`,
};

/** The column each listing sorts by (then by user id), and its type. */
const SORT_COLUMN: Record<ListingSort, { column: SQL; type: SQL }> = {
  rating: { column: sql`cs.rating_score`, type: sql.raw('real') },
  reviews: { column: sql`cs.rating_count`, type: sql.raw('integer') },
  newest: { column: sql`cs.created_at`, type: sql.raw('timestamptz') },
};

/** An entry of a sorted listing: its sort value, as PostgreSQL prints it (exact), and its id. */
export interface ListingKey {
  value: string;
  userId: number;
}

export type CrewCardRow = {
  id: number;
  username: string;
  display_name: string | null;
  fallback_name: string;
  profile_image: string | null;
  location: string | null;
  role_ids: number[];
  tags: string[] | null;
  rating_average: number;
  rating_count: number;
  is_subscribed: boolean;
  /** The text a snippet is cut from (skills, experience, bio), when the search matched in it. */
  snippet_source: string | null;
  /** The search words as a tsquery's text, for finding them in snippet_source. */
  snippet_query: string | null;
  /** Busy days within the range asked for, when the search has dates. */
  busy_days?: number;
};

/**
 * What a result card shows, for the ids of a `page` relation (user_id, ordinal) the caller
 * defines. The snippet's source text comes only where the words matched outside the name and
 * roles (weights B–D: skills, experience, bio): a name says nothing new. The server cuts it.
 */
function cardsOf(page: SQL, anyWord: SQL | null, extra: SQL = sql``, anyMember = false): SQL {
  const snippet = anyWord
    ? sql`case when ts_filter(cs.document, '{b,c,d}') @@ ${anyWord} then cs.snippet_source end as snippet_source,
        ${anyWord}::text as snippet_query`
    : sql`null as snippet_source, null as snippet_query`;
  return sql`
    select u.id, u.username, u.display_name, u.fallback_name, u.profile_image, u.location,
      coalesce(cs.role_ids, '{}') as role_ids,
      coalesce(cs.rating_average, 0) as rating_average, coalesce(cs.rating_count, 0) as rating_count,
      ${isPremiumSql(sql`u.id`)} as is_subscribed,
      array(select t.tag from user_tags t where t.user_id = u.id order by t.id limit 5) as tags,
      ${snippet}
      ${extra}
    from (${page}) page ${
      // Anyone's card (a producer with no roles is not in the index); a search's are all crew.
      anyMember
        ? sql`join users u on u.id = page.user_id left join crew_search cs on cs.user_id = u.id`
        : sql`join crew_search cs on cs.user_id = page.user_id join users u on u.id = cs.user_id`
    }
    order by page.ordinal`;
}

const templates = new StatementTemplates();

/** Result cards for these ids, in this order; members with no roles too. */
export async function loadCrewCards(db: Database, ids: number[]): Promise<CrewCardRow[]> {
  if (ids.length === 0) return [];
  const template = templates.get('cards', () =>
    cardsOf(
      sql`select * from unnest(${value('ids')}::integer[]) with ordinality as p(user_id, ordinal)`,
      null,
      sql``,
      true,
    ),
  );
  return runTemplate<CrewCardRow>(db, template, { ids }, { prepared: false });
}

export interface MatchPage {
  cards: CrewCardRow[];
  /** Exact up to LIMITS.searchExactCountMax; beyond it PostgreSQL's estimate (`estimated`). */
  total: number;
  estimated: boolean;
}

/** Relevance reads rating tiers, best first, until they hold this many matches. */
const ENOUGH_CANDIDATES = Math.max(LIMITS.searchRankedMax, LIMITS.searchExactCountMax) + 1;
// Constants written into the text: a generic plan must see the limits it works to.
const enough = sql.raw(String(ENOUGH_CANDIDATES));

/** The CTEs holding each rating tier's candidates, best tier first. */
const TIERS = Array.from({ length: SEARCH_TIER_COUNT }, (_, index) => sql.raw(`tier_${index + 1}`));

/**
 * Whether the tier at `index` is read: while the tiers before it hold fewer than enough. As a
 * one-time filter, the tier's scan does not start at all otherwise.
 */
function tierIsRead(index: number): SQL {
  const before = TIERS.slice(0, index);
  if (before.length === 0) return sql`true`;
  return sql`${sql.join(
    before.map((name) => sql`(select count(*) from ${name})`),
    sql` + `,
  )} < ${enough}`;
}

const rankedCount = sql`(select count(*) from ranked)::int`;
/**
 * A search of words and facets alone: its count, and past the bound its words as PostgreSQL
 * parsed them, from which the server estimates the matches as the planner would (estimate.ts),
 * with no EXPLAIN.
 */
const countedWithWords = sql`, ${rankedCount} as total,
  (select case when ${rankedCount} > ${COUNT_BOUND} then q.all_words::text end from query q) as words,
  case when ${rankedCount} > ${COUNT_BOUND} then array[${sql.join(
    TIERS.map(
      (name, index) => sql`case when ${tierIsRead(index)} then (select count(*) from ${name})::int end`,
    ),
    sql`, `,
  )}] end as tier_counts`;

/**
 * Relevance: the search words as tsqueries computed once (initplans), so that a generic plan of
 * the prepared statement does not parse them again for every row it ranks or cuts a snippet from.
 * Role and place filters are facet words ANDed to the text (`all_words`), so the tier's text
 * index intersects them in the same scan; the rank counts the text's words only.
 */
function relevanceStatement(shape: PageShape & { text: object }): SQL {
  const allWords = sql`(select q.all_words from query q)`;
  const textWords = sql`(select q.text_words from query q)`;
  const anyWord = sql`(select q.any_word from query q)`;
  const matching = sql.join(
    [sql`cs.document @@ ${allWords}`, ...premiumConditions(shape), ...availabilityConditions(shape)],
    sql` and `,
  );
  const facets = hasFacets(shape) ? sql` && ${value('facets')}::tsquery` : sql``;
  const candidates = (scope: SQL) => sql`
    select cs.user_id, cs.rating_score, cs.profile_completeness,
      ts_rank('{0.1, 0.2, 0.4, 1.0}', cs.document, ${textWords}, 1) as rank
    from crew_search cs where ${matching} and ${scope} limit ${enough}`;
  // Tier by tier, best first. The tiers do not overlap, so every tier read adds its own
  // matches, and each tier's index is its own crew alone.
  const scans = TIERS.map(
    (name, index) =>
      sql`${name} as materialized (${candidates(sql`cs.search_tier = ${sql.raw(String(index + 1))} and ${tierIsRead(index)}`)})`,
  );
  // The page as a range of ordinals rather than LIMIT/OFFSET: planned without the values, a
  // LIMIT is taken to keep a tenth of the rows, and the cards of 60 would outweigh any plan.
  // Relevance × the rating's factor × the share of a complete profile (ADR 009's addendum): a
  // profile with nothing but its role keeps a fifth of its relevance.
  const page = sql`
    select user_id, ordinal from (
      select user_id, row_number() over (
        order by rank * (1 + rating_score / 10) * profile_completeness desc,
          rating_score desc, user_id desc) as ordinal
      from ranked) numbered
    where ordinal > ${value('offset')}::int and ordinal <= ${value('end')}::int`;
  return sql`
    with words as materialized (
      select ${tsquery(shape.text)} as text_words, ${tsquery(shape.text, 'any')} as any_word),
    query as materialized (select w.text_words${facets} as all_words, w.text_words, w.any_word from words w),
    ${sql.join(scans, sql`, `)},
    ranked as materialized (${sql.join(
      TIERS.map((name) => sql`select * from ${name}`),
      sql` union all `,
    )})
    ${cardsOf(
      page,
      anyWord,
      sql`${busyDaysColumn(shape)}${
        // The words' statistics know nothing of Premium filters or dates: the planner estimates those.
        hasPremiumFilters(shape) || shape.dates ? countedOr(rankedCount, conditions(shape)) : countedWithWords
      }`,
    )}`;
}

/**
 * Where the listing of everyone starts a page: the page after an entry of it (`after`), or an
 * offset into it.
 */
type EveryonePage = { limit: number } & ({ after: true } | { offset: number });

/**
 * A sorted listing: numbered after the limit, so the index walk still stops at the page. The
 * listing of everyone (no text, no filter) is prepared with its page size written into the text:
 * its plan is then the index walk whatever the page, where `LIMIT $n` would be planned as a tenth
 * of a million rows. A later page of it starts just past a remembered entry (`after`), so the
 * walk seeks there instead of stepping over every entry before it. Its count past the bound is
 * everyone, which the server knows (estimate.ts).
 */
function listingStatement(shape: PageShape, everyonePage?: EveryonePage): SQL {
  const where = conditions(shape);
  const sort = shape.sort === 'relevance' ? 'rating' : shape.sort;
  const order = ORDER[sort];
  const { column, type } = SORT_COLUMN[sort];
  let pageWhere = where;
  let bounds = sql`limit ${value('limit')} offset ${value('offset')}`;
  if (everyonePage && 'after' in everyonePage) {
    pageWhere = sql`(${column}, cs.user_id) < (${value('afterValue')}::${type}, ${value('afterId')}::integer)`;
    bounds = sql.raw(`limit ${everyonePage.limit}`);
  } else if (everyonePage) bounds = sql.raw(`limit ${everyonePage.limit} offset ${everyonePage.offset}`);
  const page = sql`
    select cs.user_id, row_number() over (order by ${order}) as ordinal from (
      select cs.user_id, ${column} from ${listed(shape)} cs
      where ${pageWhere} order by ${order} ${bounds}) cs`;
  const counted = sql`(select total from counted)`;
  return sql`
    with counted as materialized (${countUpTo(shape, where)})
    ${cardsOf(
      page,
      shape.text && tsquery(shape.text, 'any'),
      sql`${busyDaysColumn(shape)}${everyonePage ? sql`, ${counted} as total` : countedOr(counted, estimatedConditions(shape))}`,
    )}`;
}

/**
 * The first searchMaxResults entries of the listing of everyone in this order: where each of its
 * pages starts, for any page size.
 */
export async function everyoneListingKeys(db: Database, sort: ListingSort): Promise<ListingKey[]> {
  const template = templates.get(`everyone keys ${sort}`, () => {
    const { column } = SORT_COLUMN[sort];
    return sql`select ${column}::text as value, cs.user_id as "userId" from crew_search cs
      order by ${ORDER[sort]} limit ${sql.raw(String(LIMITS.searchMaxResults))}`;
  });
  return runTemplate<ListingKey>(db, template, {}, { prepared: true });
}

/** The table a listing walks: the search index, or its rows per role (ADR 042). */
function listed(shape: PageShape): SQL {
  return shape.byRole ? sql`crew_search_roles` : sql`crew_search`;
}

/** How many crew match, counting no further than one past searchExactCountMax. */
function countUpTo(shape: PageShape, where: SQL): SQL {
  return sql`select count(*)::int as total
    from (select 1 from ${listed(shape)} cs where ${where} limit ${COUNT_BOUND} + 1) matches`;
}

/**
 * One page of result cards, best first, and how many matched, in one statement. The work is
 * bounded whatever the query matches: relevance ranks the matches of the best-rated tiers, read
 * best first until they hold more than searchRankedMax (each tier has a text index of its own,
 * ADRs 011 and 014), so at most about twice that; sorted listings walk an index to the page;
 * counting stops at searchExactCountMax, past which the planner's estimate stands in.
 */
export async function findPage(
  db: Database,
  filters: SearchFilters,
  sort: SearchSort,
  limit: number,
  offset: number,
  statistics: TextStatistics,
  /** For the listing of everyone: the entry just before this page, when the caller knows it. */
  after?: ListingKey,
): Promise<MatchPage> {
  if (matchesNobody(filters)) return { cards: [], total: 0, estimated: false };
  const shape = shapeOf(filters, sort);
  const key = JSON.stringify(shape);
  const { text } = shape;
  const relevance = sort === 'relevance' && text !== null;
  // Words and facets plan the same whatever they are (the tiers' text indexes); a Premium filter
  // could make another index the better start, which only a plan for its values can see.
  const wordsAndFacets = !hasPremiumFilters(shape);
  const everyone = listsEveryone(filters);
  const seek = everyone && after !== undefined;
  const template = seek
    ? templates.get(`everyone after ${key} ${limit}`, () => listingStatement(shape, { limit, after: true }))
    : everyone
      ? templates.get(`everyone ${key} ${limit} ${offset}`, () => listingStatement(shape, { limit, offset }))
      : templates.get(`page ${key}`, () =>
          relevance ? relevanceStatement({ ...shape, text }) : listingStatement(shape),
        );
  // A listing by role, place and dates (no words) as a named statement too: PostgreSQL still plans
  // it for its values (its generic plan costs more), but parses and rewrites it once per
  // connection instead of every time (ADR 041).
  const facetListing = text === null && wordsAndFacets;
  const prepared = (relevance && wordsAndFacets) || everyone || facetListing;
  const values = { ...valuesOf(filters, limit, offset), afterValue: after?.value, afterId: after?.userId };
  type Counted = {
    total: number;
    estimate?: string | null;
    words?: string | null;
    tier_counts?: (number | null)[] | null;
  };
  const rows = await runTemplate<CrewCardRow & Counted>(db, template, values, { prepared });
  // No rows on the first page: nothing matched. A later page past the end has no rows to carry
  // the count: count on its own (rare).
  const [counted] = rows[0]
    ? [rows[0]]
    : offset === 0
      ? [{ total: 0 }]
      : await runTemplate<Counted>(
          db,
          templates.get(`count ${key}`, () => {
            const where = conditions(shape);
            return sql`
            with counted as materialized (${countUpTo(shape, where)})
            select 1 ${countedOr(sql`(select total from counted)`, estimatedConditions(shape))}`;
          }),
          values,
          { prepared: false },
        );
  const cards = rows.map(
    ({ total: _total, estimate: _estimate, words: _words, tier_counts: _tierCounts, ...card }) => card,
  );
  const total = counted?.total ?? 0;
  const countBound = LIMITS.searchExactCountMax;
  if (total <= countBound) return { cards, total, estimated: false };
  const estimate = everyone
    ? Math.round(statistics.crew)
    : counted?.words
      ? Math.max(
          estimateTextMatches(counted.words, statistics),
          extrapolateFromTiers(counted.tier_counts ?? [], statistics) ?? 0,
        )
      : Number(counted?.estimate ?? 0);
  return { cards, total: Math.max(countBound + 1, estimate), estimated: true };
}

/** The ids among filters.userIds that match, in no order: the alert job's question (ADR 034). */
export async function findMatchingIds(db: Database, filters: SearchFilters): Promise<number[]> {
  if (matchesNobody(filters)) return [];
  const shape = shapeOf(filters, 'newest');
  const template = templates.get(
    `ids ${JSON.stringify(shape)}`,
    () => sql`select cs.user_id as id from crew_search cs where ${conditions(shape)}`,
  );
  const rows = await runTemplate<{ id: number }>(db, template, valuesOf(filters, 0, 0), { prepared: false });
  return rows.map((row) => row.id);
}

/**
 * Best-rated crew by Bayesian average; people with no reviews are not "top rated". Profiles staff
 * featured lead the list (newest featured first), reviewed or not. Either way only profiles with
 * a display name, a photo and a role (FEATURED_MIN_COMPLETENESS): the home page shows these first.
 */
export async function findTopRatedIds(
  db: Database,
  roleIds: number[] | null,
  limit: number,
): Promise<number[]> {
  const roleFilter = sql`and cs.profile_completeness >= ${sql.raw(String(FEATURED_MIN_COMPLETENESS))} ${
    roleIds ? sql`and cs.role_ids && ${sql.param(roleIds)}::integer[]` : sql``
  }`;
  const { rows } = await db.execute<{ user_id: number }>(sql`
    select user_id from (
      (select cs.user_id, 0 as grp, u.featured_at, 0::real as score from crew_search cs
        join users u on u.id = cs.user_id
        where u.featured_at is not null ${roleFilter}
        order by u.featured_at desc limit ${limit})
      union all
      (select cs.user_id, 1, null, cs.rating_score from crew_search cs
        where cs.rating_count > 0 ${roleFilter}
          and not exists (select 1 from users u where u.id = cs.user_id and u.featured_at is not null)
        order by cs.rating_score desc, cs.user_id desc limit ${limit})
    ) ranked
    order by grp, featured_at desc nulls last, score desc, user_id desc
    limit ${limit}`);
  return rows.map((row) => row.user_id);
}
