import type { FastifyInstance } from 'fastify';
import type { Precompressed } from '../../http/precompressed.ts';

/**
 * Public profiles, kept as the JSON sent to visitors (serialised and compressed) for a few
 * seconds. A profile page is read far more often than it changes, and building one costs a
 * database round trip, serialisation and compression.
 * Writes on this instance drop the entry at once (`invalidateProfile`); another instance's cached
 * copy lives at most `ttlMs`.
 */
export interface ProfileCache {
  get(userId: number): Precompressed | undefined;
  set(userId: number, body: Precompressed): void;
  invalidate(userId: number): void;
}

export function createProfileCache({ ttlMs = 10_000, maxEntries = 10_000 } = {}): ProfileCache {
  const entries = new Map<number, { body: Precompressed; expiresAt: number }>();
  return {
    get(userId) {
      const entry = entries.get(userId);
      if (!entry) return undefined;
      if (entry.expiresAt <= Date.now()) {
        entries.delete(userId);
        return undefined;
      }
      return entry.body;
    },
    set(userId, body) {
      // Map keeps insertion order: the oldest entry goes first when the cache is full.
      entries.delete(userId);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(userId, { body, expiresAt: Date.now() + ttlMs });
    },
    invalidate(userId) {
      entries.delete(userId);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    profileCache: ProfileCache;
  }
}

/** Any feature that changes what a public profile shows (profile edits, reviews) calls this. */
export function invalidateProfile(app: FastifyInstance, userId: number): void {
  app.profileCache.invalidate(userId);
}
