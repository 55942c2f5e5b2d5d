import { describe, expect, it, vi } from 'vitest';
import {
  backoffDelayMs,
  isRetryableFailure,
  parseRetryAfterMs,
  wasRetriedByRequestLayer,
  withRetry,
} from './retry.ts';

const failure = (status: number, retryAfterMs?: number) =>
  Object.assign(new Error(`HTTP ${status}`), { status, retryAfterMs });

/** Runs withRetry with a recording sleep; `answers` are thrown (Errors) or returned in turn. */
async function runWithRetry(attempts: number, answers: unknown[]) {
  const delays: number[] = [];
  const operation = vi.fn(async () => {
    const answer = answers.shift();
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const result = withRetry(operation, {
    attempts,
    random: () => 0.5,
    sleep: async (ms) => {
      delays.push(ms);
    },
  });
  return { result, operation, delays };
}

describe('backoffDelayMs', () => {
  it('stays within [base·2^n, base·2^n + 1 s] and never above 10 s', () => {
    for (let retryIndex = 0; retryIndex < 8; retryIndex++) {
      const base = 1000 * 2 ** retryIndex;
      for (let sample = 0; sample < 200; sample++) {
        const delay = backoffDelayMs(retryIndex);
        expect(delay).toBeGreaterThanOrEqual(Math.min(base, 10_000));
        expect(delay).toBeLessThanOrEqual(Math.min(base + 1000, 10_000));
      }
    }
  });

  it('adds at most 1 s of jitter', () => {
    expect(backoffDelayMs(0, () => 0)).toBe(1000);
    expect(backoffDelayMs(0, () => 0.999_999)).toBeCloseTo(1999.999, 2);
    expect(backoffDelayMs(2, () => 0.5)).toBe(4500);
    expect(backoffDelayMs(3, () => 0.999_999)).toBeCloseTo(8999.999, 2);
    expect(backoffDelayMs(4, () => 0)).toBe(10_000);
  });
});

describe('isRetryableFailure', () => {
  it.each([500, 502, 503, 504, 408, 429])('retries %i', (status) => {
    expect(isRetryableFailure(failure(status))).toBe(true);
  });

  it.each([0, 400, 401, 403, 404, 409, 422])('does not retry %i', (status) => {
    expect(isRetryableFailure(failure(status))).toBe(false);
  });

  it('retries a network failure but not a caller abort', () => {
    expect(isRetryableFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryableFailure(new DOMException('aborted', 'AbortError'))).toBe(false);
  });
});

describe('parseRetryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfterMs('3')).toBe(3000);
    expect(parseRetryAfterMs('Tue, 01 Dec 2026 10:00:05 GMT', Date.parse('2026-12-01T10:00:00Z'))).toBe(5000);
  });

  it('ignores an absent or unreadable header', () => {
    expect(parseRetryAfterMs(null)).toBeUndefined();
    expect(parseRetryAfterMs('')).toBeUndefined();
    expect(parseRetryAfterMs('soon')).toBeUndefined();
  });
});

describe('withRetry', () => {
  it('retries a 503 with exponential backoff until it succeeds', async () => {
    const { result, operation, delays } = await runWithRetry(3, [failure(503), failure(502), 'ok']);
    await expect(result).resolves.toBe('ok');
    expect(operation).toHaveBeenCalledTimes(3);
    expect(delays).toEqual([1500, 2500]);
  });

  it('stops after the given number of attempts', async () => {
    const { result, operation } = await runWithRetry(2, [failure(500), failure(500), 'ok']);
    await expect(result).rejects.toMatchObject({ status: 500 });
    expect(operation).toHaveBeenCalledTimes(2);
  });

  it.each([400, 401, 403, 404, 422])('gives up at once on %i', async (status) => {
    const { result, operation } = await runWithRetry(3, [failure(status), 'ok']);
    await expect(result).rejects.toMatchObject({ status });
    expect(operation).toHaveBeenCalledTimes(1);
  });

  it("waits the server's Retry-After on a 429, at most 10 s", async () => {
    const { result, delays } = await runWithRetry(3, [failure(429, 3000), failure(429, 60_000), 'ok']);
    await expect(result).resolves.toBe('ok');
    expect(delays).toEqual([3000, 10_000]);
  });

  it('marks what it gave up on, so TanStack Query does not retry it again', async () => {
    const retried = await runWithRetry(2, [failure(500), failure(500)]);
    const error = await retried.result.catch((caught: unknown) => caught);
    expect(wasRetriedByRequestLayer(error)).toBe(true);

    const single = await runWithRetry(1, [failure(500)]);
    const unretried = await single.result.catch((caught: unknown) => caught);
    expect(wasRetriedByRequestLayer(unretried)).toBe(false);
  });
});
