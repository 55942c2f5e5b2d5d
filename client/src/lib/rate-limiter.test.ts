import { describe, expect, it } from 'vitest';
import { createRequestRateLimiter } from './rate-limiter.ts';

/** A limiter on a hand-driven clock. */
function limiterAt(start = 0) {
  const clock = { now: start };
  const allowed = createRequestRateLimiter(undefined, () => clock.now);
  const burst = (count: number, method: string, path: string) =>
    Array.from({ length: count }, () => allowed(method, path));
  return { clock, allowed, burst };
}

describe('createRequestRateLimiter', () => {
  it('lets 5 GETs per second through per path, then refuses', () => {
    const { allowed, burst } = limiterAt();
    expect(burst(5, 'GET', '/api/roles')).toEqual([true, true, true, true, true]);
    expect(allowed('GET', '/api/roles')).toBe(false);
    expect(allowed('GET', '/api/notifications')).toBe(true);
  });

  it('lets 2 writes per second through per path, whatever the write method', () => {
    const { allowed } = limiterAt();
    expect(allowed('POST', '/api/users/1/tags')).toBe(true);
    expect(allowed('PATCH', '/api/users/1/tags')).toBe(true);
    expect(allowed('DELETE', '/api/users/1/tags')).toBe(false);
    expect(allowed('POST', '/api/users/1/roles')).toBe(true);
  });

  it('counts reads and writes of one path separately', () => {
    const { allowed, burst } = limiterAt();
    burst(2, 'POST', '/api/notifications');
    expect(allowed('POST', '/api/notifications')).toBe(false);
    expect(allowed('GET', '/api/notifications')).toBe(true);
  });

  it('applies the default 3 per second per path to other methods', () => {
    const { allowed, burst } = limiterAt();
    expect(burst(3, 'HEAD', '/api/health')).toEqual([true, true, true]);
    expect(allowed('HEAD', '/api/health')).toBe(false);
  });

  it('caps everything at 10 per 2 seconds, across paths and methods', () => {
    const { clock, allowed } = limiterAt();
    for (let index = 0; index < 10; index++) {
      expect(allowed(index % 2 ? 'GET' : 'POST', `/api/path-${index}`)).toBe(true);
    }
    expect(allowed('GET', '/api/fresh')).toBe(false);
    clock.now = 1999;
    expect(allowed('GET', '/api/fresh')).toBe(false);
    clock.now = 2000;
    expect(allowed('GET', '/api/fresh')).toBe(true);
  });

  it('slides the window: a slot frees exactly one window after the request that used it', () => {
    const { clock, allowed } = limiterAt();
    expect(allowed('POST', '/api/login')).toBe(true);
    clock.now = 600;
    expect(allowed('POST', '/api/login')).toBe(true);
    clock.now = 999;
    expect(allowed('POST', '/api/login')).toBe(false);
    clock.now = 1000;
    expect(allowed('POST', '/api/login')).toBe(true);
    clock.now = 1100;
    expect(allowed('POST', '/api/login')).toBe(false);
    clock.now = 1600;
    expect(allowed('POST', '/api/login')).toBe(true);
  });

  it('does not count refused requests', () => {
    const { clock, burst } = limiterAt();
    burst(5, 'GET', '/api/roles');
    clock.now = 500;
    expect(burst(3, 'GET', '/api/roles')).toEqual([false, false, false]);
    clock.now = 1000;
    expect(burst(5, 'GET', '/api/roles')).toEqual([true, true, true, true, true]);
  });

  it('treats one path with different query strings as one path', () => {
    const { allowed, burst } = limiterAt();
    burst(5, 'GET', '/api/notifications?unread=true');
    expect(allowed('GET', '/api/notifications')).toBe(false);
  });

  it('says which window refused a request and when it will have room', () => {
    const { clock, allowed } = limiterAt();
    allowed('POST', '/api/me/calendar-token');
    allowed('POST', '/api/me/calendar-token');
    clock.now = 300;
    expect(allowed.verdict('POST', '/api/me/calendar-token')).toEqual({
      allowed: false,
      window: 'path',
      retryInMs: 700,
    });
    for (let index = 0; index < 8; index++) allowed('GET', `/api/read-${index}`);
    clock.now = 500;
    expect(allowed.verdict('PUT', '/api/me/unavailable-days')).toEqual({
      allowed: false,
      window: 'overall',
      retryInMs: 1500,
    });
    clock.now = 2000;
    expect(allowed.verdict('PUT', '/api/me/unavailable-days')).toEqual({ allowed: true });
  });
});
