import { escapeHtml } from '#server/mail/html.ts';

/**
 * JSON for a `<script type="application/ld+json">` block: `<`, `>` and `&` become \u escapes, so
 * no value can close the script element (`</script>`) or open a comment; JSON.parse reads them back.
 */
export function jsonLd(value: unknown): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/ld+json">${json}</script>`;
}

/** What a server-rendered page puts into index.html. Every string is plain text, escaped here. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL. */
  canonical: string;
  /** Absolute URL of the preview image, if any. */
  image?: string | null;
  ogType?: 'website' | 'profile' | 'article';
  noindex?: boolean;
  /** Objects written as JSON-LD blocks. */
  structuredData?: unknown[];
}

const MAX_DESCRIPTION = 160;

/** Search engines and link previews show about 160 characters: cut at a word and mark the cut. */
export function summary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= MAX_DESCRIPTION) return flat;
  const cut = flat.slice(0, MAX_DESCRIPTION - 1);
  const space = cut.lastIndexOf(' ');
  return `${cut.slice(0, space > 80 ? space : cut.length)}…`;
}

function headTags(head: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const description = summary(head.description);
  const tags = [
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    meta('property', 'og:site_name', 'CrewBase'),
    meta('property', 'og:type', head.ogType ?? 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', head.canonical),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', description),
  ];
  if (head.image)
    tags.push(meta('property', 'og:image', head.image), meta('name', 'twitter:image', head.image));
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex, follow'));
  for (const data of head.structuredData ?? []) tags.push(jsonLd(data));
  return tags.join('\n    ');
}

/** What goes into the page's body: markup for `#root`, and data blocks after it. */
export interface PageBody {
  root?: string;
  afterRoot?: string;
  /** Already-built tags for the head (the app renderer's resource hints). */
  head?: string;
}

/**
 * index.html with this page's head (title, description, canonical, Open Graph, Twitter card,
 * JSON-LD) and, inside `#root`, the page's markup: the app's own (hydrated by the client) or, on the
 * heads-only path, a plain summary the client replaces. The template's own title and description
 * are replaced, not repeated.
 */
export function fillTemplate(template: string, head: PageHead, body: PageBody = {}): string {
  const title = `<title>${escapeHtml(head.title)}</title>`;
  let html = template.replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  html = /<title>[\s\S]*?<\/title>/i.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/i, () => title)
    : html.replace(/<head>/i, () => `<head>${title}`);
  const tags = body.head ? `${headTags(head)}\n    ${body.head}` : headTags(head);
  html = html.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
  if (body.root || body.afterRoot)
    html = html.replace(
      /<div id="root"><\/div>/,
      () => `<div id="root">${body.root ?? ''}</div>${body.afterRoot ?? ''}`,
    );
  return html;
}
