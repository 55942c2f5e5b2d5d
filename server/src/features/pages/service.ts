import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS } from '#common/limits';
import { CALL_LIMITS } from '#common/schemas/calls';
import { type BrowseCrewResponse, browseCrewResponse } from '#common/schemas/crew';
import type { PublicProfile } from '#common/schemas/profiles';
import { NotFoundError } from '#server/errors.ts';
import { browseCrew } from '#server/features/browse/index.ts';
import { getCallForViewer, listCalls } from '#server/features/calls/index.ts';
import { visitorProfile } from '#server/features/profiles/index.ts';
import { getRolesById } from '#server/features/roles/index.ts';
import type { Blog } from '#server/features/site/index.ts';
import { precompress, precompressJson } from '#server/http/precompressed.ts';
import type { PageRenderer } from '#server/plugins/client-app.ts';
import type { AppRenderer } from './app-renderer.ts';
import { callContent, callHead, callsListHead } from './call-page.ts';
import { fillTemplate } from './html.ts';
import { profileContent, profileHead } from './profile-page.ts';
import { sitePageHead } from './site-pages.ts';

const PROFILE_PATH = /^\/profile\/([1-9]\d{0,9})\/?$/;
const CALLS_PATH = /^\/calls\/?$/;
const CALL_PATH = /^\/calls\/([1-9]\d{0,9})\/?$/;
const MAX_ID = 2_147_483_647;
/** Server renders under way at once; past this a page goes out with its head only. */
const MAX_CONCURRENT_RENDERS = 2;

/**
 * Server-rendered public pages. `canonicalOrigin` is PUBLIC_URL's origin when set; without it
 * the app answers at any address and links point at the origin the request was addressed to.
 * With `appRenderer` (the client's server build) `#root` holds the app's own markup; without it
 * the page has its head, and a profile a plain summary.
 */
export function createPageRenderer(
  app: FastifyInstance,
  {
    canonicalOrigin,
    blog,
    appRenderer = null,
  }: { canonicalOrigin: string | null; blog: Blog; appRenderer?: AppRenderer | null },
): PageRenderer {
  // Footer pages (kept a minute) and search pages (briefly), in PAGE_CACHE_MB's parts (public-crew-cache.ts).
  const { sitePages, searchPages } = app.publicCrew;
  const originOf = (request: FastifyRequest) => canonicalOrigin ?? `${request.protocol}://${request.host}`;

  /** The visitor's view of a profile, through the same cache `GET /api/users/:id` fills. */
  async function publicProfile(id: number): Promise<PublicProfile | null> {
    try {
      const { body } = await visitorProfile(app.db, app.publicCrew.profiles, id);
      return JSON.parse(body.identity.toString('utf8')) as PublicProfile;
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

  /*
   * The app's markup for the page, as a signed-out visitor sees it. A React render is tens of
   * milliseconds of CPU on the event loop, and query strings are the visitor's to vary: while
   * MAX_CONCURRENT_RENDERS are under way a page goes out with its head only (the browser renders
   * it, as it would without server rendering) and is not cached, so the next visitor gets it whole.
   */
  let rendering = 0;
  const appMarkup = async (request: FastifyRequest, url: URL) => {
    if (!appRenderer) return { markup: null, keep: true };
    if (rendering >= MAX_CONCURRENT_RENDERS) return { markup: null, keep: false };
    rendering += 1;
    try {
      // A render that read a refusal or a failure (a 429, a 5xx) is sent to this visitor only.
      const { markup, cacheable } = await appRenderer(
        new URL(`${url.pathname}${url.search}`, originOf(request)),
        request.ip,
      );
      return { markup, keep: cacheable };
    } finally {
      rendering -= 1;
    }
  };

  /** Home and browse list crew: kept with the listings, which invalidateProfile drops on any change. */
  const siteCacheOf = (pathname: string) => {
    if (pathname === '/' || pathname.startsWith('/browse')) return app.publicCrew.listings;
    return pathname.startsWith('/search') ? searchPages : sitePages;
  };

  async function renderSitePage(request: FastifyRequest, url: URL, template: string) {
    const origin = originOf(request);
    const key = `html ${origin} ${url.pathname}${url.search}`;
    const cache = siteCacheOf(url.pathname);
    const cached = cache.get(key);
    if (cached) return { status: 200, body: cached };
    const head = await sitePageHead(url, origin, { roles: () => getRolesById(app.db), roleCrew, blog });
    if (!head) return undefined;
    const { markup, keep } = await appMarkup(request, url);
    const body = precompress(Buffer.from(fillTemplate(template, head, markup ?? {})), 'fast');
    if (keep) cache.set(key, body);
    return { status: 200, body };
  }

  /**
   * `/calls` and `/calls/{id}` (issue 36, ADR 038): as a visitor sees them, not cached (a call closed
   * or hidden by staff must leave at once). A call a visitor may not see (closed, filled, expired,
   * hidden, unknown) answers 404 with noindex; its owner's and applicants' browsers then render it
   * with their own session, as the app renders any page the server did not.
   */
  async function renderCallPage(request: FastifyRequest, url: URL, template: string, id: number | null) {
    const origin = originOf(request);
    const body = (status: number, html: string) => ({ status, body: precompress(Buffer.from(html), 'fast') });
    if (id === null) {
      // The head lists the first page only when the list is not filtered (a result page is noindex).
      const calls = url.search ? [] : (await listCalls(app.db, { limit: CALL_LIMITS.pageSize })).calls;
      const { markup } = await appMarkup(request, url);
      return body(200, fillTemplate(template, callsListHead(url, origin, calls), markup ?? {}));
    }
    const call = id > MAX_ID ? null : await getCallForViewer(app.db, id, null);
    if (!call)
      return body(
        404,
        fillTemplate(template, {
          title: 'Call not found | CrewBase',
          description: 'This crew call does not exist or is no longer open.',
          canonical: `${origin}${url.pathname}`,
          noindex: true,
        }),
      );
    const { markup } = await appMarkup(request, url);
    return body(200, fillTemplate(template, callHead(call, origin), markup ?? { root: callContent(call) }));
  }

  return async (request, url, template) => {
    if (CALLS_PATH.test(url.pathname)) return renderCallPage(request, url, template, null);
    const callId = CALL_PATH.exec(url.pathname)?.[1];
    if (callId) return renderCallPage(request, url, template, Number(callId));
    const match = PROFILE_PATH.exec(url.pathname);
    if (!match) return renderSitePage(request, url, template);
    const id = Number(match[1]);
    if (id > MAX_ID) return undefined;
    const origin = originOf(request);
    // The query string picks a tab: such pages go with the listings (dropped on any profile change)
    // so that made-up query strings cannot crowd the profiles' own pages out.
    const key = `${id} ${origin}${url.search}`;
    const cache = url.search ? app.publicCrew.listings : app.publicCrew.pages;
    const cached = cache.get(key);
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
    const { markup, keep } = await appMarkup(request, url);
    const html = fillTemplate(
      template,
      profileHead(profile, origin),
      markup ?? { root: profileContent(profile) },
    );
    const body = precompress(Buffer.from(html), 'fast');
    if (keep) cache.set(key, body);
    return { status: 200, body };
  };
}
