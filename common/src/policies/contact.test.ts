import { describe, expect, it } from 'vitest';
import { type ContactParty, canContact, contactDecision, hasBlocked } from './contact.ts';

const party = (id: number, state: { suspended?: boolean; blocked?: number[] } = {}): ContactParty => ({
  id,
  suspended: state.suspended ?? false,
  blocked: state.blocked ?? [],
});
const A = 1;
const B = 2;

describe('canContact (who × state)', () => {
  it.each([
    ['nobody blocked, nobody suspended', party(A), party(B), true],
    ['B blocked A', party(A), party(B, { blocked: [A] }), 'blocked_by_them'],
    ['A blocked B', party(A, { blocked: [B] }), party(B), 'blocked_by_you'],
    [
      'both blocked each other (the block on A wins: it stays hidden)',
      party(A, { blocked: [B] }),
      party(B, { blocked: [A] }),
      'blocked_by_them',
    ],
    ['B is suspended', party(A), party(B, { suspended: true }), 'suspended'],
    ['A is suspended', party(A, { suspended: true }), party(B), 'suspended'],
    ['B is suspended and blocked A', party(A), party(B, { suspended: true, blocked: [A] }), 'suspended'],
    ['B blocked someone else', party(A), party(B, { blocked: [3] }), true],
  ] as const)('%s', (_, from, to, expected) => {
    const decision = contactDecision(from, to);
    expect(canContact(from, to)).toBe(expected === true);
    expect(decision).toEqual(expected === true ? { ok: true } : { ok: false, reason: expected });
  });

  it('is the same rule both ways round, apart from who is told to unblock', () => {
    const a = party(A, { blocked: [B] });
    const b = party(B);
    expect(canContact(a, b)).toBe(false);
    expect(canContact(b, a)).toBe(false);
    expect(contactDecision(b, a)).toEqual({ ok: false, reason: 'blocked_by_them' });
  });

  it('hasBlocked reads one direction only', () => {
    expect(hasBlocked(party(A, { blocked: [B] }), party(B))).toBe(true);
    expect(hasBlocked(party(B), party(A, { blocked: [B] }))).toBe(false);
  });
});
