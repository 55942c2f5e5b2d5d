import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCsrfToken } from './csrf.ts';
import { ApiError, apiGet, apiSend, errorMessageFrom } from './http.ts';

type Answer = Response | Error | ((init: RequestInit) => Promise<Response>);

const tokenAnswer = () =>
  Response.json({ csrfToken: 'tok-1', expiresAt: new Date(Date.now() + 15 * 60_000).toISOString() });

/**
 * A fake server: /api/csrf-token answers `token` (a valid token by default); every other call takes
 * the next of `answers` (an Error is thrown as a network failure; a function gets the request).
 */
function stubServer(answers: Answer[], token: () => Response = tokenAnswer) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (url === '/api/csrf-token') return token();
    const answer = answers.shift() ?? Response.json({});
    if (answer instanceof Error) throw answer;
    return typeof answer === 'function' ? answer(init) : answer;
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    apiCalls: () => fetchMock.mock.calls.filter(([url]) => url !== '/api/csrf-token'),
    tokenCalls: () => fetchMock.mock.calls.filter(([url]) => url === '/api/csrf-token').length,
  };
}

const errorBody = (message: string, status: number, extra: object = {}) =>
  Response.json({ error: { message, timestamp: '2026-12-01T10:00:00.000Z', ...extra } }, { status });

/** Never answers; rejects like fetch does when its signal aborts. */
const hang = (init: RequestInit) =>
  new Promise<Response>((_, reject) => {
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });

let clock = Date.parse('2026-12-01T10:00:00Z');
beforeEach(() => {
  // Each test starts a minute later, so the module's rate-limit windows are always empty.
  clock += 60_000;
  vi.useFakeTimers({ now: clock });
  clearCsrfToken();
});

afterEach(() => {
  clearCsrfToken();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('errorMessageFrom', () => {
  it('takes error.message and appends the timestamp; plainMessage and fields come along', async () => {
    const fields = { username: 'Username is taken' };
    const text = await errorMessageFrom(errorBody('Username is taken', 400, { fields }));
    expect(text).toEqual({
      message: 'Username is taken (2026-12-01T10:00:00.000Z)',
      plainMessage: 'Username is taken',
      fields,
    });
  });

  it('falls back to message, then the text body, then status and status text', async () => {
    const withoutStamp = Response.json({ error: { message: 'Gone' } }, { status: 410 });
    expect((await errorMessageFrom(withoutStamp)).message).toBe('Gone');
    const topLevel = Response.json({ message: 'Top-level message' }, { status: 400 });
    expect((await errorMessageFrom(topLevel)).message).toBe('Top-level message');
    const plain = new Response('Upstream timed out', { status: 502 });
    expect((await errorMessageFrom(plain)).message).toBe('Upstream timed out');
    const empty = new Response(null, { status: 503, statusText: 'Service Unavailable' });
    expect((await errorMessageFrom(empty)).message).toBe('503 Service Unavailable');
  });

  it('says "Too many requests…" for a bare 429, but keeps a message the server gave', async () => {
    const bare = new Response(null, { status: 429, statusText: 'Too Many Requests' });
    expect((await errorMessageFrom(bare)).message).toBe('Too many requests. Please try again later.');
    const told = Response.json({ message: 'Slow down on logins' }, { status: 429 });
    expect((await errorMessageFrom(told)).message).toBe('Slow down on logins');
  });
});

describe('apiGet', () => {
  it('sends cookies, builds the query string and returns the JSON answer', async () => {
    const server = stubServer([Response.json({ unreadCount: 3 })]);
    const answer = await apiGet('/api/notifications', { unread: true, limit: 8, q: '', page: null });
    expect(answer).toEqual({ unreadCount: 3 });
    const [url, init] = server.apiCalls()[0] ?? [];
    expect(url).toBe('/api/notifications?unread=true&limit=8');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include' });
  });

  it('turns a failure into an ApiError and does not retry it by default', async () => {
    const server = stubServer([errorBody('Database is down', 503)]);
    const error = await apiGet('/api/roles').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, plainMessage: 'Database is down' });
    expect(server.apiCalls()).toHaveLength(1);
  });

  it('retries up to 3 attempts when asked to (reads outside TanStack Query)', async () => {
    const server = stubServer([errorBody('down', 503), new TypeError('Failed to fetch'), Response.json([1])]);
    const answer = apiGet('/api/roles', undefined, undefined, { retry: true });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(answer).resolves.toEqual([1]);
    expect(server.apiCalls()).toHaveLength(3);
  });

  it('gives up after 10 s with "Request timeout: {url}" (408)', async () => {
    stubServer([hang]);
    const settled = apiGet('/api/slow', { page: 2 }).catch((caught: unknown) => caught);
    let done = false;
    void settled.then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled).toMatchObject({ message: 'Request timeout: /api/slow?page=2', status: 408 });
  });

  it("passes on the caller's abort as an abort, not as a timeout", async () => {
    stubServer([hang]);
    const controller = new AbortController();
    const settled = apiGet('/api/roles', undefined, controller.signal).catch((caught: unknown) => caught);
    controller.abort();
    expect(await settled).toMatchObject({ name: 'AbortError' });
  });

  it('refuses the 6th GET of one path within a second without sending it', async () => {
    const server = stubServer([]);
    for (let index = 0; index < 5; index++) await apiGet('/api/roles');
    await expect(apiGet('/api/roles')).rejects.toMatchObject({
      message: 'Rate limit exceeded for /api/roles. Please try again later.',
      status: 429,
    });
    expect(server.apiCalls()).toHaveLength(5);
  });
});

describe('apiSend', () => {
  it('sends the CSRF token in the header and as _csrf in the JSON body', async () => {
    const server = stubServer([Response.json({ id: 7 })]);
    const answer = await apiSend('PATCH', '/api/users/7', { bio: 'Gaffer' });
    expect(answer).toEqual({ id: 7 });
    const [url, init] = server.apiCalls()[0] ?? [];
    expect(url).toBe('/api/users/7');
    expect(init).toMatchObject({
      method: 'PATCH',
      credentials: 'include',
      headers: { 'CSRF-Token': 'tok-1', 'content-type': 'application/json' },
    });
    expect(JSON.parse(String(init?.body))).toEqual({ bio: 'Gaffer', _csrf: 'tok-1' });
  });

  it('sends only _csrf when there is no body, and resolves a 204 to undefined', async () => {
    const server = stubServer([new Response(null, { status: 204 })]);
    await expect(apiSend('POST', '/api/logout')).resolves.toBeUndefined();
    expect(JSON.parse(String(server.apiCalls()[0]?.[1]?.body))).toEqual({ _csrf: 'tok-1' });
  });

  it('puts the token only in the header for FormData', async () => {
    const server = stubServer([Response.json({ ok: true })]);
    const form = new FormData();
    form.append('file', 'bytes');
    await apiSend('POST', '/api/uploads', form);
    const init = server.apiCalls()[0]?.[1];
    expect(init?.body).toBe(form);
    expect(init?.headers).toEqual({ accept: 'application/json', 'CSRF-Token': 'tok-1' });
  });

  it('retries a 5xx or network failure once (2 attempts in all)', async () => {
    const server = stubServer([errorBody('down', 503), errorBody('still down', 500)]);
    const settled = apiSend('POST', '/api/users/1/tags', { tag: 'a' }).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await settled).toMatchObject({ status: 500, plainMessage: 'still down' });
    expect(server.apiCalls()).toHaveLength(2);

    const recovered = stubServer([new TypeError('Failed to fetch'), Response.json({ ok: true })]);
    const answer = apiSend('POST', '/api/users/1/roles', { roleId: 1 });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(answer).resolves.toEqual({ ok: true });
    expect(recovered.apiCalls()).toHaveLength(2);
  });

  it('does not retry a validation error and keeps its fields', async () => {
    const fields = { password: 'Password must be at least 6 characters' };
    const server = stubServer([errorBody(fields.password, 400, { fields })]);
    const error = await apiSend('POST', '/api/register', {}).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400, fields, plainMessage: fields.password });
    expect(server.apiCalls()).toHaveLength(1);
  });

  it('waits for Retry-After before retrying a 429, and reports "Too many requests…" at the end', async () => {
    const tooMany = () => new Response(null, { status: 429, headers: { 'Retry-After': '3' } });
    const server = stubServer([tooMany(), tooMany()]);
    const settled = apiSend('POST', '/api/login', { username: 'a' }).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(server.apiCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.apiCalls()).toHaveLength(2);
    expect(await settled).toMatchObject({
      status: 429,
      message: 'Too many requests. Please try again later. Try again in 3 seconds.',
    });
  });

  it.each([
    ['420', 'Try again in 7 minutes.'],
    ['45', 'Try again in 45 seconds.'],
    ['1', 'Try again in 1 second.'],
    ['60', 'Try again in 1 minute.'],
    ['61', 'Try again in 2 minutes.'],
    ['7200', 'Try again in 2 hours.'],
  ])('says when to try again after a 429 with Retry-After %s: "%s"', async (retryAfter, when) => {
    const tooMany = () =>
      Response.json(
        { message: 'Too many requests. Please try again later.' },
        { status: 429, headers: { 'Retry-After': retryAfter } },
      );
    stubServer([tooMany(), tooMany()]);
    const settled = apiSend('POST', '/api/register', {}).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await settled).toMatchObject({
      status: 429,
      message: `Too many requests. Please try again later. ${when}`,
      plainMessage: `Too many requests. Please try again later. ${when}`,
    });
  });

  it('keeps a 429 that already says when as it is, and one without Retry-After unchanged', async () => {
    const told = 'You can download your data once every 10 minutes. Try again in 4 minutes.';
    stubServer([
      Response.json({ message: told }, { status: 429, headers: { 'Retry-After': '230' } }),
      Response.json({ message: told }, { status: 429, headers: { 'Retry-After': '230' } }),
    ]);
    const settled = apiSend('POST', '/api/account/export', {}).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await settled).toMatchObject({ status: 429, message: told });
    stubServer([new Response(null, { status: 429 }), new Response(null, { status: 429 })]);
    const bare = apiSend('POST', '/api/login', {}).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await bare).toMatchObject({ status: 429, message: 'Too many requests. Please try again later.' });
  });

  it.each([
    'Invalid or missing CSRF token. Refresh the page and try again.',
    'Your session expired, sign in again',
    'Token mismatch',
  ])('turns a 403 "%s" into "Security validation failed…", unretried, and drops the token', async (text) => {
    const server = stubServer([errorBody(text, 403)]);
    const error = await apiSend('DELETE', '/api/notifications/4').catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 403,
      message: 'Security validation failed. Please refresh the page.',
    });
    expect(server.apiCalls()).toHaveLength(1);
    await apiSend('DELETE', '/api/notifications/5');
    expect(server.tokenCalls()).toBe(2);
  });

  it('keeps other 403 messages and the token', async () => {
    const server = stubServer([errorBody('You can only edit your own profile', 403)]);
    const error = await apiSend('PATCH', '/api/users/2', {}).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ plainMessage: 'You can only edit your own profile' });
    await apiSend('PATCH', '/api/users/3', {});
    expect(server.tokenCalls()).toBe(1);
  });

  it('fails with "Security token unavailable…" and sends nothing when no token can be had', async () => {
    const server = stubServer([], () => new Response('broken', { status: 500 }));
    await expect(apiSend('POST', '/api/users/1/tags', { tag: 'a' })).rejects.toMatchObject({
      message: 'Security token unavailable. Please refresh the page and try again.',
    });
    expect(server.apiCalls()).toHaveLength(0);
    expect(server.tokenCalls()).toBe(1);
  });

  it('refuses the 3rd write to one path within a second without sending it; one token serves all', async () => {
    const server = stubServer([]);
    await apiSend('POST', '/api/users/1/tags', { tag: 'a' });
    await apiSend('POST', '/api/users/1/tags', { tag: 'b' });
    expect(server.tokenCalls()).toBe(1);
    await expect(apiSend('POST', '/api/users/1/tags', { tag: 'c' })).rejects.toMatchObject({
      message: 'Rate limit exceeded for /api/users/1/tags. Please try again later.',
      status: 429,
    });
    expect(server.apiCalls()).toHaveLength(2);
  });

  it('waits for room when only the overall cap is full (the page’s reads used it), then sends the write once', async () => {
    const server = stubServer([]);
    await apiGet('/api/csrf-token');
    for (let index = 0; index < 9; index++) await apiGet(`/api/page-read-${index}`);
    await vi.advanceTimersByTimeAsync(500);
    let settled = false;
    const write = apiSend('POST', '/api/me/calendar-token').finally(() => {
      settled = true;
    });
    // The cap frees 2 s after its oldest request: 1.5 s from here.
    await vi.advanceTimersByTimeAsync(1400);
    expect(settled).toBe(false);
    expect(server.apiCalls().filter(([url]) => url === '/api/me/calendar-token')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(200);
    await write;
    expect(server.apiCalls().filter(([url]) => url === '/api/me/calendar-token')).toHaveLength(1);
  });
});
