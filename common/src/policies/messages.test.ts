import { describe, expect, it } from 'vitest';
import type { ContactParty } from './contact.ts';
import { conversationSides, readDecision, sendDecision, startDecision } from './messages.ts';

const ME = 1;
const THEM = 2;
const party = (id: number, state: { suspended?: boolean; blocked?: number[] } = {}): ContactParty => ({
  id,
  suspended: state.suspended ?? false,
  blocked: state.blocked ?? [],
});
const decided = (expected: string | true) =>
  expected === true ? { ok: true } : { ok: false, reason: expected };

describe('reading and writing in a conversation (who × state)', () => {
  it.each<[string, number, ContactParty[], true | string, true | string]>([
    ['a member, nothing between them', ME, [party(ME), party(THEM)], true, true],
    ['someone not in it', 3, [party(ME), party(THEM)], 'not_a_party', 'not_a_party'],
    [
      'a member the other blocked',
      ME,
      [party(ME), party(THEM, { blocked: [ME] })],
      'not_a_party',
      'not_a_party',
    ],
    [
      'a member who blocked the other',
      ME,
      [party(ME, { blocked: [THEM] }), party(THEM)],
      true,
      'blocked_by_you',
    ],
    [
      'a member whose partner is suspended',
      ME,
      [party(ME), party(THEM, { suspended: true })],
      true,
      'suspended',
    ],
    ['a conversation missing its other side', ME, [party(ME)], 'not_a_party', 'not_a_party'],
  ])('%s: read %s, send %s', (_, viewer, members, read, send) => {
    expect(readDecision(viewer, members)).toEqual(decided(read));
    expect(sendDecision(viewer, members)).toEqual(decided(send));
  });

  it('names each side as the viewer sees it', () => {
    const sides = conversationSides(THEM, [party(ME), party(THEM)]);
    expect(sides?.mine.id).toBe(THEM);
    expect(sides?.other.id).toBe(ME);
  });
});

describe('starting a conversation (Premium × existing conversation × contact)', () => {
  const sender = (isSubscribed: boolean, blocked: number[] = []) => ({
    ...party(ME, { blocked }),
    isSubscribed,
  });
  it.each<[string, ReturnType<typeof sender>, ContactParty, boolean, true | string]>([
    ['Premium, a new conversation', sender(true), party(THEM), false, true],
    ['free, a new conversation', sender(false), party(THEM), false, 'premium'],
    ['free, writing in one that exists', sender(false), party(THEM), true, true],
    ['to oneself', sender(true), party(ME), false, 'self'],
    [
      'to a member who blocked the sender',
      sender(true),
      party(THEM, { blocked: [ME] }),
      true,
      'blocked_by_them',
    ],
    ['to a member the sender blocked', sender(true, [THEM]), party(THEM), true, 'blocked_by_you'],
    ['to a suspended member', sender(true), party(THEM, { suspended: true }), false, 'suspended'],
    [
      'free, to a member who blocked them (the block, not Premium, answers)',
      sender(false),
      party(THEM, { blocked: [ME] }),
      false,
      'blocked_by_them',
    ],
  ])('%s', (_, from, to, exists, expected) => {
    expect(startDecision(from, to, exists)).toEqual(decided(expected));
  });
});
