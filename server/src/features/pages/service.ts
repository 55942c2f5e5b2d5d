import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS } from '#common/limits';
import { type BrowseCrewResponse, browseCrewResponse } from '#common/schemas/crew';
import type { PublicProfile } from '#common/schemas/profiles';
import { NotFoundError } from '../../errors.ts';
import { PageCache } from '../../http/page-cache.ts';
import { type Precompressed, precompress, precompressJson } from '../../http/precompressed.ts';
import { browseCrew } from '../browse/service.ts';
import * as profiles from '../profiles/service.ts';
import { getRolesById } from '../roles/service.ts';
import type { Blog } from '../site/blog.ts';
import { fillTemplate } from './html.ts';
import { renderProfilePage } from './profile-page.ts';
import { sitePageHead } from './site-pages.ts';

export interface RenderedPage {
  status: number;
  body: Precompressed;
}

/** Renders a public page into index.html, or leaves the path to the plain SPA (undefined). */
export type PageRenderer = (
  request: FastifyRequest,
  url: URL,
  template: string,
) => Promise<RenderedPage | undefined>;

const PROFILE_PATH = /^\/profile\/([1-9]\d{0,9})\/?$/;
const MAX_ID = 2_147_483_647;

/**
 * Server-rendered public pages. `canonicalOrigin` is PUBLIC_URL's origin when set; without it
 * the app answers at any address and links point at the origin the request was addressed to.
 */
export function createPageRenderer(
  app: FastifyInstance,
  { canonicalOrigin, blog }: { canonicalOrigin: string | null; blog: Blog },
): PageRenderer {
  // Home, browse, search and footer pages change only with a deploy (roles, blog): kept a minute,
  // and at most a few thousand (search words are the visitors').
  const sitePages = new PageCache<string>({ ttlMs: 60_000, maxEntries: 2_000 });
  const originOf = (request: FastifyRequest) => canonicalOrigin ?? `${request.protocol}://${request.host}`;

  /** The visitor's view of a profile, through the same cache `GET /api/users/:id` fills. */
  async function publicProfile(id: number): Promise<PublicProfile | null> {
    const cached = app.publicCrew.profiles.get(id);
    if (cached) return JSON.parse(cached.identity.toString('utf8')) as PublicProfile;
    try {
      const profile = await profiles.getProfile(app.db, id, null);
      app.publicCrew.profiles.set(id, precompressJson(profile, 'fast'));
      return profile;
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }

  /** A role's first page of crew, through the cache `/api/browse/crew` fills (same key). */
  async function roleCrew(roleId: number) {
    const key = `${roleId}:1:${LIMITS.browsePageSize}`;
    const cached = app.publicCrew.listings.get(key);
    if (cached) return (JSON.parse(cached.identity.toString('utf8')) as BrowseCrewResponse).crew;
    const listing = browseCrewResponse.parse(
      await browseCrew(app.db, { role: roleId, page: 1, limit: LIMITS.browsePageSize }),
    );
    app.publicCrew.listings.set(key, precompressJson(listing, 'fast'));
    return listing.crew;
  }

  async function renderSitePage(request: FastifyRequest, url: URL, template: string) {
    const origin = originOf(request);
    const key = `html ${origin} ${url.pathname}${url.search}`;
    // Browse pages list crew: kept with the listings, which invalidateProfile drops on any change.
    const cache = url.pathname.startsWith('/browse') ? app.publicCrew.listings : sitePages;
    const cached = cache.get(key);
    if (cached) return { status: 200, body: cached };
    const head = await sitePageHead(url, origin, { roles: () => getRolesById(app.db), roleCrew, blog });
    if (!head) return undefined;
    const body = precompress(Buffer.from(fillTemplate(template, head)), 'fast');
    cache.set(key, body);
    return { status: 200, body };
  }

  return async (request, url, template) => {
    const match = PROFILE_PATH.exec(url.pathname);
    if (!match) return renderSitePage(request, url, template);
    const id = Number(match[1]);
    if (id > MAX_ID) return undefined;
    const origin = originOf(request);
    const key = `${id} ${origin}`;
    const cached = app.publicCrew.pages.get(key);
    if (cached) return { status: 200, body: cached };
    const profile = await publicProfile(id);
    if (!profile) {
      const html = fillTemplate(template, {
        title: 'Profile not found | CrewBase',
        description: 'This profile does not exist or is no longer public.',
        canonical: `${origin}${url.pathname}`,
        noindex: true,
      });
      return { status: 404, body: precompress(Buffer.from(html), 'fast') };
    }
    const body = precompress(Buffer.from(renderProfilePage(template, profile, origin)), 'fast');
    app.publicCrew.pages.set(key, body);
    return { status: 200, body };
  };
}
