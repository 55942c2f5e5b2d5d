/**
 * Personal access tokens (issue 37, ADR 032): the plain values both sides and the database schema
 * use, with no zod.
 */

/** Every token starts with it, so secret scanners (and people) recognise a leaked one. */
export const ACCESS_TOKEN_PREFIX = 'cb_pat_';
/** The prefix and 256 random bits, base64url: 43 characters. */
export const ACCESS_TOKEN_PATTERN = /^cb_pat_[A-Za-z0-9_-]{43}$/;
/** How many tokens one member may hold (expired ones count until revoked). */
export const ACCESS_TOKENS_MAX = 10;
export const ACCESS_TOKEN_NAME_MAX = 60;
/** The longest lifetime a token can be given; without one it lasts until revoked. */
export const ACCESS_TOKEN_EXPIRY_DAYS_MAX = 366;
/** The lifetimes the /account form offers, in days (null: no expiry). */
export const ACCESS_TOKEN_EXPIRY_CHOICES = [7, 30, 90, 366, null] as const;

/** `read`: GET requests. `write`: also the member's own writes (profile, availability, bookings as crew, messages). */
export const ACCESS_TOKEN_SCOPES = ['read', 'write'] as const;
export type AccessTokenScope = (typeof ACCESS_TOKEN_SCOPES)[number];

export const ACCESS_TOKEN_MESSAGES = {
  limit: `You can hold at most ${ACCESS_TOKENS_MAX} access tokens: revoke one to create another`,
  notFound: 'Access token not found',
  /** A bearer credential that is not a personal access token at all. */
  malformed: 'The Authorization header must be "Bearer cb_pat_…" with a personal access token',
  invalid: 'This access token is not valid: it was revoked or never existed',
  expired: 'This access token has expired',
  /** A route no token may reach: staff, account security, payments, and anything not opened to tokens. */
  notForTokens:
    'Personal access tokens cannot be used for this request. Sign in to CrewBase in a browser to do this.',
  readOnly: 'This access token is read-only: create one with the write scope to make changes',
  /** Creating or revoking tokens (and other account security) needs a browser session. */
  sessionOnly: 'This needs a signed-in browser session, not an access token',
} as const;
