import { z } from 'zod';
import {
  ACCESS_TOKEN_EXPIRY_DAYS_MAX,
  ACCESS_TOKEN_NAME_MAX,
  ACCESS_TOKEN_SCOPES,
  type AccessTokenScope,
} from '../access-tokens.ts';
import { MAX_ID } from './ids.ts';
import { text } from './text.ts';

export {
  ACCESS_TOKEN_EXPIRY_CHOICES,
  ACCESS_TOKEN_EXPIRY_DAYS_MAX,
  ACCESS_TOKEN_MESSAGES,
  ACCESS_TOKEN_NAME_MAX,
  ACCESS_TOKEN_PREFIX,
  ACCESS_TOKEN_SCOPES,
  ACCESS_TOKENS_MAX,
  type AccessTokenScope,
} from '../access-tokens.ts';

/**
 * Personal access tokens (issue 37, ADR 032): POST/GET /api/account/tokens, DELETE
 * /api/account/tokens/:id. The secret is answered once, by POST; GET never carries it.
 */

const SCOPES_MESSAGE = 'Scopes are ["read"] or ["read", "write"]';
const EXPIRY_MESSAGE = `Expiry is a whole number of days from 1 to ${ACCESS_TOKEN_EXPIRY_DAYS_MAX}`;

const name = text({ error: 'Name the token' })
  .trim()
  .min(1, 'Name the token')
  .max(ACCESS_TOKEN_NAME_MAX, `A name can be at most ${ACCESS_TOKEN_NAME_MAX} characters`);

/** `read`, or `read` and `write` (in either order): written has read, so a write token can also read. */
const scopesInput = z
  .array(z.enum(ACCESS_TOKEN_SCOPES, { error: SCOPES_MESSAGE }), { error: SCOPES_MESSAGE })
  .min(1, SCOPES_MESSAGE)
  .max(2, SCOPES_MESSAGE)
  .refine((scopes) => scopes.includes('read') && new Set(scopes).size === scopes.length, SCOPES_MESSAGE)
  .transform((scopes): AccessTokenScope[] => (scopes.includes('write') ? ['read', 'write'] : ['read']));

/** POST /api/account/tokens */
export const createAccessTokenRequest = z.object({
  name,
  scopes: scopesInput,
  /** Days until it stops working; left out, it works until revoked. */
  expiresInDays: z
    .number({ error: EXPIRY_MESSAGE })
    .int(EXPIRY_MESSAGE)
    .min(1, EXPIRY_MESSAGE)
    .max(ACCESS_TOKEN_EXPIRY_DAYS_MAX, EXPIRY_MESSAGE)
    .optional(),
});
export type CreateAccessTokenRequest = z.input<typeof createAccessTokenRequest>;

export const accessTokenParams = z.object({
  id: z.coerce
    .number({ error: 'Not a valid token id' })
    .int('Not a valid token id')
    .positive('Not a valid token id')
    .max(MAX_ID, 'Not a valid token id'),
});

/** One token as GET lists it: never the secret, only its last characters to tell tokens apart. */
export const accessTokenSchema = z.object({
  id: z.number().int(),
  name: text(),
  scopes: z.array(z.enum(ACCESS_TOKEN_SCOPES)),
  /** `cb_pat_…` and the token's last four characters. */
  hint: text(),
  /** ISO 8601. */
  createdAt: text(),
  /** ISO 8601, or null: works until revoked. */
  expiresAt: text().nullable(),
  /** ISO 8601 (kept to the minute), or null: never used. */
  lastUsedAt: text().nullable(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** POST's 201: the token as listed, and the secret itself, shown this once. */
export const createdAccessTokenSchema = accessTokenSchema.extend({ token: text() });
export type CreatedAccessToken = z.infer<typeof createdAccessTokenSchema>;

/** GET /api/account/tokens: newest first. */
export const accessTokenListResponse = z.object({ tokens: z.array(accessTokenSchema) });
export type AccessTokenListResponse = z.infer<typeof accessTokenListResponse>;
