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
 * A to_tsquery text: every word (or its synonym group) must match; the last word also matches as a
 * prefix while it is being typed. Returns null when there is nothing to search for.
 */
export function buildTsQuery(
  words: readonly string[],
  { prefixLast }: { prefixLast: boolean },
): string | null {
  const units: string[] = [];
  let i = 0;
  while (i < words.length) {
    const match = phrases.find(({ words: phrase }) => phrase.every((word, k) => words[i + k] === word));
    if (match) {
      units.push(`(${match.group.map((phrase) => asPhrase(phrase.split(' '))).join(' | ')})`);
      i += match.words.length;
      continue;
    }
    const word = words[i] as string;
    const isLast = i === words.length - 1;
    units.push(isLast && prefixLast && word.length >= 2 ? `${word}:*` : word);
    i += 1;
  }
  return units.length > 0 ? units.join(' & ') : null;
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
