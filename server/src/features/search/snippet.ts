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

/**
 * Whether a UTF-16 code unit can be part of a word: ASCII letters and digits read fast. Halves of
 * surrogate pairs count as word units too: such a word can only fail to match.
 */
const NON_ASCII_WORD = /[\p{L}\p{N}]/u;
function isWordUnit(code: number): boolean {
  if (code < 128)
    return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  return NON_ASCII_WORD.test(String.fromCharCode(code)) || (code >= 0xd800 && code <= 0xdfff);
}

/** Stems already worked out, shared by every search: crew write with a few thousand words. */
const stems = new Map<string, string>();
function stemOf(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    if (stems.size >= 20_000) stems.clear();
    stemmed = stem(word);
    stems.set(word, stemmed);
  }
  return stemmed;
}

/**
 * Cuts the snippets of result cards for one search. `query` is the search words as a tsquery's
 * text (PostgreSQL's `any_word::text`).
 */
export function snippetCutter(query: string): (source: string) => SnippetPart[] | null {
  const lexemes = tsqueryLexemes(query);
  const openings = new Set([...lexemes].map((lexeme) => lexeme.slice(0, 2)));
  /**
   * The words of `source` (start and end offsets) and, for each, the index word it matches, read
   * the way PostgreSQL's `english` configuration reads them: lower-cased, then Snowball's English
   * (Porter2) stem. A word is only stemmed when it starts as some index word does.
   */
  const readWords = (source: string) => {
    const starts: number[] = [];
    const ends: number[] = [];
    const matches: (string | null)[] = [];
    let at = 0;
    while (at < source.length) {
      if (!isWordUnit(source.charCodeAt(at))) {
        at++;
        continue;
      }
      const start = at;
      while (at < source.length && isWordUnit(source.charCodeAt(at))) at++;
      const lower = source.slice(start, at).toLowerCase();
      let match: string | null = null;
      if (lexemes.has(lower)) match = lower;
      else if (openings.has(lower.slice(0, 2)) && lexemes.has(stemOf(lower))) match = stemOf(lower);
      starts.push(start);
      ends.push(at);
      matches.push(match);
    }
    return { starts, ends, matches };
  };
  return (source) => cutSnippet(source, readWords(source));
}

/**
 * The snippet of a result card: at most SNIPPET_WORDS words of `source` around the stretch that
 * matches the most different search words (the earliest such), the matches marked, an ellipsis
 * where it is cut from longer text. Null when nothing in `source` matches. It is cut here rather
 * than by ts_headline, which parses and stems every word of the text inside PostgreSQL (ADR 012).
 */
function cutSnippet(
  source: string,
  words: { starts: number[]; ends: number[]; matches: (string | null)[] },
): SnippetPart[] | null {
  const { starts, ends, matches } = words;
  const matched: number[] = [];
  for (const [index, match] of matches.entries()) if (match) matched.push(index);
  if (matched.length === 0) return null;
  let best = { first: 0, last: 0, distinct: 0, count: 0 };
  for (const [k, first] of matched.entries()) {
    const seen = new Set<string | null>();
    let last = first;
    let count = 0;
    for (let j = k; j < matched.length && (matched[j] as number) < first + SNIPPET_WORDS; j++) {
      last = matched[j] as number;
      seen.add(matches[last] ?? null);
      count++;
    }
    if (seen.size > best.distinct || (seen.size === best.distinct && count > best.count)) {
      best = { first, last, distinct: seen.size, count };
    }
  }
  // The words left over go half before the matches and half after, as ts_headline stretches.
  const spare = SNIPPET_WORDS - (best.last - best.first + 1);
  let from = Math.max(0, best.first - Math.floor(spare / 2));
  const to = Math.min(starts.length - 1, from + SNIPPET_WORDS - 1);
  from = Math.max(0, Math.min(from, to - SNIPPET_WORDS + 1));

  // Punctuation before the first word and after the last stays; text cut away becomes an ellipsis.
  const end = to === starts.length - 1 ? source.trimEnd().length : (ends[to] as number);
  const parts: SnippetPart[] = [];
  if (from > 0) parts.push({ text: '… ', match: false });
  let at = from === 0 ? source.length - source.trimStart().length : (starts[from] as number);
  for (let index = from; index <= to; index++) {
    if (!matches[index]) continue;
    const start = starts[index] as number;
    if (start > at) parts.push({ text: source.slice(at, start), match: false });
    parts.push({ text: source.slice(start, ends[index]), match: true });
    at = ends[index] as number;
  }
  if (end > at) parts.push({ text: source.slice(at, end), match: false });
  if (to < starts.length - 1) parts.push({ text: ' …', match: false });
  return parts;
}
