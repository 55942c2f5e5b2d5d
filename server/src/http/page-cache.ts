import { LRUCache } from 'lru-cache';
import type { Precompressed } from './precompressed.ts';

/** What an entry costs besides its bytes: the key, the entry object, the cache's own bookkeeping. */
const ENTRY_OVERHEAD_BYTES = 200;

/**
 * Brotli and gzip are made when first asked for (precompressed.ts), after the entry is counted:
 * each is counted ahead as 30% of the body, more than either takes of the JSON and HTML kept here
 * (a profile's compresses to about 15%, a page's to less).
 */
const COMPRESSED_SHARE = 0.3;

/** The bytes an entry holds, or will once both encodings are made: the body, its encodings, its key. */
export function entryBytes(body: Precompressed, key: unknown): number {
  return (
    Math.ceil(body.identity.length * (1 + 2 * COMPRESSED_SHARE)) +
    (typeof key === 'string' ? key.length * 2 : 8) +
    ENTRY_OVERHEAD_BYTES
  );
}

export interface PageCacheOptions {
  /** How long an entry is served; past it, it is never served again. */
  ttlMs?: number;
  /** The most the entries may hold, in bytes (entryBytes): past it the least recently read go first. */
  maxBytes?: number;
  /** The clock, in milliseconds (tests pass their own); performance.now() by default. */
  now?: () => number;
  /**
   * Keep a body only when its key misses a second time while still remembered among the last
   * `secondMissWindow` keys that missed (two generations of up to that many). A profile read once,
   * the common case for visitors from search engines (ADR 040), then costs the cache nothing and
   * pushes out nothing; one read twice is kept from its second read.
   */
  secondMissWindow?: number;
}

/** Keys that missed lately, in two generations: remembered for between one and two windows. */
class RecentMisses<K> {
  #current = new Set<K>();
  #previous = new Set<K>();
  constructor(private readonly window: number) {}

  /** Whether `key` missed before; remembers it either way. */
  missedBefore(key: K): boolean {
    if (this.#current.has(key) || this.#previous.has(key)) return true;
    if (this.#current.size >= this.window) {
      this.#previous = this.#current;
      this.#current = new Set();
    }
    this.#current.add(key);
    return false;
  }
}

/**
 * Public answers kept as the bytes sent (serialised and compressed) for a few seconds: a page
 * read far more often than it changes should not cost a database round trip, serialisation and
 * compression each time. Writes on this instance drop what they change at once; another
 * instance's copy lives at most `ttlMs`.
 *
 * Bounded in bytes, least recently used first (lru-cache): a crawler reading every profile once
 * fills the budget and then replaces the oldest entries, so memory stays at the budget however
 * many pages there are. An expired entry is never served; it leaves when read or when the least
 * recently used go.
 */
export class PageCache<K extends string | number> {
  readonly #entries: LRUCache<K, Precompressed>;
  readonly #misses: RecentMisses<K> | undefined;

  constructor({ ttlMs = 10_000, maxBytes = 16 * 1024 * 1024, now, secondMissWindow }: PageCacheOptions = {}) {
    this.#misses = secondMissWindow ? new RecentMisses(secondMissWindow) : undefined;
    this.#entries = new LRUCache<K, Precompressed>({
      maxSize: maxBytes,
      sizeCalculation: entryBytes,
      ttl: ttlMs,
      // Never refresh an entry's age on reads: writes on other instances show within ttlMs.
      updateAgeOnGet: false,
      // Expiry read off the clock at each get (lru-cache would otherwise reuse a reading for 1 ms).
      ttlResolution: 0,
      ...(now ? { perf: { now } } : {}),
    });
  }

  get(key: K): Precompressed | undefined {
    return this.#entries.get(key);
  }

  /**
   * Keeps `body` (with secondMissWindow, from its key's second miss); one larger than the whole
   * budget is not kept. True when the cache took it.
   */
  set(key: K, body: Precompressed): boolean {
    if (this.#misses && !this.#misses.missedBefore(key)) return false;
    this.#entries.set(key, body);
    return this.#entries.has(key);
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  /** Drops every entry whose key passes `test` (a profile's pages, one per origin). */
  deleteIf(test: (key: K) => boolean): void {
    for (const key of [...this.#entries.keys()]) if (test(key)) this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  /** Entries held now, expired ones included until they go. */
  get size(): number {
    return this.#entries.size;
  }

  /** Bytes held now (entryBytes of each entry). */
  get bytes(): number {
    return this.#entries.calculatedSize;
  }
}
