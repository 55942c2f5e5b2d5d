import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** Text compared byte by byte, so a prefix is a plain index range whatever the database's locale. */
const byteOrderedText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/**
 * The best-rated tiers of the directory, best first, by the lowest rating score in each: about
 * one crew member in twenty, one in ten and one in four in the demo data, then everyone else.
 * Each tier has a text index of its own over its crew alone, so a search reads the tiers best
 * first until it holds enough candidates, each posting list read once (ADRs 011 and 014).
 */
export const SEARCH_TIER_MIN_SCORES = [4, 3.8, 3.6] as const;

/**
 * The points of profile completeness (crew_search.profile_completeness, out of 100), as
 * crew_profile_completeness() in migration 0028 gives them. The name weighs more than everything
 * but the role together, so a nameless profile can never reach FEATURED_MIN_COMPLETENESS.
 */
export const PROFILE_COMPLETENESS_POINTS = {
  displayName: 45,
  role: 20,
  photo: 15,
  bio: 8,
  location: 4,
  experience: 4,
  skills: 2,
  portfolio: 2,
} as const;

/**
 * What the home page's featured lists ask of a profile: a display name and a role (every crew
 * row has a role, so it is the name that decides).
 */
export const FEATURED_MIN_COMPLETENESS =
  PROFILE_COMPLETENESS_POINTS.displayName + PROFILE_COMPLETENESS_POINTS.role;

/** How many tiers there are: one per minimum score, and the rest. */
export const SEARCH_TIER_COUNT = SEARCH_TIER_MIN_SCORES.length + 1;

/**
 * crew_search.search_tier: 1 for the best tier, 2 for the next, … and one past the last for
 * everyone else. Its own column, with no other index on it, so the planner reaches a tier only
 * through the tier's text index (written on rating_score, it would pair the text index with the
 * rating index in a BitmapAnd). Queries must write `search_tier = N` as the indexes do.
 */
const searchTier = sql.raw(
  `case ${SEARCH_TIER_MIN_SCORES.map((min, index) => `when rating_score >= ${min} then ${index + 1}`).join(' ')} else ${SEARCH_TIER_COUNT} end`,
);

/**
 * The search index: one row per crew member (a user with at least one role), rebuilt by
 * `crew_search_refresh(ids)` from statement triggers on every table it reads (migration 0004).
 * Application code only reads it.
 */
export const crewSearch = pgTable(
  'crew_search',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Display name, or the username when there is none. */
    name: text('name').notNull(),
    /** Lower-cased location, for trigram matching. */
    location: text('location').notNull(),
    roleIds: integer('role_ids').array().notNull(),
    /** Weighted: A name and roles, B skills, C experience titles and projects, D bio and location. */
    document: tsvector('document').notNull(),
    /** The text a result snippet is cut from: bio, skills and experience. */
    snippetSource: text('snippet_source').notNull(),
    careerStart: date('career_start', { mode: 'string' }),
    hasPortfolio: boolean('has_portfolio').notNull(),
    ratingAverage: real('rating_average').notNull(),
    ratingCount: integer('rating_count').notNull(),
    /** Bayesian average (see crew_rating_score): what "rating" sorts and top-rated rank by. */
    ratingScore: real('rating_score').notNull(),
    verifiedCount: integer('verified_count').notNull(),
    /**
     * How useful the profile is to a production, 0–100 (crew_profile_completeness, migration
     * 0028, PROFILE_COMPLETENESS_POINTS). Relevance is multiplied by it, and featured lists need
     * FEATURED_MIN_COMPLETENESS (ADR 009's addendum).
     */
    profileCompleteness: smallint('profile_completeness').notNull(),
    searchTier: smallint('search_tier').notNull().generatedAlwaysAs(searchTier),
    /**
     * The last day the member has ever been busy on (member_busy_days), only ever moved later (ADR
     * 041): a search by dates that starts after it needs no look at their calendar. Kept by
     * member_busy_days_apply; in the two covering indexes, so role and place stay index-only.
     */
    busyUntil: date('busy_until', { mode: 'string' }),
    /** Seam for radius search: filled once locations are geocoded. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('crew_search_document_idx').using('gin', t.document),
    ...Array.from({ length: SEARCH_TIER_COUNT }, (_, i) =>
      index(`crew_search_document_tier_${i + 1}_idx`)
        .using('gin', t.document)
        .where(sql.raw(`search_tier = ${i + 1}`)),
    ),
    index('crew_search_roles_idx').using('gin', t.roleIds),
    // Ascending on purpose: read backwards they serve `order by … desc, user_id desc`. Drizzle's
    // .desc() would write DESC NULLS LAST, which such an ORDER BY (nulls first) cannot use.
    // Two covering indexes (with INCLUDE, so written in migration 0004's SQL) serve the rating
    // order: (rating_score, user_id) INCLUDE (role_ids, busy_until) and (location, rating_score,
    // user_id) INCLUDE (role_ids, busy_until), so role, place and date filters are answered from
    // the index alone (busy_until since migration 0039). A location
    // filter resolves to exact places first (search_locations), then uses the second.
    index('crew_search_reviews_idx').on(t.ratingCount, t.userId),
    index('crew_search_newest_idx').on(t.createdAt, t.userId),
  ],
);

/**
 * The search index once per role of each crew member (migration 0041, ADR 042): what a listing by
 * one role reads, alone or with one place, so that it walks only that role's crew instead of
 * testing every entry of the place (or of everyone) for the role. Kept from crew_search by
 * statement triggers; application code only reads it. Two covering indexes, written in the
 * migration's SQL (INCLUDE): (role_id, location, rating_score, user_id) and (role_id,
 * rating_score, user_id), both INCLUDE (busy_until), so dates stay index-only too.
 */
export const crewSearchRoles = pgTable(
  'crew_search_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => crewSearch.userId, { onDelete: 'cascade' }),
    roleId: integer('role_id').notNull(),
    location: text('location').notNull(),
    ratingScore: real('rating_score').notNull(),
    busyUntil: date('busy_until', { mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** Words people search for (names, places, roles, skills): what "Did you mean" corrects towards. */
export const searchTerms = pgTable('search_terms', { term: text('term').primaryKey() }, (t) => [
  index('search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`),
]);

/**
 * Every distinct word of the text index (crew_search.document's lexemes, letters and digits
 * only), added by crew_search_refresh. The word being typed is completed from it into exact
 * words, which the text index intersects far faster than a prefix (`:*`) query (ADR 011).
 */
export const searchLexemes = pgTable('search_lexemes', {
  lexeme: byteOrderedText('lexeme').primaryKey(),
});

/**
 * Every distinct place crew give, lower-cased. A location filter trigram-matches this short list
 * ("Atlana" → "atlanta, ga") and then looks the places up exactly in crew_search.
 */
export const searchLocations = pgTable(
  'search_locations',
  { location: text('location').primaryKey() },
  (t) => [index('search_locations_trgm_idx').using('gin', sql`${t.location} gin_trgm_ops`)],
);
