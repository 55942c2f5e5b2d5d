import { z } from 'zod';

/**
 * The one rule every text field a request carries shares. PostgreSQL refuses NUL (U+0000) in text
 * columns and query parameters, and a lone UTF-16 surrogate cannot be stored as UTF-8 (it would come
 * back as U+FFFD): both are bad input, refused with a 400 and one of these messages before the value
 * reaches a query, never a 500 and never a silently changed value. Fields whose form speaks of a
 * "message" may name it so.
 */
export const NUL_MESSAGE = 'Text cannot contain NUL characters';
export const UNICODE_MESSAGE = 'Text contains invalid characters';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A text field: `z.string(params)` that refuses NUL and lone surrogates; chain `.trim().min().max()` on it. */
export function text(params?: Parameters<typeof z.string>[0], nulMessage: string = NUL_MESSAGE) {
  return z
    .string(params)
    .refine((value) => !hasNul(value), nulMessage)
    .refine((value) => !LONE_SURROGATE.test(value), UNICODE_MESSAGE);
}

/** For strings checked outside a schema (a header, a cookie, a multipart field). */
export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}
