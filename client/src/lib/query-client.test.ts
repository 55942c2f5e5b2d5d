import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ClientRateLimitError } from './http.ts';
import { removeStalePersistedCache } from './persisted-cache.ts';
import {
  createQueryClient,
  currentUserQueryDefaults,
  fetchByKey,
  SESSION_RECHECK_GAP_MS,
} from './query-client.ts';
import { withRetry } from './retry.ts';

/** A Map-backed stand-in for window.localStorage (the tests run in node). */
function fakeLocalStorage(entries: Record<string, string>) {
  const items = new Map(Object.entries(entries));
  return {
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    keys: () => [...items.keys()],
  };
}

type RetryFn = (failures: number, error: unknown) => boolean;
type DelayFn = (failures: number) => number;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('removeStalePersistedCache', () => {
  it('deletes the old persisted query caches and nothing else', () => {
    const storage = fakeLocalStorage({
      REACT_QUERY_OFFLINE_CACHE: '{}',
      'crewbase-query-cache': '{}',
      'crewbase-query-cache-v2': '{}',
      theme: 'dark',
      tooltip_seen_welcome: 'true',
    });
    vi.stubGlobal('localStorage', storage);
    removeStalePersistedCache();
    expect(storage.keys()).toEqual(['theme', 'tooltip_seen_welcome']);
  });

  it('does nothing when storage is missing or refuses access', () => {
    expect(() => removeStalePersistedCache()).not.toThrow();
    vi.stubGlobal('localStorage', {
      get length(): number {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(() => removeStalePersistedCache()).not.toThrow();
  });

  it('runs when the query client is created', () => {
    const storage = fakeLocalStorage({ REACT_QUERY_OFFLINE_CACHE: '{}' });
    vi.stubGlobal('localStorage', storage);
    createQueryClient();
    expect(storage.keys()).toEqual([]);
  });
});

describe('createQueryClient defaults', () => {
  const defaults = createQueryClient().getDefaultOptions();
  const queryRetry = defaults.queries?.retry as RetryFn;
  const queryDelay = defaults.queries?.retryDelay as DelayFn;
  const mutationRetry = defaults.mutations?.retry as RetryFn;
  const mutationDelay = defaults.mutations?.retryDelay as DelayFn;

  it('keeps answers fresh 5 minutes and cached 10 minutes', () => {
    expect(defaults.queries?.staleTime).toBe(5 * 60_000);
    expect(defaults.queries?.gcTime).toBe(10 * 60_000);
  });

  it('retries queries up to 3 times, on 5xx and network failures only', () => {
    const serverError = new ApiError('down', 503);
    expect([0, 1, 2, 3].map((failures) => queryRetry(failures, serverError))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(queryRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    for (const status of [400, 401, 403, 404, 408, 429]) {
      expect(queryRetry(0, new ApiError('no', status))).toBe(false);
    }
  });

  it("retries a query our own rate limiter held back, but not the server's 429", () => {
    const heldBack = new ClientRateLimitError('/api/users/7');
    expect(heldBack.message).toBe('Rate limit exceeded for /api/users/7. Please try again later.');
    expect(queryRetry(0, heldBack)).toBe(true);
    expect(queryRetry(2, heldBack)).toBe(true);
    expect(queryRetry(3, heldBack)).toBe(false);
    expect(queryRetry(0, new ApiError('Too many requests. Please try again later.', 429))).toBe(false);
  });

  it('waits 1 s, doubling, at most 30 s between query retries', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(queryDelay)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('retries mutations up to 2 times on 5xx, waiting at most 10 s', () => {
    const serverError = new ApiError('down', 500);
    expect([0, 1, 2].map((failures) => mutationRetry(failures, serverError))).toEqual([true, true, false]);
    expect(mutationRetry(0, new ApiError('bad', 400))).toBe(false);
    expect([0, 1, 2, 3, 4].map(mutationDelay)).toEqual([1000, 2000, 4000, 8000, 10_000]);
  });

  it('does not retry again what the request layer already retried (apiSend)', async () => {
    const sleep = async () => {};
    const error = await withRetry(
      async () => {
        throw new ApiError('down', 503);
      },
      { attempts: 2, sleep },
    ).catch((caught: unknown) => caught);
    expect(mutationRetry(0, error)).toBe(false);
    expect(queryRetry(0, error)).toBe(false);
  });
});

describe('fetchByKey', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([])),
    );
  });

  const fetchedUrl = () => vi.mocked(fetch).mock.calls[0]?.[0];
  const run = (queryKey: readonly unknown[]) =>
    fetchByKey({ queryKey, signal: new AbortController().signal, meta: undefined } as never);

  it('uses the first key element as the path and a second object as the query string', async () => {
    await run(['/api/notifications', { unread: true, limit: 8, type: '', page: null }]);
    expect(fetchedUrl()).toBe('/api/notifications?unread=true&limit=8');
  });

  it('ignores a second element that is not a plain object', async () => {
    await run(['/api/users/7', 7]);
    expect(fetchedUrl()).toBe('/api/users/7');
  });
});

describe('currentUserQueryDefaults', () => {
  it('is always stale, retried once, kept 5 minutes, refetched on focus and reconnect', () => {
    expect(currentUserQueryDefaults).toMatchObject({
      staleTime: 0,
      retry: 1,
      gcTime: 5 * 60_000,
      refetchOnWindowFocus: true,
      refetchOnReconnect: true,
    });
  });

  it('re-checks the session when a page mounts, not again for each part of it that mounts within 2 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const client = new QueryClient();
      let checks = 0;
      const options = {
        ...currentUserQueryDefaults,
        queryKey: ['/api/auth/me'],
        queryFn: async () => {
          checks += 1;
          return { id: 1 };
        },
      };
      const mount = () => new QueryObserver(client, options).subscribe(() => {});
      mount();
      await vi.waitFor(() => expect(client.getQueryState(['/api/auth/me'])?.status).toBe('success'));
      expect(checks).toBe(1);
      const checkedAt = client.getQueryState(['/api/auth/me'])?.dataUpdatedAt ?? 0;

      // The bell and the account menu arrive a moment later and read the same user.
      vi.setSystemTime(checkedAt + SESSION_RECHECK_GAP_MS - 1);
      mount();
      mount();
      expect(client.isFetching()).toBe(0);
      expect(checks).toBe(1);

      // The next page's mount checks again.
      vi.setSystemTime(checkedAt + SESSION_RECHECK_GAP_MS);
      mount();
      await vi.waitFor(() => expect(checks).toBe(2));
    } finally {
      vi.useRealTimers();
    }
  });
});
