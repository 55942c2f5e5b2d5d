import { CLIENT_RATE_LIMITS, REQUEST_TIMEOUT_MS, RETRY_POLICY } from '#common/limits';
import { clearCsrfToken, getCsrfToken } from './csrf.ts';
import { createRequestRateLimiter } from './rate-limiter.ts';
import { parseRetryAfterMs, withRetry } from './retry.ts';

/**
 * The one request layer. Every call sends cookies, gives up after 10 s, passes the client rate
 * limiter, and turns a failed answer into an ApiError whose message follows SPEC §8. Writes also
 * carry the CSRF token and are retried here (retry.ts); reads are retried by TanStack Query
 * (query-client.ts), so no call is retried in two places.
 */
export const REQUEST_ERROR_TEXT = {
  csrfRefused: 'Security validation failed. Please refresh the page.',
  tokenUnavailable: 'Security token unavailable. Please refresh the page and try again.',
  tooManyRequests: 'Too many requests. Please try again later.',
  rateLimited: (path: string) => `Rate limit exceeded for ${path}. Please try again later.`,
  timeout: (url: string) => `Request timeout: ${url}`,
  /** Appended to a 429's text when the server said when (Retry-After, issue 33). */
  tryAgainIn: (ms: number) => `Try again in ${waitText(ms)}.`,
} as const;

/** "45 seconds", "1 minute", "7 minutes", "2 hours": a wait, rounded up to the unit shown. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? '' : 's'}`;
  if (seconds < 60) return unit(seconds, 'second');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return unit(minutes, 'minute');
  return unit(Math.ceil(minutes / 60), 'hour');
}

/** A 429's text with when to try again, unless it already says (an export's own message does). */
function withTryAgain(text: string, retryAfterMs: number | undefined): string {
  if (retryAfterMs === undefined || /try again in /i.test(text)) return text;
  return `${text} ${REQUEST_ERROR_TEXT.tryAgainIn(retryAfterMs)}`;
}

/** A 403 that is about the token or the session rather than about permissions (SPEC §8). */
const CSRF_REFUSAL = /csrf|token|session expired/i;

export class ApiError extends Error {
  /** The message without the server's ` (timestamp)`, for showing beside a form field. */
  readonly plainMessage: string;
  /** From a 429's Retry-After header: how long the server asked us to wait. */
  readonly retryAfterMs?: number;

  /**
   * `status` is the HTTP status, or one the client chose for failures it detected itself: 408 for its
   * timeout, 429 for its rate limiter, 0 when no CSRF token could be obtained (nothing was sent).
   */
  constructor(
    message: string,
    readonly status: number,
    readonly fields?: Record<string, string>,
    details: { plainMessage?: string; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.plainMessage = details.plainMessage ?? message;
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs;
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Builds `path?query`, skipping null and empty values (SPEC §7 "Generic GET queries"). */
export function buildUrl(path: string, params?: QueryParams | null): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export interface ErrorText {
  message: string;
  plainMessage: string;
  fields?: Record<string, string>;
}

/**
 * SPEC §8: error.message (with ` (timestamp)` when present), else message, else the plain text body,
 * else `{status} {statusText}`; a 429 without any of them reads "Too many requests…".
 */
export async function errorMessageFrom(response: Response): Promise<ErrorText> {
  const text = (await response.text().catch(() => '')).trim();
  try {
    const body = JSON.parse(text) as {
      error?: { message?: string; timestamp?: string; fields?: Record<string, string> };
      message?: string;
    };
    const { error } = body;
    if (error?.message) {
      const stamp = error.timestamp ? ` (${error.timestamp})` : '';
      return { message: `${error.message}${stamp}`, plainMessage: error.message, fields: error.fields };
    }
    if (body.message) return { message: body.message, plainMessage: body.message };
  } catch {
    // Not JSON: fall through to the plain text.
  }
  if (text) return { message: text, plainMessage: text };
  const fallback =
    response.status === 429
      ? REQUEST_ERROR_TEXT.tooManyRequests
      : `${response.status} ${response.statusText}`.trim();
  return { message: fallback, plainMessage: fallback };
}

async function failureOf(response: Response): Promise<ApiError> {
  const { message, plainMessage, fields } = await errorMessageFrom(response);
  if (response.status === 403 && CSRF_REFUSAL.test(plainMessage)) {
    // The held token no longer matches the session; the next write must fetch a new one.
    clearCsrfToken();
    return new ApiError(REQUEST_ERROR_TEXT.csrfRefused, 403);
  }
  if (response.status !== 429) return new ApiError(message, response.status, fields, { plainMessage });
  // Every 429 says when to try again, from Retry-After, after SPEC's own text (issue 33).
  const retryAfterMs = parseRetryAfterMs(response.headers.get('retry-after'));
  return new ApiError(withTryAgain(message, retryAfterMs), 429, fields, {
    plainMessage: withTryAgain(plainMessage, retryAfterMs),
    retryAfterMs,
  });
}

/**
 * What sends a request: the browser's fetch, or on the server (entry-server.tsx) a function that
 * asks the app itself, always as a signed-out visitor.
 */
let transport: typeof fetch = (input, init) => fetch(input, init);
let serverSide = false;

/** Server rendering only: every request goes through `send`, and the browser's rate limiter is off (one process renders for every visitor). */
export function setServerTransport(send: typeof fetch): void {
  transport = send;
  serverSide = true;
}

/** One try: fetch, then read the answer, both within the timeout. A 204 or an empty body is undefined. */
async function sendOnce<T>(url: string, init: RequestInit, signal?: AbortSignal): Promise<T> {
  const timeout = new AbortController();
  // A plain timer rather than AbortSignal.timeout: tests drive it with fake timers.
  const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  try {
    const response = await transport(url, {
      ...init,
      credentials: 'include',
      signal: signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal,
    });
    if (!response.ok) throw await failureOf(response);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  } catch (error) {
    if (timeout.signal.aborted && !(error instanceof ApiError)) {
      throw new ApiError(REQUEST_ERROR_TEXT.timeout(url), 408);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The client's own limiter refused the call (SPEC §9); nothing reached the server, so waiting helps. */
export class ClientRateLimitError extends ApiError {
  constructor(path: string) {
    super(REQUEST_ERROR_TEXT.rateLimited(path), 429);
    this.name = 'ClientRateLimitError';
  }
}

const rateLimiter = createRequestRateLimiter();

/** Refuses without sending when the client rate limiter says no (counted once per call, not per retry). */
function checkRateLimit(method: string, path: string): void {
  if (serverSide) return;
  if (!rateLimiter(method, path)) throw new ClientRateLimitError(path);
}

/** The longest a write waits for room under the overall cap: one of its windows. */
const MAX_WRITE_WAIT_MS = CLIENT_RATE_LIMITS.global.windowMs;

/**
 * A write is something a person did once. When only the overall cap refuses it (the page's own
 * reads filled the window: a save invalidates a few queries, a page that has just loaded fetched a
 * dozen), it waits for room, at most one window, instead of losing the click. A full window for its
 * own path is a double submit or a loop, and is refused at once.
 */
async function takeWriteSlot(method: string, path: string): Promise<void> {
  let waited = 0;
  for (;;) {
    const verdict = rateLimiter.verdict(method, path);
    if (verdict.allowed) return;
    if (verdict.window === 'path' || waited + verdict.retryInMs > MAX_WRITE_WAIT_MS) {
      throw new ClientRateLimitError(path);
    }
    await new Promise((resolve) => setTimeout(resolve, verdict.retryInMs));
    waited += verdict.retryInMs;
  }
}

export interface ApiGetOptions {
  /**
   * Retry per the read policy (3 attempts). Off by default: reads almost always run inside TanStack
   * Query, which retries them itself. Turn it on only for a read made outside a query.
   */
  retry?: boolean;
}

export async function apiGet<T>(
  path: string,
  params?: QueryParams | null,
  signal?: AbortSignal,
  options: ApiGetOptions = {},
): Promise<T> {
  checkRateLimit('GET', path);
  const url = buildUrl(path, params);
  const once = () => sendOnce<T>(url, { method: 'GET', headers: { accept: 'application/json' } }, signal);
  return options.retry ? withRetry(once, { attempts: RETRY_POLICY.readAttempts }) : once();
}

export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A write. The CSRF token goes in the CSRF-Token header and, for JSON, also in a `_csrf` body field
 * (a body is always sent, so the server never sees an empty JSON body). FormData gets the header only:
 * an upload's fields are the file's, not ours. Retried per the write policy (2 attempts); the token is
 * looked up again on the retry, since a long Retry-After may outlast it.
 */
export async function apiSend<T>(
  method: WriteMethod,
  path: string,
  body?: Record<string, unknown> | FormData,
): Promise<T> {
  await takeWriteSlot(method, path);
  const once = async () => {
    const token = await getCsrfToken();
    if (!token) throw new ApiError(REQUEST_ERROR_TEXT.tokenUnavailable, 0);
    const headers: Record<string, string> = { accept: 'application/json', 'CSRF-Token': token };
    if (body instanceof FormData) return sendOnce<T>(path, { method, headers, body });
    headers['content-type'] = 'application/json';
    return sendOnce<T>(path, { method, headers, body: JSON.stringify({ ...body, _csrf: token }) });
  };
  return withRetry(once, { attempts: RETRY_POLICY.writeAttempts });
}

/**
 * A file the server sends (the data export's zip): its bytes and the name it gave them, for the
 * page to save, so a refusal (a 429 saying when) can be shown instead of being downloaded. No
 * timeout: a large file may take longer than REQUEST_TIMEOUT_MS to arrive, and the person waits
 * for it knowingly.
 */
export async function apiDownload(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  checkRateLimit('GET', path);
  const response = await transport(path, { method: 'GET', credentials: 'include' });
  if (!response.ok) throw await failureOf(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}
