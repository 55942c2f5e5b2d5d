import stem from 'wink-porter2-stemmer';
import type { SnippetPart } from '#common/schemas/search';

/** The longest snippet, in words, as on a result card. */
const SNIPPET_WORDS = 22;

/**
 * The index words of a tsquery in PostgreSQL's text form:
 * `'dp' | 'director' <2> 'photographi' & 'documentari'` → dp, director, photographi, documentari.
 */
export function tsqueryLexemes(query: string): Set<string> {
  const lexemes = new Set<string>();
  for (const [, quoted = ''] of query.matchAll(/'((?:[^'\\]|''|\\.)*)'/g)) {
    lexemes.add(quoted.replaceAll("''", "'").replace(/\\(.)/g, '$1'));
  }
  return lexemes;
}

/** A word of the source text and where it stands. */
interface Word {
  start: number;
  end: number;
  /** The index word it matched, if any. */
  match: string | null;
}

/**
 * Which words of `text` match one of `lexemes`, read the way PostgreSQL's `english` configuration
 * reads them: lower-cased, then Snowball's English (Porter2) stem, the stemmer PostgreSQL uses.
 * A word is only stemmed when it could match: when it starts as some index word does.
 */
function readWords(text: string, lexemes: ReadonlySet<string>): Word[] {
  const openings = new Set([...lexemes].map((lexeme) => lexeme.slice(0, 2)));
  const words: Word[] = [];
  for (const found of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const lower = found[0].toLowerCase();
    let match: string | null = null;
    if (lexemes.has(lower)) match = lower;
    else if (openings.has(lower.slice(0, 2))) {
      const stemmed = stem(lower);
      if (lexemes.has(stemmed)) match = stemmed;
    }
    words.push({ start: found.index, end: found.index + found[0].length, match });
  }
  return words;
}

/**
 * The snippet of a result card: at most SNIPPET_WORDS words of `source` around the stretch that
 * matches the most different search words (the earliest such), the matches marked, an ellipsis
 * where it is cut from longer text. Null when nothing in `source` matches. It is cut here rather
 * than by ts_headline, which reads and stems every word of every card in the database (ADR 012).
 */
export function cutSnippet(source: string, lexemes: ReadonlySet<string>): SnippetPart[] | null {
  const words = readWords(source, lexemes);
  const matched = words.flatMap((word, index) => (word.match ? [index] : []));
  if (matched.length === 0) return null;
  let best = { first: 0, last: 0, distinct: 0, count: 0 };
  for (const [k, first] of matched.entries()) {
    const within = matched.slice(k).filter((index) => index < first + SNIPPET_WORDS);
    const distinct = new Set(within.map((index) => words[index]?.match)).size;
    if (distinct > best.distinct || (distinct === best.distinct && within.length > best.count)) {
      best = { first, last: within.at(-1) ?? first, distinct, count: within.length };
    }
  }
  // The words left over go half before the matches and half after, as ts_headline stretches.
  const spare = SNIPPET_WORDS - (best.last - best.first + 1);
  let from = Math.max(0, best.first - Math.floor(spare / 2));
  const to = Math.min(words.length - 1, from + SNIPPET_WORDS - 1);
  from = Math.max(0, Math.min(from, to - SNIPPET_WORDS + 1));

  // Punctuation before the first word and after the last stays; text cut away becomes an ellipsis.
  const end = to === words.length - 1 ? source.trimEnd().length : (words[to] as Word).end;
  const parts: SnippetPart[] = [];
  if (from > 0) parts.push({ text: '… ', match: false });
  let at = from === 0 ? source.length - source.trimStart().length : (words[from] as Word).start;
  for (const word of words.slice(from, to + 1)) {
    if (!word.match) continue;
    if (word.start > at) parts.push({ text: source.slice(at, word.start), match: false });
    parts.push({ text: source.slice(word.start, word.end), match: true });
    at = word.end;
  }
  if (end > at) parts.push({ text: source.slice(at, end), match: false });
  if (to < words.length - 1) parts.push({ text: ' …', match: false });
  return parts;
}
