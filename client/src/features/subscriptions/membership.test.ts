import { describe, expect, it } from 'vitest';
import type { SubscriptionStatus } from '#common/schemas/subscriptions';
import { isPremiumNow, membershipSummary, yearlySaving } from './membership.ts';

const now = new Date('2026-06-01T12:00:00Z');
const status = (over: Partial<SubscriptionStatus>): SubscriptionStatus => ({
  status: 'active',
  premium: true,
  plan: 'monthly',
  currentPeriodEnd: '2026-07-01T12:00:00Z',
  cancelAtPeriodEnd: false,
  provider: 'demo',
  ...over,
});

describe('isPremiumNow', () => {
  it("follows the server's answer, inside the paid period", () => {
    expect(isPremiumNow(status({}), now)).toBe(true);
    expect(isPremiumNow(status({ status: 'past_due' }), now)).toBe(true);
    expect(isPremiumNow(status({ status: 'canceled', premium: false }), now)).toBe(false);
    expect(isPremiumNow(status({ status: 'past_due', premium: false }), now)).toBe(false);
    expect(isPremiumNow(status({ currentPeriodEnd: '2026-05-31T12:00:00Z' }), now)).toBe(false);
    expect(
      isPremiumNow(status({ status: 'none', premium: false, plan: null, currentPeriodEnd: null }), now),
    ).toBe(false);
  });
});

describe('membershipSummary', () => {
  it('says Free, with no action, without a subscription', () => {
    expect(
      membershipSummary(status({ status: 'none', premium: false, plan: null, currentPeriodEnd: null }), now),
    ).toEqual({
      premium: false,
      line: 'You are on the free plan. Choose a plan below to unlock Premium.',
      action: null,
    });
  });

  it('says Premium until the period end, the renewal price, and offers Cancel', () => {
    expect(membershipSummary(status({}), now)).toEqual({
      premium: true,
      line: 'Premium until Jul 1, 2026, then renews monthly at $19.00.',
      action: 'cancel',
    });
    expect(membershipSummary(status({ plan: 'yearly' }), now).line).toBe(
      'Premium until Jul 1, 2026, then renews yearly at $190.00.',
    );
  });

  it('says Cancels on the period end, and offers Resume, once cancelled at period end', () => {
    expect(membershipSummary(status({ cancelAtPeriodEnd: true }), now)).toEqual({
      premium: true,
      line: 'Cancels on Jul 1, 2026. Premium stays on until then.',
      action: 'resume',
    });
  });

  it('says a subscription that ended is over, even before the period it was in would have ended', () => {
    expect(membershipSummary(status({ status: 'canceled', premium: false }), now)).toEqual({
      premium: false,
      line: 'Your Premium has ended. Choose a plan to come back.',
      action: null,
    });
  });

  it('explains a past-due membership in its grace period and after it, and an ended one', () => {
    expect(membershipSummary(status({ status: 'past_due' }), now)).toEqual({
      premium: true,
      line: 'Your last payment did not go through. Premium stays on for up to 7 days while it is retried.',
      action: null,
    });
    expect(membershipSummary(status({ status: 'past_due', premium: false }), now)).toMatchObject({
      premium: false,
      line: expect.stringContaining('did not go through'),
    });
    expect(
      membershipSummary(
        status({ status: 'canceled', premium: false, currentPeriodEnd: '2026-05-01T12:00:00Z' }),
        now,
      ).line,
    ).toBe('Your Premium ended on May 1, 2026. Choose a plan to come back.');
  });
});

describe('yearlySaving', () => {
  it('is twelve months of the monthly price less the yearly price', () => {
    const plans = [
      { id: 'monthly', amount: 1900, currency: 'usd', interval: 'month' },
      { id: 'yearly', amount: 19000, currency: 'usd', interval: 'year' },
    ] as const;
    expect(yearlySaving([...plans])).toBe(3800);
    expect(yearlySaving([plans[1]])).toBe(0);
  });
});
