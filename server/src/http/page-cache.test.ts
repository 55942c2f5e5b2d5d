import { describe, expect, it } from 'vitest';
import { entryBytes, PageCache } from './page-cache.ts';
import { precompress } from './precompressed.ts';

const body = (bytes: number, fill = 'a') => precompress(Buffer.from(fill.repeat(bytes)), 'fast');

describe('PageCache', () => {
  it('holds at most its byte budget: past it the least recently read entry goes first', () => {
    const one = entryBytes(body(10_000), 'k1');
    const cache = new PageCache<string>({ maxBytes: one * 3 + 10 });
    cache.set('k1', body(10_000));
    cache.set('k2', body(10_000));
    cache.set('k3', body(10_000));
    expect(cache.get('k1')).toBeDefined(); // k1 read: k2 is now the least recently used
    cache.set('k4', body(10_000));
    expect(cache.get('k2')).toBeUndefined();
    expect(cache.get('k1')).toBeDefined();
    expect(cache.get('k3')).toBeDefined();
    expect(cache.get('k4')).toBeDefined();
    expect(cache.bytes).toBeLessThanOrEqual(one * 3 + 10);
  });

  it('stays within its budget whatever is written: a crawl of 5,000 pages keeps what fits', () => {
    const maxBytes = 200_000;
    const cache = new PageCache<number>({ maxBytes });
    for (let id = 1; id <= 5_000; id++) cache.set(id, body(1_500, String(id % 10)));
    expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
    expect(cache.size).toBe(Math.floor(maxBytes / entryBytes(body(1_500), 1)));
    expect(cache.get(5_000)).toBeDefined();
    expect(cache.get(1)).toBeUndefined();
  });

  it('counts both encodings of a body ahead, though they are made only when asked for', () => {
    const page = precompress(Buffer.from('<p>crew</p>'.repeat(4_000)), 'fast');
    const counted = entryBytes(page, 'p');
    expect(counted).toBeGreaterThanOrEqual(page.identity.length + page.br.length + page.gzip.length);
  });

  it('never keeps an entry larger than the whole budget', () => {
    const cache = new PageCache<string>({ maxBytes: 5_000 });
    cache.set('big', body(10_000));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('never serves an entry past its time, and it leaves when read', () => {
    let now = 1_000;
    const cache = new PageCache<string>({ ttlMs: 10_000, now: () => now });
    cache.set('page', body(100));
    now += 10_000;
    expect(cache.get('page')).toBeDefined();
    now += 1;
    expect(cache.get('page')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('reading an entry does not extend its life', () => {
    let now = 5_000;
    const cache = new PageCache<string>({ ttlMs: 1_000, now: () => now });
    cache.set('page', body(100));
    for (let step = 0; step < 10; step++) {
      now += 100;
      expect(cache.get('page')).toBeDefined();
    }
    now += 1;
    expect(cache.get('page')).toBeUndefined();
  });

  it('drops entries by key, by test and all at once', () => {
    const cache = new PageCache<string>();
    for (const key of ['7 http://a', '7 http://b', '70 http://a', 'x']) cache.set(key, body(10));
    cache.deleteIf((key) => key.startsWith('7 '));
    expect(cache.get('7 http://a')).toBeUndefined();
    expect(cache.get('7 http://b')).toBeUndefined();
    expect(cache.get('70 http://a')).toBeDefined();
    cache.delete('x');
    expect(cache.get('x')).toBeUndefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('with a second-miss window, keeps a key only from its second miss while remembered', () => {
    const cache = new PageCache<number>({ secondMissWindow: 3 });
    cache.set(1, body(100));
    expect(cache.get(1)).toBeUndefined(); // read once: not kept
    cache.set(1, body(100));
    expect(cache.get(1)).toBeDefined(); // missed again while remembered: kept
    // Keys 2–8 missed once each: key 9's first miss is forgotten two generations later.
    cache.set(9, body(100));
    for (let id = 2; id <= 8; id++) cache.set(id, body(100));
    cache.set(9, body(100));
    expect(cache.get(9)).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('holds each body in memory of its own size, not a view of a larger block', () => {
    const page = precompress(Buffer.from('{"crew":"gaffer"}'.repeat(100)), 'fast');
    for (const bytes of [page.identity, page.br, page.gzip]) {
      expect(bytes.buffer.byteLength).toBe(bytes.length);
    }
  });
});
