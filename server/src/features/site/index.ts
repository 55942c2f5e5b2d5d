export { type Blog, loadBlog } from './blog.ts';
export { siteRoutes } from './routes.ts';
export { SITEMAP_URL_LIMIT } from './service.ts';
