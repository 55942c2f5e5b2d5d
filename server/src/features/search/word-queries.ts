import { sql } from 'drizzle-orm';
import { LIMITS } from '#common/limits';
import type { Database } from '#server/db/client.ts';
import { runTemplate, StatementTemplates } from '#server/db/prepared.ts';
import { SEARCH_TIER_COUNT } from '#server/db/schema/index.ts';
import type { TextStatistics } from './estimate.ts';

// What a search asks before it searches: what the index knows of its words, which places a
// typed location means, and the statistics its estimates are made from. Short statements over
// the word lists and the catalog; the lookups are prepared, as their plans do not depend on the
// values.

const templates = new StatementTemplates();
const value = (name: string) => sql.placeholder(name);

/**
 * The known places a typed location means, forgiving typos (word_similarity, `<%`: "Atlana" finds
 * "atlanta, ga"), from the short list of distinct places rather than from a million profiles.
 */
export async function matchingPlaces(db: Database, location: string): Promise<string[]> {
  // Prepared: the plan (the trigram index of a short list) is the same for any place typed.
  const template = templates.get(
    'places',
    () => sql`
    select sl.location from search_locations sl where ${value('location')} <% sl.location
    order by word_similarity(${value('location')}, sl.location) desc, sl.location limit 50`,
  );
  const rows = await runTemplate<{ location: string }>(db, template, { location }, { prepared: true });
  return rows.map((row) => row.location);
}

export type WordLookup = {
  /** The word's index form(s): "documentaries" → documentari; none for a stop word. */
  lexemes: string[];
  /** Whether the index holds every one of them (a stop word counts as known). */
  known: boolean;
  /** For the word being typed: index words it begins, shortest first (up to searchCompletionsRead). */
  completions: string[] | null;
  /** For an unknown word: the closest word people search for, if any is close (pg_trgm `%`). */
  closest: string | null;
};

/**
 * What the index knows of each word, in one statement. The word being typed (`typedIndex`) is
 * completed from search_lexemes (from its typed form when that is a stop word: "the" → theo).
 * Unknown words of four letters or more get the closest name, place, role or skill.
 */
export async function lookupWords(
  db: Database,
  words: readonly string[],
  typedIndex: number | null,
): Promise<WordLookup[]> {
  // Prepared, one statement per number of words: primary-key and trigram lookups, planned the
  // same whatever the words. (An array of words would hide how many there are from a generic
  // plan, and PostgreSQL would keep planning every time.)
  const template = templates.get(
    `words ${words.length}`,
    () => sql`
    select w.ord::int as ord, v.lexemes, k.known,
      case when w.ord = ${value('typedOrdinal')} then array(
        select l.lexeme from search_lexemes l
        where l.lexeme >= p.prefix and l.lexeme < p.prefix || chr(1114111)
        order by length(l.lexeme), l.lexeme limit ${sql.raw(String(LIMITS.searchCompletionsRead))}) end as completions,
      case when not k.known and length(w.word) >= 4 then (
        select st.term from search_terms st where st.term % w.word
        order by similarity(st.term, w.word) desc, st.term limit 1) end as closest
    from (values ${sql.join(
      words.map((_, i) => sql`(${value(`word${i}`)}::text, ${sql.raw(String(i + 1))})`),
      sql`, `,
    )}) as w(word, ord)
    cross join lateral (select tsvector_to_array(to_tsvector('english', w.word)) as lexemes) v
    cross join lateral (select coalesce(v.lexemes[1], w.word) collate "C" as prefix) p
    cross join lateral (
      select coalesce(bool_and(exists (select 1 from search_lexemes l where l.lexeme = x.lexeme)), true) as known
      from unnest(v.lexemes) as x(lexeme)) k
    order by w.ord`,
  );
  const rows = await runTemplate<WordLookup & { ord: number }>(
    db,
    template,
    {
      ...Object.fromEntries(words.map((word, i) => [`word${i}`, word])),
      typedOrdinal: typedIndex === null ? 0 : typedIndex + 1,
    },
    { prepared: true },
  );
  return rows.map(({ ord: _ord, ...row }) => row);
}

/**
 * What ANALYZE keeps of the index's words (pg_stats on crew_search.document) and the planner's
 * row count: for ranking completions by how common they are, and for estimating text searches.
 */
export async function loadTextStatistics(db: Database): Promise<TextStatistics> {
  const [row] = (
    await db.execute<{
      lexemes: string[] | null;
      frequencies: number[] | null;
      crew: number;
      tiers: number[] | null;
      tier_shares: number[] | null;
    }>(sql`
      select s.most_common_elems::text::text[] as lexemes, s.most_common_elem_freqs::float8[] as frequencies,
        t.most_common_vals::text::int[] as tiers, t.most_common_freqs::float8[] as tier_shares,
        -- As the planner counts rows: the density ANALYZE saw, times the pages there are now.
        case when c.relpages > 0
          then c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::int)
          else greatest(c.reltuples, 0) end::float8 as crew
      from pg_class c
      left join pg_stats s on s.schemaname = current_schema() and s.tablename = c.relname and s.attname = 'document'
      left join pg_stats t on t.schemaname = current_schema() and t.tablename = c.relname and t.attname = 'search_tier'
      where c.oid = 'crew_search'::regclass`)
  ).rows;
  const lexemes = row?.lexemes ?? [];
  const shares = row?.frequencies ?? [];
  // Two more shares than words: the least and the greatest (ts_typanalyze.c).
  const complete = shares.length === lexemes.length + 2;
  return {
    crew: row?.crew ?? 0,
    frequencies: new Map(complete ? lexemes.map((lexeme, i) => [lexeme, shares[i] as number]) : []),
    minFrequency: complete ? (shares[lexemes.length] as number) : 0,
    // Every tier is among the column's most common values: there are only a few.
    tierShares: Array.from({ length: SEARCH_TIER_COUNT }, (_, index) => {
      const at = row?.tiers?.indexOf(index + 1) ?? -1;
      return at === -1 ? 0 : (row?.tier_shares?.[at] ?? 0);
    }),
  };
}
