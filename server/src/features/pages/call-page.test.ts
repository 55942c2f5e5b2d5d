import { describe, expect, it } from 'vitest';
import type { Call } from '#common/schemas/calls';
import { callHead, callJobPosting, callsListHead } from './call-page.ts';

const ORIGIN = 'https://crewbase.test';

const call = (overrides: Partial<Call> = {}): Call => ({
  id: 42,
  title: 'Gaffer for a two-week indie feature',
  role: { id: 7, name: 'Gaffer', category: 'production' },
  location: 'Atlanta, GA',
  startDate: '2027-03-01',
  endDate: '2027-03-14',
  rateMin: 45_000,
  rateMax: 60_000,
  currency: 'usd',
  rateUnit: 'day',
  description: 'Lighting a low-budget feature on location.',
  applyBy: '2027-02-20',
  status: 'open',
  createdAt: '2027-01-10T09:30:00.000Z',
  closedAt: null,
  poster: {
    id: 5,
    username: 'northlight',
    displayName: 'Northlight Pictures',
    fallbackName: 'Nora N.',
    location: 'Atlanta, GA',
    profileImage: null,
    roles: [],
    ratingAverage: 0,
    ratingCount: 0,
  },
  applicationCount: null,
  myApplication: null,
  ...overrides,
});

describe('callJobPosting', () => {
  it('has every field Google requires of a JobPosting, from the call', () => {
    const posting = callJobPosting(call(), ORIGIN);
    expect(posting).toEqual({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Gaffer for a two-week indie feature',
      description: 'Lighting a low-budget feature on location.',
      identifier: { '@type': 'PropertyValue', name: 'CrewBase', value: '42' },
      url: 'https://crewbase.test/calls/42',
      datePosted: '2027-01-10T09:30:00.000Z',
      validThrough: '2027-02-20T23:59:59Z',
      employmentType: 'CONTRACTOR',
      occupationalCategory: 'Gaffer',
      jobStartDate: '2027-03-01',
      jobLocation: {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Atlanta, GA' },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'USD',
        value: { '@type': 'QuantitativeValue', minValue: 450, maxValue: 600, unitText: 'DAY' },
      },
      hiringOrganization: {
        '@type': 'Organization',
        name: 'Northlight Pictures',
        sameAs: 'https://crewbase.test/profile/5',
      },
      directApply: true,
    });
    for (const field of [
      'title',
      'description',
      'datePosted',
      'hiringOrganization',
      'jobLocation',
      'validThrough',
    ])
      expect(posting[field], field).toBeTruthy();
    // Dates schema.org reads as ISO 8601.
    expect(Number.isNaN(Date.parse(posting.datePosted as string))).toBe(false);
    expect(new Date(posting.validThrough as string).toISOString()).toBe('2027-02-20T23:59:59.000Z');
  });

  it('names the poster by their fallback name when they have no display name', () => {
    const poster = { ...call().poster, displayName: null };
    expect(callJobPosting(call({ poster }), ORIGIN).hiringOrganization).toMatchObject({ name: 'Nora N.' });
  });

  it('gives a weekly rate per WEEK, one amount as value, and a flat fee without a unit', () => {
    expect(
      callJobPosting(call({ rateUnit: 'week', rateMin: 200_000, rateMax: null }), ORIGIN).baseSalary,
    ).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: { '@type': 'QuantitativeValue', value: 2000, unitText: 'WEEK' },
    });
    expect(
      callJobPosting(call({ rateUnit: 'flat', rateMin: 500_050, rateMax: 500_050, currency: 'gbp' }), ORIGIN)
        .baseSalary,
    ).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'GBP',
      value: { '@type': 'QuantitativeValue', value: 5000.5 },
    });
  });

  it('leaves baseSalary out when the call names no rate', () => {
    expect(callJobPosting(call({ rateMin: null, rateMax: null }), ORIGIN)).not.toHaveProperty('baseSalary');
  });
});

describe('callHead', () => {
  it('is indexable with its JobPosting while open', () => {
    const head = callHead(call(), ORIGIN);
    expect(head.title).toBe('Gaffer for a two-week indie feature — Crew Calls | CrewBase');
    expect(head.canonical).toBe('https://crewbase.test/calls/42');
    expect(head.noindex).toBe(false);
    expect(head.description).toMatch(/^Gaffer in Atlanta, GA/);
    expect(head.structuredData?.map((data) => (data as { '@type': string })['@type'])).toEqual([
      'JobPosting',
      'BreadcrumbList',
    ]);
  });

  it.each(['filled', 'closed', 'expired'] as const)('a %s call gets noindex and no JobPosting', (status) => {
    const head = callHead(call({ status }), ORIGIN);
    expect(head.noindex).toBe(true);
    expect(head.structuredData?.map((data) => (data as { '@type': string })['@type'])).toEqual([
      'BreadcrumbList',
    ]);
  });
});

describe('callsListHead', () => {
  it('lists the first page as an ItemList; a filtered list is noindex', () => {
    const head = callsListHead(new URL(`${ORIGIN}/calls`), ORIGIN, [call()]);
    expect(head.noindex).toBe(false);
    expect(head.structuredData?.[1]).toMatchObject({
      '@type': 'ItemList',
      itemListElement: [{ position: 1, name: call().title, url: 'https://crewbase.test/calls/42' }],
    });
    const filtered = callsListHead(new URL(`${ORIGIN}/calls?role=7`), ORIGIN, []);
    expect(filtered.noindex).toBe(true);
    expect(filtered.canonical).toBe('https://crewbase.test/calls');
  });
});
