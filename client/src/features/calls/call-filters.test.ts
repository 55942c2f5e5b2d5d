import { describe, expect, it } from 'vitest';
import {
  callFilterParams,
  callsHref,
  hasCallFilters,
  NO_CALL_FILTERS,
  parseCallFilters,
} from './call-filters.ts';

const parse = (query: string) => parseCallFilters(new URLSearchParams(query));

describe('call filters in the address', () => {
  it('reads every filter the API takes', () => {
    expect(parse('role=12&location=+Atlanta+&from=2027-03-01&to=2027-03-09&q=feature')).toEqual({
      role: 12,
      location: 'Atlanta',
      from: '2027-03-01',
      to: '2027-03-09',
      q: 'feature',
    });
  });

  it('drops what it cannot read instead of failing', () => {
    expect(parse('role=abc&from=2027-13-45&to=tomorrow')).toEqual(NO_CALL_FILTERS);
    expect(parse('role=0').role).toBeNull();
    expect(parse('role=-3').role).toBeNull();
  });

  it('turns dates given the wrong way round into the same span', () => {
    expect(parse('from=2027-03-09&to=2027-03-01')).toMatchObject({ from: '2027-03-01', to: '2027-03-09' });
  });

  it('writes only what is set, in one order, so equal filters have equal addresses', () => {
    expect(callsHref(NO_CALL_FILTERS)).toBe('/calls');
    expect(callsHref(parse('to=2027-03-09&role=4&location=Leeds'))).toBe(
      '/calls?role=4&location=Leeds&to=2027-03-09',
    );
    expect(callsHref(parse('location=Leeds&to=2027-03-09&role=4'))).toBe(
      callsHref(parse('to=2027-03-09&role=4&location=Leeds')),
    );
    expect(callFilterParams(parse('role=4'))).toEqual({ role: '4' });
  });

  it('reads back what it wrote', () => {
    const filters = parse('role=7&location=New+York%2C+NY&from=2027-01-02');
    expect(parseCallFilters(new URL(callsHref(filters), 'http://x').searchParams)).toEqual(filters);
    expect(hasCallFilters(filters)).toBe(true);
    expect(hasCallFilters(NO_CALL_FILTERS)).toBe(false);
  });
});
