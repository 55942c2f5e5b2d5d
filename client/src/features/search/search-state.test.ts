import { describe, expect, it } from 'vitest';
import { searchResultsQuery } from './api.ts';
import {
  EMPTY_SEARCH,
  hasFilters,
  layOver,
  parseSearchState,
  premiumFiltersIn,
  refine,
  searchForWords,
  searchHref,
  toSearchParams,
  withoutPremiumFilters,
} from './search-state.ts';

const parse = (query: string) => parseSearchState(new URLSearchParams(query));

describe('search state in the URL', () => {
  it('reads every part of a search', () => {
    expect(
      parse(
        'q=+gaffer+&role=3&role=7&category=production&location=Atlanta&sort=rating&page=2&minRating=4.5&minReviews=10&minYears=5&hasPortfolio=true&verifiedOnly=1',
      ),
    ).toEqual({
      q: 'gaffer',
      roles: [3, 7],
      category: 'production',
      location: 'Atlanta',
      sort: 'rating',
      page: 2,
      minRating: 4.5,
      minReviews: 10,
      minYears: 5,
      hasPortfolio: true,
      verifiedOnly: true,
      availableFrom: null,
      availableTo: null,
      minFreeDays: null,
    });
  });

  it('reads the dates of a search (issue 35) and writes them after the filters', () => {
    const state = parse('availableFrom=2027-03-12&availableTo=2027-03-14&minFreeDays=2&role=3');
    expect(state).toMatchObject({ availableFrom: '2027-03-12', availableTo: '2027-03-14', minFreeDays: 2 });
    expect(searchHref(state)).toBe(
      '/search?role=3&availableFrom=2027-03-12&availableTo=2027-03-14&minFreeDays=2',
    );
    expect(hasFilters(parse('availableFrom=2027-03-12'))).toBe(true);
  });

  it('drops dates it cannot use: no start, not a day, or "at least" every day', () => {
    expect(parse('availableTo=2027-03-14&minFreeDays=1')).toEqual(EMPTY_SEARCH);
    expect(parse('availableFrom=2027-02-30')).toEqual(EMPTY_SEARCH);
    expect(parse('availableFrom=2027-03-12&availableTo=soon')).toMatchObject({
      availableFrom: '2027-03-12',
      availableTo: null,
    });
    expect(parse('availableFrom=2027-03-12&availableTo=2027-03-14&minFreeDays=3').minFreeDays).toBeNull();
    expect(parse('availableFrom=2027-03-12&minFreeDays=1').minFreeDays).toBeNull();
  });

  it('keeps a range the server refuses, so its answer can say why', () => {
    expect(parse('availableFrom=2020-01-02&availableTo=2020-01-01')).toMatchObject({
      availableFrom: '2020-01-02',
      availableTo: '2020-01-01',
    });
  });

  it('drops what it cannot read instead of failing', () => {
    expect(
      parse(
        'role=abc&role=-1&role=3&role=3&category=crew&sort=best&page=0&minRating=9&minReviews=x&minYears=99&hasPortfolio=yes',
      ),
    ).toEqual({ ...EMPTY_SEARCH, roles: [3] });
  });

  it('writes defaults out and keeps one order, so a round trip is stable', () => {
    expect(searchHref(EMPTY_SEARCH)).toBe('/search');
    const state = { ...EMPTY_SEARCH, q: 'gaffer Atlanta', roles: [7, 3], page: 3, verifiedOnly: true };
    const href = searchHref(state);
    expect(href).toBe('/search?q=gaffer+Atlanta&role=7&role=3&verifiedOnly=true&page=3');
    expect(parseSearchState(toSearchParams(state))).toEqual(state);
  });

  it('starts again at page 1 when the search changes', () => {
    const state = { ...EMPTY_SEARCH, q: 'editor', page: 4 };
    expect(refine(state, { location: 'Berlin' })).toEqual({ ...state, location: 'Berlin', page: 1 });
  });

  it('tells which Premium filters a search uses and removes them', () => {
    const state = { ...EMPTY_SEARCH, q: 'dp', minRating: 4, hasPortfolio: true, page: 2 };
    expect(premiumFiltersIn(state)).toEqual(['minRating', 'hasPortfolio']);
    expect(premiumFiltersIn(EMPTY_SEARCH)).toEqual([]);
    const free = withoutPremiumFilters(state);
    expect(premiumFiltersIn(free)).toEqual([]);
    expect(free).toEqual({ ...EMPTY_SEARCH, q: 'dp' });
    expect(hasFilters(state)).toBe(true);
    expect(hasFilters(free)).toBe(false);
  });
});

describe('the team builder searches as /search does (issue 31)', () => {
  it('asks the search API the same question /search asks for the same words', () => {
    for (const words of ['gaffer', ' Key  Grip ', 'DIT atlanta', 'steadicam operator']) {
      // What the search bar navigates to, and what /search then reads from its address.
      const page = parseSearchState(
        new URL(searchHref(refine(EMPTY_SEARCH, { q: words.trim() })), 'http://x').searchParams,
      );
      const builder = searchForWords(words);
      expect(builder).toEqual(page);
      expect(searchResultsQuery(builder).queryKey).toEqual(searchResultsQuery(page).queryKey);
    }
  });
});

describe('two changes before the page shows the first', () => {
  const rendered = parseSearchState(new URLSearchParams('location=Savannah'));

  it('a date picked while the other was on its way keeps both', () => {
    const start = layOver(rendered, rendered, refine(rendered, { availableFrom: '2030-03-12' }));
    // The end, picked by a control that still shows the search without a start.
    const end = layOver(
      rendered,
      start,
      refine(rendered, { availableFrom: null, availableTo: '2030-03-14' }),
    );
    expect(searchHref(end)).toBe('/search?location=Savannah&availableFrom=2030-03-12&availableTo=2030-03-14');
  });

  it('what the second changed wins, what it left alone stays as the first made it', () => {
    const first = layOver(rendered, rendered, refine(rendered, { location: 'Atlanta' }));
    const second = layOver(rendered, first, refine(rendered, { category: 'cast' }));
    expect(second.location).toBe('Atlanta');
    expect(second.category).toBe('cast');
    const third = layOver(rendered, second, refine(rendered, { location: 'Macon' }));
    expect(third.location).toBe('Macon');
  });

  it('an end alone, with no start anywhere, is dropped', () => {
    const end = layOver(rendered, rendered, refine(rendered, { availableTo: '2030-03-14' }));
    expect(searchHref(end)).toBe('/search?location=Savannah');
  });
});
