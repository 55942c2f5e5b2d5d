/**
 * How many crew a text search matches, estimated as PostgreSQL's planner does (tsmatchsel in
 * ts_selfuncs.c) from the same column statistics, so that a text search past the exact count
 * needs no EXPLAIN of its own (ADR 013).
 */

/** What ANALYZE measured of crew_search's words, as the planner reads it. */
export interface TextStatistics {
  /** Rows the planner takes the table to hold now. */
  crew: number;
  /** Share of documents holding each of the most common words (most_common_elems). */
  frequencies: ReadonlyMap<string, number>;
  /** The least of those shares; every other word is rarer. */
  minFrequency: number;
  /** Share of crew in each rating tier, best first (search_tier's most common values). */
  tierShares: readonly number[];
}

/** The planner's guess for a word it keeps no statistics for (DEFAULT_TS_MATCH_SEL). */
const DEFAULT_MATCH_SHARE = 0.005;

type Node = { lexeme: string } | { not: Node } | { op: 'and' | 'or'; left: Node; right: Node };

/**
 * Reads a tsquery as PostgreSQL prints it: quoted lexemes, `!`, `&`, `|`, `<->`/`<N>` and
 * parentheses (binding tightest to loosest: `!`, phrase, `&`, `|`). A phrase counts as `&` in
 * the estimate, as it does in the planner's.
 */
function parseTsquery(text: string): Node | null {
  const tokens = text.match(/'(?:[^']|'')*'(?::[*A-D]+)?|<\d*-?>|[!&|()]/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const operand = (): Node => {
    const token = tokens[at++];
    if (token === '!') return { not: operand() };
    if (token === '(') {
      const inner = or();
      at++; // ')'
      return inner;
    }
    if (token?.startsWith("'")) {
      const quoted = token.slice(1, token.lastIndexOf("'"));
      return { lexeme: quoted.replaceAll("''", "'").replaceAll('\\\\', '\\') };
    }
    throw new Error(`unexpected tsquery token ${token ?? 'at the end'} in ${text}`);
  };
  const binary = (next: () => Node, matches: (token: string) => boolean, op: 'and' | 'or') => () => {
    let left = next();
    for (let token = peek(); token !== undefined && matches(token); token = peek()) {
      at++;
      left = { op, left, right: next() };
    }
    return left;
  };
  const phrase = binary(operand, (token) => token.startsWith('<'), 'and');
  const and = binary(phrase, (token) => token === '&', 'and');
  const or: () => Node = binary(and, (token) => token === '|', 'or');
  return tokens.length > 0 ? or() : null;
}

function shareOf(node: Node, stats: TextStatistics): number {
  if ('lexeme' in node)
    return stats.frequencies.get(node.lexeme) ?? Math.min(DEFAULT_MATCH_SHARE, stats.minFrequency / 2);
  if ('not' in node) return 1 - shareOf(node.not, stats);
  const left = shareOf(node.left, stats);
  const right = shareOf(node.right, stats);
  const share = node.op === 'and' ? left * right : left + right - left * right;
  return Math.min(1, Math.max(0, share));
}

/** The planner's row estimate for `document @@ query`, the tsquery given as PostgreSQL prints it. */
export function estimateTextMatches(tsquery: string, stats: TextStatistics): number {
  const query = parseTsquery(tsquery);
  if (!query) return 0;
  const share = stats.frequencies.size > 0 ? shareOf(query, stats) : DEFAULT_MATCH_SHARE;
  return Math.max(1, Math.round(stats.crew * share));
}

/**
 * How many crew a relevance search matches, from what it found in the rating tiers it read best
 * first (`tierCounts`, null for a tier it did not read): the matches per crew member of the tiers
 * read, for everyone. A tier cut at the candidate limit makes this a lower bound. The planner multiplies its words' shares as if independent, which a role word and
 * that role's filter are not ("gaffer" for Gaffers in Atlanta: 24 times too few at 1M); a sample
 * of the index itself is not fooled. Undefined when the tiers read found nobody.
 */
export function extrapolateFromTiers(
  tierCounts: readonly (number | null)[],
  stats: TextStatistics,
): number | undefined {
  let matched = 0;
  let crewRead = 0;
  for (const [tier, found] of tierCounts.entries()) {
    if (found === null) continue;
    matched += found;
    crewRead += (stats.tierShares[tier] ?? 0) * stats.crew;
  }
  if (crewRead < 1 || matched === 0) return undefined;
  return Math.round((matched / crewRead) * stats.crew);
}
