import { personName } from '#common/people';
import type { Call, CallRateUnit } from '#common/schemas/calls';
import { callHref } from '#common/schemas/calls';
import { escapeHtml } from '#server/mail/html.ts';
import type { PageHead } from './html.ts';

/** schema.org's unitText for a rate per day or week; a flat fee has none. */
const UNIT_TEXT: Record<CallRateUnit, string | null> = { day: 'DAY', week: 'WEEK', flat: null };

/** Cents as the amount schema.org expects: 45000 → 450, 45050 → 450.5. */
const amount = (cents: number) => cents / 100;

/**
 * `baseSalary` of a call that names a rate: a range (minValue/maxValue) when it gives two different
 * amounts, else the one amount as `value`; per DAY or WEEK, or a flat fee without a unit. Null
 * when the call names no rate (Google: leave the property out rather than guess).
 */
export function callBaseSalary(call: Pick<Call, 'rateMin' | 'rateMax' | 'currency' | 'rateUnit'>) {
  const { rateMin, rateMax, rateUnit } = call;
  if (rateMin == null && rateMax == null) return null;
  const unitText = UNIT_TEXT[rateUnit];
  const range = rateMin != null && rateMax != null && rateMin !== rateMax;
  const value = range
    ? { minValue: amount(rateMin), maxValue: amount(rateMax) }
    : { value: amount((rateMin ?? rateMax) as number) };
  return {
    '@type': 'MonetaryAmount',
    currency: call.currency.toUpperCase(),
    value: { '@type': 'QuantitativeValue', ...value, ...(unitText ? { unitText } : {}) },
  };
}

/**
 * JSON-LD `JobPosting` of a call's page (issue 36, ADR 038), from what GET /api/calls/:id shows a
 * visitor. Google's required fields: title, description, datePosted, hiringOrganization,
 * jobLocation, validThrough (the end of `applyBy`, UTC, the day calls are judged by); crew are
 * hired per job, so employmentType is CONTRACTOR. Members apply on the page itself: directApply.
 */
export function callJobPosting(call: Call, origin: string): Record<string, unknown> {
  const url = `${origin}${callHref(call.id)}`;
  const salary = callBaseSalary(call);
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: call.title,
    description: call.description,
    identifier: { '@type': 'PropertyValue', name: 'CrewBase', value: String(call.id) },
    url,
    datePosted: call.createdAt,
    validThrough: `${call.applyBy}T23:59:59Z`,
    employmentType: 'CONTRACTOR',
    occupationalCategory: call.role.name,
    jobStartDate: call.startDate,
    jobLocation: {
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: call.location },
    },
    ...(salary ? { baseSalary: salary } : {}),
    hiringOrganization: {
      '@type': 'Organization',
      name: personName(call.poster),
      sameAs: `${origin}/profile/${call.poster.id}`,
    },
    directApply: true,
  };
}

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

export const CALLS_TITLE = 'Crew Calls';
export const CALLS_DESCRIPTION =
  'Open crew calls on CrewBase: productions post the jobs, crew apply. Filter by role, place and dates.';

/**
 * The head of `/calls`: the open calls of the first page (no filters) as an `ItemList`. A filtered
 * list is a result page: not for search engines' indexes (as search's), its links are.
 */
export function callsListHead(url: URL, origin: string, calls: Call[]): PageHead {
  const filtered = url.search !== '';
  return {
    title: `${CALLS_TITLE} | CrewBase`,
    description: CALLS_DESCRIPTION,
    canonical: `${origin}/calls`,
    noindex: filtered,
    structuredData: [
      breadcrumbs(origin, [
        { name: 'Home', path: '/' },
        { name: CALLS_TITLE, path: '/calls' },
      ]),
      ...(filtered
        ? []
        : [
            {
              '@context': 'https://schema.org',
              '@type': 'ItemList',
              name: CALLS_TITLE,
              itemListElement: calls.map((call, index) => ({
                '@type': 'ListItem',
                position: index + 1,
                name: call.title,
                url: `${origin}${callHref(call.id)}`,
              })),
            },
          ]),
    ],
  };
}

/**
 * The head of `/calls/{id}`. An open call carries its `JobPosting`; a filled, closed or expired one
 * (which only its owner and applicants can still open) gets `noindex` and no `JobPosting`: Google
 * asks that a posting no longer open be taken out of the structured data.
 */
export function callHead(call: Call, origin: string): PageHead {
  const url = `${origin}${callHref(call.id)}`;
  const open = call.status === 'open';
  const lead = `${call.role.name} in ${call.location}, ${call.startDate} to ${call.endDate}. Posted by ${personName(call.poster)}.`;
  return {
    // As the client titles it (pages/call-page.tsx).
    title: `${call.title} — ${CALLS_TITLE} | CrewBase`,
    description: `${lead} ${call.description}`,
    canonical: url,
    noindex: !open,
    structuredData: [
      ...(open ? [callJobPosting(call, origin)] : []),
      breadcrumbs(origin, [
        { name: 'Home', path: '/' },
        { name: CALLS_TITLE, path: '/calls' },
        { name: call.title, path: callHref(call.id) },
      ]),
    ],
  };
}

/** Readable content for `#root` without the client's server build (as a profile's); the app replaces it. */
export function callContent(call: Call): string {
  const parts = [
    '<main class="mx-auto max-w-3xl p-6" data-server-rendered="call">',
    '<nav aria-label="Breadcrumb"><a href="/">Home</a> › <a href="/calls">Crew Calls</a></nav>',
    `<h1>${escapeHtml(call.title)}</h1>`,
    `<p data-field="role">${escapeHtml(call.role.name)}</p>`,
    `<p data-field="location">${escapeHtml(call.location)}</p>`,
    `<p data-field="dates">${escapeHtml(`${call.startDate} to ${call.endDate}, apply by ${call.applyBy}`)}</p>`,
    `<p data-field="poster"><a href="/profile/${call.poster.id}">${escapeHtml(personName(call.poster))}</a></p>`,
    `<p data-field="description">${escapeHtml(call.description)}</p>`,
    '</main>',
  ];
  return parts.join('');
}
