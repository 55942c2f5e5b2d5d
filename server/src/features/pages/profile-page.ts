import { personName } from '#common/people';
import type { PublicProfile } from '#common/schemas/profiles';
import { escapeHtml } from '#server/mail/html.ts';
import type { PageHead } from './html.ts';

/** An absolute URL for a path the app serves (a headshot under /media/), or an absolute URL as is. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${origin}/`).href;
}

const displayName = (profile: PublicProfile) => personName(profile);

function ratingText(profile: PublicProfile): string | null {
  const { average, count } = profile.rating;
  if (count === 0) return null;
  return `Rated ${average.toFixed(1)} out of 5 from ${count} review${count === 1 ? '' : 's'}`;
}

/**
 * The head of `/profile/{id}`, built only from what the public profile API shows a visitor
 * (the same service and cache): never the email, contact info only as the API shows it.
 */
export function profileHead(profile: PublicProfile, origin: string): PageHead {
  const name = displayName(profile);
  const roles = profile.roles.map((role) => role.name);
  const url = `${origin}/profile/${profile.id}`;
  const image = profile.profileImage ? absoluteUrl(origin, profile.profileImage) : null;
  const rating = ratingText(profile);
  const lead = [roles.join(', '), profile.location].filter(Boolean).join(' in ');
  const description = [
    lead ? `${name}: ${lead}.` : `${name} on CrewBase.`,
    rating ? `${rating}.` : '',
    profile.bio ?? '',
  ]
    .filter(Boolean)
    .join(' ');

  const person: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name,
    url,
    ...(roles.length > 0 ? { jobTitle: roles } : {}),
    ...(profile.bio ? { description: profile.bio } : {}),
    ...(image ? { image } : {}),
    ...(profile.location
      ? {
          homeLocation: { '@type': 'Place', name: profile.location },
          address: { '@type': 'PostalAddress', addressLocality: profile.location },
        }
      : {}),
    ...(profile.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: profile.rating.average,
            reviewCount: profile.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
  const crumbs = [
    { name: 'Home', item: `${origin}/` },
    { name: 'Browse Crew', item: `${origin}/browse` },
    ...(profile.roles[0]
      ? [{ name: profile.roles[0].name, item: `${origin}/browse?role=${profile.roles[0].id}` }]
      : []),
    { name, item: url },
  ];
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, ...crumb })),
  };

  return {
    // As the client titles it (pages/profile-page.tsx): the name and the primary role.
    title: `${name}${roles[0] ? ` — ${roles[0]}` : ''} | CrewBase`,
    description,
    canonical: url,
    image,
    ogType: 'profile',
    structuredData: [person, breadcrumbs],
  };
}

/** Readable content for `#root` before (or without) JavaScript; the client replaces it on start. */
export function profileContent(profile: PublicProfile): string {
  const name = escapeHtml(displayName(profile));
  const roles = profile.roles.map((role) => escapeHtml(role.name)).join(', ');
  const rating = ratingText(profile);
  const parts = [
    '<main class="mx-auto max-w-3xl p-6" data-server-rendered="profile">',
    '<nav aria-label="Breadcrumb"><a href="/">Home</a> › <a href="/browse">Browse Crew</a></nav>',
    `<h1>${name}</h1>`,
    roles ? `<p data-field="roles">${roles}</p>` : '',
    profile.location ? `<p data-field="location">${escapeHtml(profile.location)}</p>` : '',
    rating ? `<p data-field="rating">${escapeHtml(rating)}</p>` : '',
    profile.bio ? `<p data-field="bio">${escapeHtml(profile.bio)}</p>` : '',
    // A visitor's ways in (issue 31); the app's own render makes them open the sign-up dialog here.
    '<p data-field="actions"><a href="/register">Book or hold</a> · <a href="/register">Message</a> · <a href="/register">Invite to team</a></p>',
    '</main>',
  ];
  return parts.filter(Boolean).join('');
}
