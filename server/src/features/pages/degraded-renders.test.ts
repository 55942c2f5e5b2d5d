import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { newUser, TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>CrewBase</title></head><body><div id="root"></div></body></html>';

/**
 * A stand-in for dist/server-render/entry-server.js that reads the profile through the app, as the
 * real one does, and like it answers null (the page stays client-rendered) when a read fails.
 * A page asked for with `?broken` throws, as a render with a bug would.
 */
const RENDERER = `
let read;
export function configure({ fetch }) { read = fetch; }
export async function render(url) {
  const { pathname, search } = new URL(url);
  if (search.includes('broken')) throw new Error('render failed');
  const id = /^\\/profile\\/(\\d+)/.exec(pathname)?.[1];
  if (!id) return { html: '<main>Rendered ' + pathname + '</main>', stateScript: '' };
  const answer = await read('/api/users/' + id);
  if (!answer.ok) return null;
  const profile = await answer.json();
  return { html: '<main>Rendered ' + profile.displayName + '</main>', stateScript: '' };
}`;

let t: TestApp;

beforeAll(async () => {
  const build = await mkdtemp(path.join(tmpdir(), 'crewbase-build-'));
  await mkdir(path.join(build, 'client'));
  await mkdir(path.join(build, 'server-render'));
  await writeFile(path.join(build, 'client', 'index.html'), INDEX);
  await writeFile(path.join(build, 'server-render', 'entry-server.js'), RENDERER);
  t = await createTestApp({ CLIENT_DIST: path.join(build, 'client') });
});

const page = (url: string, remoteAddress: string) =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers: { accept: 'text/html' } });

describe('a degraded server render is sent to its visitor only, never cached', () => {
  it('a render that read a 429 (its visitor past the rate limit) is not what the next visitor gets', async () => {
    const owner = new TestBrowser(t.app, '10.34.0.1');
    const id = (await owner.register(newUser('deg'))).json().id as number;
    expect(
      (await owner.request('PATCH', `/api/users/${id}`, { body: { displayName: 'Reyes Grip' } })).statusCode,
    ).toBe(200);

    // One client spends its read limit, then asks for the profile with a query string of its own.
    const greedy = '10.34.0.2';
    for (let i = 0; i < RATE_LIMITS.read.max; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/users/${id}`, remoteAddress: greedy });
      expect(res.statusCode).toBe(200);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/users/${id}`, remoteAddress: greedy })).statusCode,
    ).toBe(429);
    const degraded = await page(`/profile/${id}?x=1`, greedy);
    expect(degraded.statusCode).toBe(200);
    expect(degraded.body).not.toContain('<main>Rendered');

    // Everyone else gets the page rendered whole, at that address too.
    const next = await page(`/profile/${id}?x=1`, '10.34.0.3');
    expect(next.statusCode).toBe(200);
    expect(next.body).toContain('<main>Rendered Reyes Grip</main>');
    // And that whole render is the one kept: the greedy client is now served it from the cache.
    expect((await page(`/profile/${id}?x=1`, greedy)).body).toContain('<main>Rendered Reyes Grip</main>');
  });

  it('a render that failed answers 500 to its visitor and is tried afresh for the next', async () => {
    const first = await page('/faq?broken', '10.34.0.4');
    expect(first.statusCode).toBe(500);
    expect(first.json().error.message).toBeTypeOf('string');
    expect((await page('/faq?broken', '10.34.0.5')).statusCode).toBe(500);
  });
});
