import { isPlaceholderEmail } from './placeholder-email.ts';

/** What others see for a member with no usable e-mail name (a made-up address, or only digits). */
export const ANONYMOUS_MEMBER_NAME = 'CrewBase member';

/** The leading name token of an e-mail is cut here: enough for any first name, never a paragraph. */
const FALLBACK_TOKEN_MAX = 24;

/**
 * The name a member goes by until they set a display name, made from their e-mail's name part and
 * never their username ("w3free_mwymxy" is a handle, not a person): the first token, capitalised,
 * and the initial of the second when it starts with a letter. "sam.okafor@x" → "Sam O.",
 * "w3free@x" → "W3free", "jo+crew@x" → "Jo". Tokens are split at dots, underscores and hyphens;
 * a "+tag" is dropped; a made-up address (placeholder-email.ts) names nobody. Only these few letters leave the server, never the address; the database
 * computes the same rule in `member_fallback_name()` (migration 0025), tested against this one.
 */
export function fallbackNameFromEmail(email: string): string {
  if (isPlaceholderEmail(email)) return ANONYMOUS_MEMBER_NAME;
  const local = (email.split('@')[0] ?? '').split('+')[0] ?? '';
  const tokens = local
    .toLowerCase()
    .split(/[._-]+/)
    .filter((token) => token.length > 0);
  const [first, second] = tokens;
  if (!first || !/[a-z]/.test(first)) return ANONYMOUS_MEMBER_NAME;
  const name = first.slice(0, 1).toUpperCase() + first.slice(1, FALLBACK_TOKEN_MAX);
  return second && /^[a-z]/.test(second) ? `${name} ${second.slice(0, 1).toUpperCase()}.` : name;
}

/**
 * A person's name as others see it: the display name when they set one, else the fallback the
 * server stored from their e-mail (users.fallback_name). Never the username.
 */
export const personName = (person: { displayName: string | null; fallbackName: string | null }) =>
  person.displayName?.trim() || person.fallbackName?.trim() || ANONYMOUS_MEMBER_NAME;
