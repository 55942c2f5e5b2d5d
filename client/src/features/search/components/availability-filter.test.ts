import { describe, expect, it } from 'vitest';
import { datesProblem, partlyFreeSteps } from './availability-filter.tsx';

const dates = (availableFrom: string | null, availableTo: string | null = null) => ({
  availableFrom,
  availableTo,
  minFreeDays: null,
});

describe('the dates filter', () => {
  it('offers every "at least" count for a short range, and steps for a long one', () => {
    expect(partlyFreeSteps(1)).toEqual([]);
    expect(partlyFreeSteps(3)).toEqual([2, 1]);
    expect(partlyFreeSteps(30)).toEqual([29, 21, 14, 10, 7, 5, 3, 2, 1]);
  });

  it('says what the server will refuse before it does', () => {
    const today = '2027-03-10';
    expect(datesProblem(dates(null), today)).toBeNull();
    expect(datesProblem(dates('2027-03-12', '2027-03-14'), today)).toBeNull();
    expect(datesProblem(dates('2027-03-09'), today)).toBe('Pick a first day from today on.');
    expect(datesProblem(dates('2027-03-12', '2027-03-11'), today)).toBe(
      'The last day must not be before the first.',
    );
    expect(datesProblem(dates('2027-03-12', '2027-06-10'), today)).toBe('Pick at most 90 days.');
    expect(datesProblem(dates('2027-03-12', '2027-06-09'), today)).toBeNull();
  });
});
