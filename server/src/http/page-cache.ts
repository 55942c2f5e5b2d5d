import type { Precompressed } from './precompressed.ts';

/**
 * Public answers kept as the bytes sent (serialised and compressed) for a few seconds: a page
 * read far more often than it changes should not cost a database round trip, serialisation and
 * compression each time. Writes on this instance drop what they change at once; another
 * instance's copy lives at most `ttlMs`.
 */
export class PageCache<K> {
  readonly #entries = new Map<K, { body: Precompressed; expiresAt: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;

  constructor({ ttlMs = 10_000, maxEntries = 10_000 } = {}) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
  }

  get(key: K): Precompressed | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.body;
  }

  set(key: K, body: Precompressed): void {
    // Map keeps insertion order: the oldest entry goes first when the cache is full.
    this.#entries.delete(key);
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { body, expiresAt: Date.now() + this.#ttlMs });
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  /** Drops every entry whose key passes `test` (a profile's pages, one per origin). */
  deleteIf(test: (key: K) => boolean): void {
    for (const key of this.#entries.keys()) if (test(key)) this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}
