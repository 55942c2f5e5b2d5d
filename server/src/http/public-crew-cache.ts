import type { FastifyInstance } from 'fastify';
import { PageCache } from './page-cache.ts';

/**
 * What visitors are sent of crew, cached briefly (PageCache): public profiles by id, and the
 * pages of role listings (`/api/browse/crew`), whose cards show names, places and ratings.
 */
export interface PublicCrewCache {
  profiles: PageCache<number>;
  listings: PageCache<string>;
  /** Server-rendered `/profile/{id}` pages, keyed `"{id} {origin}"` (features/pages). */
  pages: PageCache<string>;
}

export function createPublicCrewCache(): PublicCrewCache {
  // Listings: 65 roles × the pages people reach; a changed card is dropped with all of them.
  return {
    profiles: new PageCache(),
    listings: new PageCache({ maxEntries: 2_000 }),
    pages: new PageCache(),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    publicCrew: PublicCrewCache;
  }
}

/**
 * Any feature that changes what a public profile shows (profile edits, reviews) calls this: the
 * profile goes (its JSON and its server-rendered page), and so does every cached listing page, any of which may hold its card.
 */
export function invalidateProfile(app: FastifyInstance, userId: number): void {
  app.publicCrew.profiles.delete(userId);
  app.publicCrew.pages.deleteIf((key) => key.startsWith(`${userId} `));
  app.publicCrew.listings.clear();
}
