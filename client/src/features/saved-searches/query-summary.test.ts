import { describe, expect, it } from 'vitest';
import { EMPTY_SEARCH } from '#client/features/search/search-state.ts';
import type { Role } from '#common/schemas/roles';
import { savedQueryOf } from './api.ts';
import { datesHavePassed, savedSearchState, searchSummary } from './query-summary.ts';

const roles: Role[] = [{ id: 7, name: 'Gaffer', category: 'production', icon: 'lightbulb' }] as Role[];

describe('a saved search', () => {
  it('keeps the search as the address carries it, and gives it back whole', () => {
    const state = {
      ...EMPTY_SEARCH,
      q: 'lighting',
      roles: [7, 3],
      location: 'Atlanta',
      availableFrom: '2027-03-12',
      availableTo: '2027-03-14',
      minFreeDays: 2,
      page: 4,
    };
    const query = savedQueryOf(state);
    expect(query).toEqual({
      q: 'lighting',
      role: ['7', '3'],
      location: 'Atlanta',
      availableFrom: '2027-03-12',
      availableTo: '2027-03-14',
      minFreeDays: '2',
    });
    expect(savedSearchState(query)).toEqual({ ...state, page: 1 });
    // One role is still a list, as the server stores it.
    expect(savedQueryOf({ ...EMPTY_SEARCH, roles: [7] })).toEqual({ role: ['7'] });
  });

  it('reads as a line of its parts', () => {
    const state = savedSearchState({
      q: 'lighting',
      role: ['7'],
      location: 'Atlanta',
      availableFrom: '2027-03-12',
      availableTo: '2027-03-14',
    });
    expect(searchSummary(state, roles)).toBe('“lighting” · Gaffer · Atlanta · Free 12–14 Mar');
    expect(searchSummary(savedSearchState({}), roles)).toBe('All crew');
    expect(
      searchSummary(
        savedSearchState({ availableFrom: '2027-03-30', availableTo: '2027-04-02', minFreeDays: '2' }),
        roles,
      ),
    ).toBe('Free 2+ days of 30 Mar–2 Apr');
  });

  it('knows when its days have begun', () => {
    const state = savedSearchState({ availableFrom: '2027-03-12' });
    expect(datesHavePassed(state, '2027-03-12')).toBe(false);
    expect(datesHavePassed(state, '2027-03-13')).toBe(true);
    expect(datesHavePassed(savedSearchState({}), '2027-03-13')).toBe(false);
  });
});
