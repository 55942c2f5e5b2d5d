import { SEARCH_SYNONYMS } from '#common/search-synonyms';

interface NamedRole {
  id: number;
  name: string;
}

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** How well a role name answers the text typed so far; 0 = not at all, higher is better. */
function nameScore(name: string, typed: string): number {
  if (name === typed) return 4;
  if (name.startsWith(typed)) return 3;
  // "dir" finds "Casting Director": any word of the name may start with the text.
  if (name.split(' ').some((word) => word.startsWith(typed))) return 2;
  return 0;
}

/**
 * The phrases the typed text stands for through the synonym list: "dp" → cinematographer,
 * "sound recordist" → sound mixer. Short abbreviations must be typed whole ("d" is not "dp");
 * longer phrases also match as the user types them ("cinemat…").
 */
function synonymsOf(typed: string): string[] {
  const found: string[] = [];
  for (const group of SEARCH_SYNONYMS) {
    const hit = group.some((phrase) => phrase === typed || (typed.length >= 3 && phrase.startsWith(typed)));
    if (hit) found.push(...group);
  }
  return found;
}

/** A synonym names this role, whole or as its leading words ("motion capture" → Motion Capture Performer). */
function synonymOf(name: string, synonyms: ReadonlySet<string>): boolean {
  const words = name.split(' ');
  return words.some((_, end) => synonyms.has(words.slice(0, end + 1).join(' ')));
}

/**
 * Roles of the catalogue that the text in the search box may mean, best first: the exact name,
 * then names starting with it, names with a word starting with it, and finally roles its crew
 * synonyms point to. Matched here, not on the server, so they appear at the first keystroke.
 */
export function matchRoles<R extends NamedRole>(text: string, roles: readonly R[], limit = 4): R[] {
  const typed = normalise(text);
  if (typed.length < 2) return [];
  const synonyms = new Set(synonymsOf(typed));
  const scored = roles
    .map((role) => {
      const name = normalise(role.name);
      const score = nameScore(name, typed) || (synonymOf(name, synonyms) ? 1 : 0);
      return { role, score };
    })
    .filter(({ score }) => score > 0);
  scored.sort((a, b) => b.score - a.score || a.role.name.localeCompare(b.role.name));
  return scored.slice(0, limit).map(({ role }) => role);
}
