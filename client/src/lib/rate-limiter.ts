import { CLIENT_RATE_LIMITS } from '#common/limits';

interface WindowLimit {
  readonly max: number;
  readonly windowMs: number;
}

/** Request times per key; a key has room while fewer than `max` of them fall inside the last `windowMs`. */
class SlidingWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly limit: WindowLimit) {}

  hasRoom(key: string, now: number): boolean {
    return this.recent(key, now).length < this.limit.max;
  }

  /** How long until `key` has room again (0 when it has room now). */
  msUntilRoom(key: string, now: number): number {
    const times = this.recent(key, now);
    if (times.length < this.limit.max) return 0;
    // The slot frees when the oldest hit that keeps the window full slides out of it.
    const freeing = times[times.length - this.limit.max] ?? now;
    return freeing + this.limit.windowMs - now;
  }

  record(key: string, now: number): void {
    this.hits.set(key, [...this.recent(key, now), now]);
  }

  private recent(key: string, now: number): number[] {
    const times = (this.hits.get(key) ?? []).filter((time) => now - time < this.limit.windowMs);
    if (times.length === 0) this.hits.delete(key);
    return times;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Why a request may not go out now: its own path's window is full (a double submit or a loop), or
 * only the overall cap is (other requests used it up), and when there will be room.
 */
export type RateLimitVerdict =
  | { allowed: true }
  | { allowed: false; window: 'path' | 'overall'; retryInMs: number };

export interface RequestRateLimiter {
  /** Whether a request may go out now; records it when it may. */
  (method: string, path: string): boolean;
  /** The same decision with its reason (recorded likewise when allowed). */
  verdict(method: string, path: string): RateLimitVerdict;
}

/**
 * The client-side rate limiter of SPEC §9. It is a guard against runaway loops in the UI (an effect
 * that refires on every render), not a replacement for the server's limits.
 *
 * Which per-path window applies:
 * - GET (every query, and any other read): 5 per second per path. Reads are safe to repeat and a page
 *   legitimately asks for the same list with several filters at once.
 * - POST, PUT, PATCH, DELETE: 2 per second per path. A third write to one path within a second is a
 *   double submit or a loop, never something a person did on purpose.
 * - Anything else (HEAD, OPTIONS): the default 3 per second per path.
 * Every request, read or write, also counts towards the global cap of 10 per 2 seconds.
 *
 * "Path" is the path without its query string, so `/api/notifications?unread=true` and
 * `/api/notifications` share a window. A refused request is not recorded, so it uses up no quota.
 *
 * Returns a function that answers whether a request may go out now, and records it when it may;
 * its `verdict` also says which window refused and for how long.
 */
export function createRequestRateLimiter(
  limits = CLIENT_RATE_LIMITS,
  now: () => number = () => Date.now(),
): RequestRateLimiter {
  const reads = new SlidingWindow(limits.query);
  const writes = new SlidingWindow(limits.mutating);
  const others = new SlidingWindow(limits.perPath);
  const overall = new SlidingWindow(limits.global);
  const ALL = '*';

  const verdict = (method: string, path: string): RateLimitVerdict => {
    const verb = method.toUpperCase();
    const perPath = verb === 'GET' ? reads : WRITE_METHODS.has(verb) ? writes : others;
    const key = path.split('?')[0] ?? path;
    const time = now();
    const pathWait = perPath.msUntilRoom(key, time);
    if (pathWait > 0) return { allowed: false, window: 'path', retryInMs: pathWait };
    const overallWait = overall.msUntilRoom(ALL, time);
    if (overallWait > 0) return { allowed: false, window: 'overall', retryInMs: overallWait };
    perPath.record(key, time);
    overall.record(ALL, time);
    return { allowed: true };
  };
  return Object.assign((method: string, path: string) => verdict(method, path).allowed, { verdict });
}
