import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits.ts';
import type { ConnectionStatus } from '../schemas/connections.ts';
import {
  type ConnectionFacts,
  canAnswerRequest,
  canRemoveConnection,
  connectionStatus,
  declinedUntil,
  removeDecision,
  requestDecision,
} from './connections.ts';
import type { ContactParty } from './contact.ts';

const ME = 1;
const THEM = 2;
const party = (id: number, blocked: number[] = [], suspended = false): ContactParty => ({
  id,
  suspended,
  blocked,
});
const row = (requesterId: number, status: ConnectionFacts['status']): ConnectionFacts => ({
  requesterId,
  addresseeId: requesterId === ME ? THEM : ME,
  status,
});
const decided = (expected: string | true) =>
  expected === true ? { ok: true } : { ok: false, reason: expected };

describe('connectionStatus (who asked × answer × blocks)', () => {
  it.each<[string, ContactParty, ContactParty, ConnectionFacts | undefined, ConnectionStatus]>([
    ['nothing between them', party(ME), party(THEM), undefined, 'none'],
    ['I asked, waiting', party(ME), party(THEM), row(ME, 'pending'), 'pending_out'],
    ['I asked, they declined (not revealed)', party(ME), party(THEM), row(ME, 'declined'), 'pending_out'],
    ['they asked, waiting', party(ME), party(THEM), row(THEM, 'pending'), 'pending_in'],
    ['they asked, I declined', party(ME), party(THEM), row(THEM, 'declined'), 'none'],
    ['connected, I asked', party(ME), party(THEM), row(ME, 'accepted'), 'connected'],
    ['connected, they asked', party(ME), party(THEM), row(THEM, 'accepted'), 'connected'],
    ['I blocked them', party(ME, [THEM]), party(THEM), undefined, 'blocked'],
    ['they blocked me (not revealed)', party(ME), party(THEM, [ME]), undefined, 'none'],
  ])('%s: %s', (_, me, other, facts, status) => {
    expect(connectionStatus(me, other, facts)).toBe(status);
  });
});

describe('requestDecision (Premium × who × contact)', () => {
  const me = (isSubscribed: boolean, blocked: number[] = []) => ({ ...party(ME, blocked), isSubscribed });
  it.each<[string, ReturnType<typeof me>, ContactParty | undefined, true | string]>([
    ['Premium, to someone else', me(true), party(THEM), true],
    ['free', me(false), party(THEM), 'premium'],
    ['free, to nobody (Premium is said first)', me(false), undefined, 'premium'],
    ['to oneself', me(true), party(ME), 'self'],
    ['to a member who does not exist', me(true), undefined, 'not_found'],
    ['to a member who blocked me', me(true), party(THEM, [ME]), 'blocked_by_them'],
    ['to a member I blocked', me(true, [THEM]), party(THEM), 'blocked_by_you'],
    ['to a suspended member', me(true), party(THEM, [], true), 'suspended'],
  ])('%s', (_, from, to, expected) => {
    expect(requestDecision(from, to)).toEqual(decided(expected));
  });
});

describe('answering and removing (who × row)', () => {
  it.each<[string, ConnectionFacts | undefined, number, boolean]>([
    ['their waiting request, answered by me', row(THEM, 'pending'), THEM, true],
    ['their waiting request, named as someone else', row(THEM, 'pending'), 3, false],
    ['my own request', row(ME, 'pending'), ME, false],
    ['a request I declined already', row(THEM, 'declined'), THEM, false],
    ['an accepted connection', row(THEM, 'accepted'), THEM, false],
    ['no request at all', undefined, THEM, false],
  ])('answer %s: %s', (_, facts, requesterId, expected) => {
    expect(canAnswerRequest(ME, requesterId, facts)).toBe(expected);
  });

  it.each<[string, number, ConnectionFacts | undefined, boolean]>([
    ['I end a connection I asked for', ME, row(ME, 'accepted'), true],
    ['I end a connection they asked for', ME, row(THEM, 'accepted'), true],
    ['I withdraw my waiting request', ME, row(ME, 'pending'), true],
    ['I withdraw my declined request', ME, row(ME, 'declined'), true],
    ['I remove their waiting request (that is declining)', ME, row(THEM, 'pending'), false],
    ['a stranger removes our connection', 3, row(ME, 'accepted'), false],
    ['nothing to remove', ME, undefined, false],
  ])('%s: %s', (_, viewer, facts, expected) => {
    expect(canRemoveConnection(viewer, facts)).toBe(expected);
  });
});

describe('removeDecision: a declined request holds LIMITS.connectionDeclineDays (who × row × age)', () => {
  const NOW = new Date('2027-01-31T12:00:00Z');
  const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
  const answered = (requesterId: number, status: ConnectionFacts['status'], days: number) => ({
    ...row(requesterId, status),
    respondedAt: daysAgo(days),
  });
  const limit = LIMITS.connectionDeclineDays;
  it.each<[string, number, ConnectionFacts | undefined, true | string]>([
    ['I withdraw my request declined a day ago', ME, answered(ME, 'declined', 1), 'declined_recently'],
    ['…declined just under the limit ago', ME, answered(ME, 'declined', limit - 0.01), 'declined_recently'],
    ['…declined just over the limit ago', ME, answered(ME, 'declined', limit + 0.01), true],
    ['…declined long ago', ME, answered(ME, 'declined', 365), true],
    ['I withdraw my waiting request', ME, row(ME, 'pending'), true],
    ['I end a connection answered yesterday', ME, answered(THEM, 'accepted', 1), true],
    [
      'they withdraw a request I declined (not theirs to remove)',
      ME,
      answered(THEM, 'declined', 1),
      'not_found',
    ],
    ['a stranger', 3, answered(ME, 'declined', 1), 'not_found'],
    ['nothing to remove', ME, undefined, 'not_found'],
  ])('%s', (_, viewer, facts, expected) => {
    expect(removeDecision(viewer, facts, NOW)).toEqual(decided(expected));
    expect(canRemoveConnection(viewer, facts, NOW)).toBe(expected === true);
  });

  it('names the day the decline ends, and only for a decline', () => {
    expect(declinedUntil({ status: 'declined', respondedAt: '2027-01-01T00:00:00Z' })?.toISOString()).toBe(
      new Date(Date.parse('2027-01-01T00:00:00Z') + limit * 86_400_000).toISOString(),
    );
    expect(declinedUntil({ status: 'pending', respondedAt: null })).toBeNull();
    expect(declinedUntil({ status: 'accepted', respondedAt: '2027-01-01T00:00:00Z' })).toBeNull();
  });
});
