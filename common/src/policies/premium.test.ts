import { describe, expect, it } from 'vitest';
import { hasPremium, isPremium } from './premium.ts';

const now = new Date('2026-06-15T12:00:00Z');
const later = new Date('2026-07-15T12:00:00Z');
const earlier = new Date('2026-05-15T12:00:00Z');

describe('isPremium (subscription status × period end)', () => {
  it.each([
    ['active', later, true],
    ['trialing', later, true],
    ['canceled', later, true],
    ['past_due', later, false],
    ['incomplete', later, false],
    ['unpaid', later, false],
    ['active', earlier, false],
    ['canceled', earlier, false],
    ['active', now, false],
  ])('%s until %s: %s', (status, currentPeriodEnd, expected) => {
    expect(isPremium({ status, currentPeriodEnd }, now)).toBe(expected);
  });

  it('no subscription is not Premium', () => {
    expect(isPremium(undefined, now)).toBe(false);
  });
});

describe('hasPremium', () => {
  it.each([
    [null, false],
    [{ isSubscribed: false }, false],
    [{ isSubscribed: true }, true],
  ])('%o: %s', (member, expected) => {
    expect(hasPremium(member)).toBe(expected);
  });
});
