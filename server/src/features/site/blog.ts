import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Marked } from 'marked';
import type { BlogPost, BlogPostSummary } from '#common/schemas/site';

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n/;
const WORDS_PER_MINUTE = 220;

export interface Blog {
  list(): BlogPostSummary[];
  get(slug: string): BlogPost | undefined;
}

/**
 * The blog is Markdown files in the repository (`content/blog/{slug}.md`, a front matter of title,
 * summary, author, date). They are read and rendered once at start-up: posts change with a deploy,
 * like the code. The HTML comes from our own repository, so it is trusted and not sanitised.
 */
export function loadBlog(dir: string): Blog {
  const marked = new Marked({ gfm: true });
  const posts = readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => parsePost(file.slice(0, -3), readFileSync(path.join(dir, file), 'utf8'), marked))
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  const bySlug = new Map(posts.map((post) => [post.slug, post]));
  return {
    list: () => posts.map(({ html: _html, ...summary }) => summary),
    get: (slug) => bySlug.get(slug),
  };
}

function parsePost(slug: string, source: string, marked: Marked): BlogPost {
  const match = FRONT_MATTER.exec(source.replaceAll('\r\n', '\n'));
  if (!match?.[1]) throw new Error(`content/blog/${slug}.md has no front matter`);
  const meta: Record<string, string> = Object.fromEntries(
    match[1].split('\n').map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
    }),
  );
  const body = source.replaceAll('\r\n', '\n').slice(match[0].length);
  const field = (key: string) => {
    const value = meta[key];
    if (!value) throw new Error(`content/blog/${slug}.md: front matter needs "${key}"`);
    return value;
  };
  const date = field('date');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`content/blog/${slug}.md: date must be YYYY-MM-DD`);
  return {
    slug,
    title: field('title'),
    summary: field('summary'),
    author: field('author'),
    date,
    readingMinutes: Math.max(1, Math.round(body.split(/\s+/).length / WORDS_PER_MINUTE)),
    html: marked.parse(body, { async: false }),
  };
}
