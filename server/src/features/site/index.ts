export { type Blog, loadBlog } from './blog.ts';
export { siteRoutes } from './routes.ts';
export { type ListedPages, SITEMAP_URL_LIMIT, type SitemapEntry } from './service.ts';
