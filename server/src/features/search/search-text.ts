import { SEARCH_SYNONYMS } from '#common/search-synonyms';

/** Words beyond this many add nothing a person meant to search for. */
const MAX_WORDS = 12;
const MAX_WORD_LENGTH = 40;

/**
 * The words of a search, lower-cased: letters and digits only, so nothing typed can reach the
 * tsquery syntax (`&|!:*()<>'\`) or a LIKE pattern. "Cinematographer, Atlanta!" → [cinematographer, atlanta].
 */
export function searchWords(text: string): string[] {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((word) => word.length <= MAX_WORD_LENGTH).slice(0, MAX_WORDS);
}

const phrases = SEARCH_SYNONYMS.flatMap((group) =>
  group.map((phrase) => ({ words: phrase.split(' '), group })),
).sort((a, b) => b.words.length - a.words.length);

/** Words that belong to a synonym phrase are known crew vocabulary, never "misspellings". */
export const SYNONYM_WORDS = new Set(SEARCH_SYNONYMS.flat().flatMap((phrase) => phrase.split(' ')));

const asPhrase = (words: readonly string[]) => words.join(' <-> ');

/**
 * One thing a search must match: a synonym group (to_tsquery syntax, taken as it is), or a word
 * of the text (its position in the words), which the index is asked about: a misspelt word is
 * corrected, and the word being typed (`typed`) completed.
 */
export type SearchUnit = { query: string; at?: undefined } | { at: number; typed: boolean };

/** The units of a search, in order; none when there is nothing to search for. */
export function searchUnits(words: readonly string[], { typing }: { typing: boolean }): SearchUnit[] {
  const units: SearchUnit[] = [];
  let i = 0;
  while (i < words.length) {
    const match = phrases.find(({ words: phrase }) => phrase.every((word, k) => words[i + k] === word));
    if (match) {
      units.push({ query: `(${match.group.map((phrase) => asPhrase(phrase.split(' '))).join(' | ')})` });
      i += match.words.length;
      continue;
    }
    const isLast = i === words.length - 1;
    units.push({ at: i, typed: isLast && typing && (words[i] as string).length >= 2 });
    i += 1;
  }
  return units;
}

/** Free-text location, normalised for trigram matching; common short forms spelled out. */
const LOCATION_ALIASES: Record<string, string> = {
  la: 'los angeles',
  nyc: 'new york',
  ny: 'new york',
  sf: 'san francisco',
  atl: 'atlanta',
  nola: 'new orleans',
};

export function normaliseLocation(text: string): string | null {
  const cleaned = text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  if (cleaned.length === 0) return null;
  return LOCATION_ALIASES[cleaned] ?? cleaned;
}
