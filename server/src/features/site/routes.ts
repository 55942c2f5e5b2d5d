import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponse } from '#common/schemas/auth';
import {
  blogPostListResponse,
  blogPostResponse,
  blogSlugParams,
  CONTACT_SENT,
  contactRequest,
} from '#common/schemas/site';
import { NotFoundError } from '#server/errors.ts';
import type { Blog } from './blog.ts';
import { type ListedPages, renderSitemap, robotsTxt, sendContactMessage, sitemap } from './service.ts';

export interface SiteRoutesOptions {
  contactEmail: string;
  publicUrl: URL;
  blog: Blog;
  /** URLs per sitemap file (the protocol's 50,000; tests pass a small one to see the split). */
  sitemapUrlLimit: number;
  /** Pages other features list in the sitemap (open crew calls, issue 36). */
  sitemapPages?: ListedPages;
}

const XML = 'application/xml; charset=utf-8';
// Search engines fetch these rarely; an hour of staleness costs nothing and spares the database.
const SITEMAP_CACHE = 'public, max-age=3600';

/** The site around the product: contact form, blog, sitemap.xml and robots.txt. */
export const siteRoutes: FastifyPluginAsyncZod<SiteRoutesOptions> = async (
  app,
  { contactEmail, publicUrl, blog, sitemapUrlLimit, sitemapPages },
) => {
  const origin = publicUrl.origin;

  app.post(
    '/api/contact',
    { config: { limit: 'contact' }, schema: { body: contactRequest, response: { 200: messageResponse } } },
    async (request) => {
      await sendContactMessage(app.db, contactEmail, request.body);
      return { message: CONTACT_SENT };
    },
  );

  app.get('/api/blog', { schema: { response: { 200: blogPostListResponse } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { posts: blog.list() };
  });

  app.get(
    '/api/blog/:slug',
    { schema: { params: blogSlugParams, response: { 200: blogPostResponse } } },
    async (request, reply) => {
      const post = blog.get(request.params.slug);
      if (!post) throw new NotFoundError('This post does not exist, or has been taken down.');
      reply.header('cache-control', 'public, max-age=300');
      return post;
    },
  );

  app.get('/robots.txt', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=86400').type('text/plain; charset=utf-8');
    return robotsTxt(origin);
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const answer = await sitemap(app.db, blog, sitemapUrlLimit, 0, sitemapPages);
    reply.header('cache-control', SITEMAP_CACHE).type(XML);
    return renderSitemap(answer ?? { kind: 'urlset', entries: [] }, origin);
  });

  app.get(
    '/sitemaps/:file',
    { schema: { params: z.object({ file: z.string().regex(/^[1-9]\d{0,5}\.xml$/, 'Unknown sitemap') }) } },
    async (request, reply) => {
      const answer = await sitemap(
        app.db,
        blog,
        sitemapUrlLimit,
        Number.parseInt(request.params.file, 10),
        sitemapPages,
      );
      if (!answer) throw new NotFoundError('Unknown sitemap');
      reply.header('cache-control', SITEMAP_CACHE).type(XML);
      return renderSitemap(answer, origin);
    },
  );
};
