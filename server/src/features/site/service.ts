import type { ContactRequest } from '#common/schemas/site';
import { CONTACT_TOPIC_LABELS } from '#common/schemas/site';
import type { Database } from '#server/db/client.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { renderMail } from '#server/mail/templates/render.tsx';
import type { Blog } from './blog.ts';
import { countProfiles, listProfilesForSitemap, listRoleIds } from './queries.ts';

/** The sitemap protocol's ceiling per file; past it, /sitemap.xml becomes a sitemap index. */
export const SITEMAP_URL_LIMIT = 50_000;

/** Public pages a search engine should know; internal demo pages are noindex and left out. */
export const PUBLIC_PAGES = [
  '/',
  '/search',
  '/browse',
  '/about',
  '/pricing',
  '/calls',
  '/careers',
  '/team',
  '/contact',
  '/blog',
  '/faq',
  '/support',
  '/testimonials',
  '/sitemap',
  '/privacy-policy',
  '/terms',
  '/cookies',
  '/gdpr',
] as const;

export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

export type SitemapAnswer = { kind: 'urlset'; entries: SitemapEntry[] } | { kind: 'index'; parts: number };

/** Pages other features list (open crew calls): handed in by the composition root. */
export type ListedPages = () => Promise<SitemapEntry[]>;

/**
 * Every public URL in one fixed order (pages, blog posts, role listings, the pages other features
 * list, then profiles by id), cut into files of `limit` URLs. `part` 0 is /sitemap.xml: the whole
 * list when it fits, else the index.
 */
export async function sitemap(
  db: Database,
  blog: Blog,
  limit: number,
  part: number,
  listed: ListedPages = async () => [],
): Promise<SitemapAnswer | undefined> {
  const fixed: SitemapEntry[] = [
    ...PUBLIC_PAGES.map((path) => ({ path })),
    ...blog.list().map((post) => ({ path: `/blog/${post.slug}`, lastmod: post.date })),
    ...(await listRoleIds(db)).map((role) => ({ path: `/browse?role=${role.id}` })),
    ...(await listed()),
  ];
  const profiles = await countProfiles(db);
  const parts = Math.ceil((fixed.length + profiles) / limit);
  if (part === 0 && parts > 1) return { kind: 'index', parts };
  if (part > parts || (part > 0 && parts === 1)) return undefined;
  const start = Math.max(0, part - 1) * limit;
  const end = start + limit;
  const profileStart = Math.max(0, start - fixed.length);
  const profileCount = Math.max(0, end - Math.max(start, fixed.length));
  const rows = profileCount > 0 ? await listProfilesForSitemap(db, profileStart, profileCount) : [];
  return {
    kind: 'urlset',
    entries: [
      ...fixed.slice(start, end),
      ...rows.map((row) => ({ path: `/profile/${row.id}`, lastmod: row.updatedAt.toISOString() })),
    ],
  };
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function renderSitemap(answer: SitemapAnswer, origin: string): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  if (answer.kind === 'index') {
    lines.push(`<sitemapindex xmlns="${XMLNS}">`);
    for (let n = 1; n <= answer.parts; n++) {
      lines.push(`<sitemap><loc>${escapeXml(`${origin}/sitemaps/${n}.xml`)}</loc></sitemap>`);
    }
    lines.push('</sitemapindex>');
  } else {
    lines.push(`<urlset xmlns="${XMLNS}">`);
    for (const entry of answer.entries) {
      const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : '';
      lines.push(`<url><loc>${escapeXml(origin + entry.path)}</loc>${lastmod}</url>`);
    }
    lines.push('</urlset>');
  }
  return `${lines.join('\n')}\n`;
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // Accounts, private pages and the API hold nothing a search engine should list.
    ...[
      '/api/',
      '/dashboard',
      '/account',
      '/messages',
      '/notifications',
      '/subscription',
      '/bookings',
      '/team/',
    ].map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The team's copy of a visitor's message (exported for scripts/mail-preview.ts). */
export function contactMail(form: ContactRequest) {
  const topic = CONTACT_TOPIC_LABELS[form.topic];
  return renderMail({
    subject: `[CrewBase contact] ${topic}: ${form.name}`,
    preheader: form.message.slice(0, 120),
    heading: `Contact form: ${topic}`,
    facts: [
      { label: 'From', value: `${form.name} <${form.email}>` },
      { label: 'Topic', value: topic },
    ],
    // One paragraph per line the visitor wrote, so their line breaks survive in the HTML part.
    paragraphs: form.message.split(/\r?\n/).filter((line) => line.trim() !== ''),
    footer: { reason: 'Sent from the contact form on CrewBase. Reply to this email to answer the visitor.' },
  });
}

/**
 * Queues the message to the team in the mail outbox (sent within seconds, retried for a day while
 * SMTP is down, so the visitor never has to send it again); a reply goes straight to the visitor.
 */
export async function sendContactMessage(db: Database, to: string, form: ContactRequest): Promise<void> {
  await enqueueMail(db, { kind: 'contact', to, replyTo: form.email, ...(await contactMail(form)) });
}
