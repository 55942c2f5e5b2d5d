// The footer pages' own words, shared with the client (plain data, no UI): one copy of each title.
import { careers, support, team } from '#common/content/company';
import {
  about,
  cookiePolicy,
  gdprRights,
  type LegalDocument,
  privacyPolicy,
  termsOfService,
} from '#common/content/legal';
import { personName } from '#common/people';
import { PREMIUM_PLANS, PREMIUM_PRODUCT_NAME } from '#common/premium';
import type { CrewCard } from '#common/schemas/crew';
import type { Role } from '#common/schemas/roles';
import type { Blog } from '#server/features/site/index.ts';
import type { PageHead } from './html.ts';

/** index.html's own title and description: the home page's. */
export const HOME_TITLE = 'CrewBase | Connect with Film Industry Professionals';
export const HOME_DESCRIPTION =
  'CrewBase is where film productions find, browse and rate crew: directors, cinematographers, gaffers, editors, actors and every role in between.';

const LEGAL_PAGES: Record<string, LegalDocument> = {
  '/about': about,
  '/privacy-policy': privacyPolicy,
  '/terms': termsOfService,
  '/cookies': cookiePolicy,
  '/gdpr': gdprRights,
  '/careers': careers,
  '/team': team,
  '/support': support,
};

/** The other footer pages, titled as the client titles them (pages/site-pages.tsx). */
const SITE_PAGES: Record<string, { title: string; description: string }> = {
  '/contact': {
    title: 'Contact',
    description: 'Write to the CrewBase team: questions, feedback, partnerships, press and account help.',
  },
  '/faq': {
    title: 'FAQ',
    description: 'Answers to common questions about finding crew, profiles, reviews and Premium on CrewBase.',
  },
  '/blog': {
    title: 'Blog',
    description: 'News, guides and stories from CrewBase for film crews and the productions that hire them.',
  },
  '/testimonials': {
    title: 'Testimonials',
    description: 'What crew and productions say about finding each other on CrewBase.',
  },
  '/sitemap': { title: 'Sitemap', description: 'Every public page of CrewBase in one place.' },
};

/** /pricing's head, as the client titles it (pages/pricing-page.tsx). */
export const PRICING_TITLE = 'Pricing';
export const PRICING_DESCRIPTION =
  'CrewBase is free for crew and productions. Premium adds messages, connections, bookings, the team builder, every review and advanced search filters.';

/** `Offer`s for Premium's two prices (schema.org), read from common/src/premium.ts. */
function premiumProduct(origin: string) {
  const url = `${origin}/pricing`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: PREMIUM_PRODUCT_NAME,
    description: PRICING_DESCRIPTION,
    brand: { '@type': 'Brand', name: 'CrewBase' },
    url,
    offers: Object.values(PREMIUM_PLANS).map((plan) => {
      const price = (plan.amount / 100).toFixed(2);
      const priceCurrency = plan.currency.toUpperCase();
      return {
        '@type': 'Offer',
        name: plan.name,
        price,
        priceCurrency,
        availability: 'https://schema.org/InStock',
        url,
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price,
          priceCurrency,
          billingDuration: plan.interval === 'month' ? 'P1M' : 'P1Y',
          unitCode: plan.interval === 'month' ? 'MON' : 'ANN',
        },
      };
    }),
  };
}

/** Role names are English nouns: "Gaffers", "Lead Actresses" (as pages/browse-page.tsx says them). */
const plural = (name: string) => (/(s|sh|ch|x)$/.test(name) ? `${name}es` : `${name}s`);

const titled = (title: string) => `${title} | CrewBase`;

function breadcrumbs(origin: string, crumbs: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: `${origin}${crumb.path}`,
    })),
  };
}

export interface SitePageSources {
  roles: () => Promise<Map<number, Role>>;
  /** The first page of a role's crew, as `/api/browse/crew` lists it. */
  roleCrew: (roleId: number) => Promise<CrewCard[]>;
  blog: Blog;
}

/**
 * The head of a public page other than a profile, or undefined for a page that stays as the
 * plain app (private pages, unknown paths, an unknown blog post).
 */
export async function sitePageHead(
  url: URL,
  origin: string,
  sources: SitePageSources,
): Promise<PageHead | undefined> {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
  const home = { name: 'Home', path: '/' };
  if (path === '/') {
    return {
      title: HOME_TITLE,
      description: HOME_DESCRIPTION,
      canonical: `${origin}/`,
      structuredData: [
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: 'CrewBase',
          url: `${origin}/`,
          potentialAction: {
            '@type': 'SearchAction',
            target: `${origin}/search?q={search_term_string}`,
            'query-input': 'required name=search_term_string',
          },
        },
      ],
    };
  }
  if (path === '/browse') {
    const roleId = Number(url.searchParams.get('role'));
    const role = Number.isInteger(roleId) && roleId > 0 ? (await sources.roles()).get(roleId) : undefined;
    const browse = { name: 'Browse Crew', path: '/browse' };
    if (!role) {
      return {
        title: titled('Browse Crew'),
        description:
          'Browse film crew by role: directors, cinematographers, gaffers, editors, actors and more.',
        canonical: `${origin}/browse`,
        structuredData: [breadcrumbs(origin, [home, browse])],
      };
    }
    const rolePath = `/browse?role=${role.id}`;
    return {
      title: titled(`${plural(role.name)} — Browse Crew`),
      description: `${plural(role.name)} on CrewBase: profiles, credits, locations and ratings from the productions they worked with.`,
      canonical: `${origin}${rolePath}`,
      structuredData: [
        breadcrumbs(origin, [home, browse, { name: role.name, path: rolePath }]),
        {
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          name: plural(role.name),
          itemListElement: (await sources.roleCrew(role.id)).map((card, index) => ({
            '@type': 'ListItem',
            position: index + 1,
            name: personName(card),
            url: `${origin}/profile/${card.id}`,
          })),
        },
      ],
    };
  }
  if (path === '/search') {
    const q = url.searchParams.get('q')?.trim() ?? '';
    return {
      // As the client titles it (pages/search-page.tsx).
      title: titled(q ? `“${q}” — Search` : 'Search Crew'),
      description: q
        ? `Film crew on CrewBase matching “${q}”.`
        : 'Search film crew on CrewBase by name, role, skill and location.',
      canonical: q ? `${origin}/search?q=${encodeURIComponent(q)}` : `${origin}/search`,
      // Result pages are not for search engines' indexes; the links on them are.
      noindex: q !== '' || url.search !== '',
    };
  }
  if (path === '/pricing') {
    return {
      title: titled(PRICING_TITLE),
      description: PRICING_DESCRIPTION,
      canonical: `${origin}/pricing`,
      structuredData: [premiumProduct(origin), breadcrumbs(origin, [home, { name: PRICING_TITLE, path }])],
    };
  }
  const legal = LEGAL_PAGES[path];
  if (legal) {
    return {
      title: titled(legal.title),
      description: legal.summary,
      canonical: `${origin}${path}`,
      structuredData: [breadcrumbs(origin, [home, { name: legal.title, path }])],
    };
  }
  const site = SITE_PAGES[path];
  if (site) {
    return {
      title: titled(site.title),
      description: site.description,
      canonical: `${origin}${path}`,
      // No JSON-LD here: the FAQ page's client renders its own FAQPage block.
    };
  }
  const slug = /^\/blog\/([a-z0-9-]+)$/.exec(path)?.[1];
  const post = slug ? sources.blog.get(slug) : undefined;
  if (post) {
    return {
      title: titled(post.title),
      description: post.summary,
      canonical: `${origin}${path}`,
      ogType: 'article',
      structuredData: [
        {
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: post.title,
          description: post.summary,
          datePublished: post.date,
          author: { '@type': 'Person', name: post.author },
          url: `${origin}${path}`,
        },
        breadcrumbs(origin, [home, { name: 'Blog', path: '/blog' }, { name: post.title, path }]),
      ],
    };
  }
  return undefined;
}
