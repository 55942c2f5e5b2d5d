import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF } from '#common/limits';
import { clearCsrfToken, getCsrfToken } from './csrf.ts';

const MINUTE = 60_000;

/** A fake /api/csrf-token that hands out token-1, token-2, … each valid for `lifetimeMs`. */
function stubTokenEndpoint(lifetimeMs = CSRF.lifetimeMs) {
  let issued = 0;
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    issued++;
    const expiresAt = new Date(Date.now() + lifetimeMs).toISOString();
    return Response.json({ csrfToken: `token-${issued}`, expiresAt });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-12-01T10:00:00Z') });
  clearCsrfToken();
});

afterEach(() => {
  clearCsrfToken();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('getCsrfToken', () => {
  it('asks /api/csrf-token with cookies, no cache and the XMLHttpRequest marker', async () => {
    const fetchMock = stubTokenEndpoint();
    expect(await getCsrfToken()).toBe('token-1');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/csrf-token');
    expect(init).toMatchObject({
      credentials: 'include',
      cache: 'no-store',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
  });

  it('fetches once and shares the answer between concurrent and later callers', async () => {
    const fetchMock = stubTokenEndpoint();
    const tokens = await Promise.all([getCsrfToken(), getCsrfToken(), getCsrfToken()]);
    expect(tokens).toEqual(['token-1', 'token-1', 'token-1']);
    expect(await getCsrfToken()).toBe('token-1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refreshes 2 minutes before a 15-minute token expires, not before', async () => {
    const fetchMock = stubTokenEndpoint(15 * MINUTE);
    await getCsrfToken();
    await vi.advanceTimersByTimeAsync(13 * MINUTE - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await getCsrfToken()).toBe('token-2');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('follows expiresAt of the answer: an anonymous 5-minute token is refreshed after 3 minutes', async () => {
    const fetchMock = stubTokenEndpoint(5 * MINUTE);
    await getCsrfToken();
    await vi.advanceTimersByTimeAsync(3 * MINUTE - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('assumes the 5-minute lifetime when the answer has no readable expiresAt', async () => {
    const fetchMock = vi.fn(async () => Response.json({ csrfToken: 'bare' }));
    vi.stubGlobal('fetch', fetchMock);
    await getCsrfToken();
    await vi.advanceTimersByTimeAsync(3 * MINUTE);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('fetches a new token itself when the refresh timer did not run (sleeping laptop)', async () => {
    const fetchMock = stubTokenEndpoint();
    await getCsrfToken();
    vi.setSystemTime(Date.now() + 14 * MINUTE);
    expect(await getCsrfToken()).toBe('token-2');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps using a still-valid token when its refresh fails', async () => {
    stubTokenEndpoint();
    await getCsrfToken();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('down', { status: 503 })),
    );
    await vi.advanceTimersByTimeAsync(13 * MINUTE);
    expect(await getCsrfToken()).toBe('token-1');
    vi.setSystemTime(Date.now() + 2 * MINUTE);
    expect(await getCsrfToken()).toBeNull();
  });

  it('answers null when no token can be obtained', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 500 })),
    );
    expect(await getCsrfToken()).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await getCsrfToken()).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ expiresAt: new Date().toISOString() })),
    );
    expect(await getCsrfToken()).toBeNull();
  });
});

describe('clearCsrfToken', () => {
  it('discards the token and its refresh timer; the next call fetches a new one', async () => {
    const fetchMock = stubTokenEndpoint();
    await getCsrfToken();
    clearCsrfToken();
    await vi.advanceTimersByTimeAsync(14 * MINUTE);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await getCsrfToken()).toBe('token-2');
  });

  it('does not keep a token whose fetch was started before the session changed', async () => {
    const fetchMock = stubTokenEndpoint();
    const beforeLogin = getCsrfToken();
    clearCsrfToken();
    await beforeLogin;
    expect(await getCsrfToken()).toBe('token-2');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
