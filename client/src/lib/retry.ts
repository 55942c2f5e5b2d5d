import { RETRY_POLICY } from '#common/limits';

/**
 * Retries of the request layer (SPEC §9). Errors are looked at by shape (a numeric `status`, an
 * optional `retryAfterMs`) rather than by class, so this file does not import http.ts, which uses it.
 */
interface HttpFailure {
  status: number;
  retryAfterMs?: number;
}

function httpFailure(error: unknown): HttpFailure | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  return typeof error.status === 'number' ? (error as HttpFailure) : null;
}

/** fetch rejects with a TypeError when no answer arrives at all: offline, DNS, connection reset. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

/** What TanStack Query retries: the server broke (5xx) or never answered. A 4xx would answer the same again. */
export function isServerOrNetworkFailure(error: unknown): boolean {
  const failure = httpFailure(error);
  return failure ? failure.status >= 500 : isNetworkFailure(error);
}

/**
 * What the request layer retries: server or network failures, plus timeouts (408) and "slow down"
 * (429), which are about the moment rather than the request. Any other 4xx, the CSRF refusal (403)
 * included, is final.
 */
export function isRetryableFailure(error: unknown): boolean {
  const status = httpFailure(error)?.status;
  return status === 408 || status === 429 || isServerOrNetworkFailure(error);
}

/**
 * Delay before retry number `retryIndex + 1`: base · factor^retryIndex plus up to 1 s of jitter (so
 * tabs that failed together do not come back together), never above the 10 s cap.
 */
export function backoffDelayMs(retryIndex: number, random: () => number = Math.random): number {
  const { baseDelayMs, factor, maxDelayMs, maxJitterMs } = RETRY_POLICY;
  return Math.min(baseDelayMs * factor ** retryIndex + random() * maxJitterMs, maxDelayMs);
}

/** Retry-After is either seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header?.trim()) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function retryDelayMs(error: unknown, retryIndex: number, random: () => number): number {
  const retryAfterMs = httpFailure(error)?.retryAfterMs;
  // The server said when to come back; believe it, but never keep the user waiting over the cap.
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, RETRY_POLICY.maxDelayMs);
  return backoffDelayMs(retryIndex, random);
}

export interface RetryOptions {
  /** Total tries, the first included. */
  attempts: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Errors that already went through a retry loop here, so TanStack Query does not retry them again. */
const retriedHere = new WeakSet<object>();

export function wasRetriedByRequestLayer(error: unknown): boolean {
  return typeof error === 'object' && error !== null && retriedHere.has(error);
}

export async function withRetry<T>(operation: () => Promise<T>, options: RetryOptions): Promise<T> {
  const { attempts, sleep = sleepFor, random = Math.random } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (attempt >= attempts || !isRetryableFailure(error)) {
        if (attempts > 1 && typeof error === 'object' && error !== null) retriedHere.add(error);
        throw error;
      }
      await sleep(retryDelayMs(error, attempt - 1, random));
    }
  }
}
