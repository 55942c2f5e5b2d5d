import { describe, expect, it } from 'vitest';
import { PREMIUM_PAST_DUE_GRACE_DAYS } from '../premium.ts';
import { hasPremium, isPremium } from './premium.ts';

const DAY = 86_400_000;
const now = new Date('2026-06-15T12:00:00Z');
const later = new Date('2026-07-15T12:00:00Z');
const earlier = new Date('2026-05-15T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
const GRACE = PREMIUM_PAST_DUE_GRACE_DAYS;

describe('isPremium: only a paid subscription is Premium', () => {
  it.each([
    // status, period end, ended at, status since, Premium?
    ['active', later, null, earlier, true],
    ['trialing', later, null, earlier, true],
    ['active', earlier, null, earlier, false],
    ['trialing', earlier, null, earlier, false],
    ['active', now, null, earlier, false],
    // A failed renewal: Premium for the grace period from when it became past due, then not.
    ['past_due', later, null, daysAgo(1), true],
    ['past_due', later, null, daysAgo(GRACE - 0.01), true],
    ['past_due', later, null, daysAgo(GRACE), false],
    ['past_due', later, null, daysAgo(30), false],
    ['past_due', earlier, null, daysAgo(1), false],
    // Ended, never paid, or given up: never Premium, whatever the period says.
    ['canceled', later, null, earlier, false],
    ['canceled', later, daysAgo(1), daysAgo(1), false],
    ['incomplete', later, null, daysAgo(0), false],
    ['incomplete_expired', later, null, earlier, false],
    ['unpaid', later, null, daysAgo(1), false],
    ['paused', later, null, daysAgo(1), false],
    // Stripe's ended_at: past ends Premium at once ("cancel immediately"), future keeps it until then.
    ['active', later, daysAgo(1), earlier, false],
    ['active', later, now, earlier, false],
    ['active', later, new Date(now.getTime() + DAY), earlier, true],
    ['past_due', later, daysAgo(1), daysAgo(1), false],
  ] as const)(
    '%s, period to %s, ended %s, since %s: %s',
    (status, currentPeriodEnd, endedAt, statusSince, expected) => {
      expect(isPremium({ status, currentPeriodEnd, endedAt, statusSince }, now)).toBe(expected);
    },
  );

  it('keeps Premium to the end of a paid period cancelled at its end (status active, cancelAtPeriodEnd)', () => {
    const cancelled = { status: 'active', cancelAtPeriodEnd: true, endedAt: null, statusSince: earlier };
    expect(isPremium({ ...cancelled, currentPeriodEnd: later }, now)).toBe(true);
    expect(isPremium({ ...cancelled, currentPeriodEnd: later }, later)).toBe(false);
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
