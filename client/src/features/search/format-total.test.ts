import { describe, expect, it } from 'vitest';
import { formatCrewTotal, formatTotal } from './format-total.ts';

describe('formatCrewTotal', () => {
  it('prints an exact count as it is', () => {
    expect(formatCrewTotal(0, false)).toBe('0 crew');
    expect(formatCrewTotal(1234, false)).toBe('1,234 crew');
  });

  it('rounds an estimate to two significant figures and says it is one', () => {
    expect(formatCrewTotal(501, true)).toBe('about 500 crew');
    expect(formatCrewTotal(14_237, true)).toBe('about 14,000 crew');
    expect(formatCrewTotal(987_654, true)).toBe('about 990,000 crew');
    expect(formatCrewTotal(57, true)).toBe('about 57 crew');
  });
});

describe('formatTotal', () => {
  it('is the number alone, for the phone sheet’s "Show N results"', () => {
    expect(formatTotal(1234, false)).toBe('1,234');
    expect(formatTotal(14_237, true)).toBe('about 14,000');
  });
});
