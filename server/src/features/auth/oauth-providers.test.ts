import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

/** Issue 33: the sign-in page offers only the providers this server has configured. */
let plain: TestApp;
let google: TestApp;

beforeAll(async () => {
  plain = await createTestApp();
  // Configuration is read once, at start: a server with Google configured is another app.
  google = await createTestApp({
    GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com',
    GOOGLE_CLIENT_SECRET: 'test-secret',
    // Half a configuration is no configuration.
    TWITTER_CLIENT_ID: 'twitter-id-without-a-secret',
    PUBLIC_URL: 'http://crewbase.test',
  });
});

describe('GET /api/auth/providers', () => {
  it('answers an empty list on a server with none configured', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ providers: [] });
  });

  it('answers only the configured one, to visitors and members alike, and ignores a query string', async () => {
    for (const url of ['/api/auth/providers', '/api/auth/providers?all=1']) {
      const res = await google.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ providers: ['google'] });
      expect(res.headers['cache-control']).toBe('public, max-age=300');
    }
  });

  it('still refuses the unconfigured ones at their start URL', async () => {
    const res = await google.app.inject({ method: 'GET', url: '/api/auth/twitter/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth?error=twitter_not_configured');
  });
});
