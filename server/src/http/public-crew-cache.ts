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
  /** Server-rendered footer pages (about, blog…): they change only with a deploy. */
  sitePages: PageCache<string>;
  /** Server-rendered `/search` pages: the visitors' words, kept briefly. */
  searchPages: PageCache<string>;
}

/** PAGE_CACHE_MB's default: what every page cache of an instance holds at most, together. */
export const DEFAULT_PAGE_CACHE_MB = 64;

/**
 * The caches share one byte budget (PAGE_CACHE_MB), in fixed parts so that one kind of page
 * cannot crowd out another: made-up query strings (kept with the listings) never push out the
 * profiles' own pages, nor a crawl of profiles the role listings.
 */
export function createPublicCrewCache(budgetMb = DEFAULT_PAGE_CACHE_MB): PublicCrewCache {
  const part = (share: number) => Math.floor(budgetMb * 1024 * 1024 * share);
  return {
    // A profile read once is not kept (ADR 040): the window is about as many keys as the part holds.
    profiles: new PageCache({ maxBytes: part(1 / 4), secondMissWindow: 4096 }),
    // Role listings (65 roles × the pages people reach), home and browse pages, profile pages with a
    // query string: a changed card drops all of them.
    listings: new PageCache({ maxBytes: part(1 / 4) }),
    pages: new PageCache({ maxBytes: part(3 / 8) }),
    sitePages: new PageCache({ ttlMs: 60_000, maxBytes: part(1 / 16) }),
    searchPages: new PageCache({ maxBytes: part(1 / 16) }),
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
