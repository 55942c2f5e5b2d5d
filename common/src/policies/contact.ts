import { allow, type Decision, refuse } from './decision.ts';

/**
 * A member as far as reaching them goes: whether staff suspended them, and which of the members
 * in question they have blocked.
 */
export interface ContactParty {
  id: number;
  suspended: boolean;
  blocked: readonly number[];
}

/**
 * Why `from` may not reach `to`. `suspended` and `blocked_by_them` are answered as if `to` did not
 * exist, so a block is never revealed to the one blocked; `blocked_by_you` asks `from` to unblock.
 */
export type ContactRefusal = 'suspended' | 'blocked_by_them' | 'blocked_by_you';

export const hasBlocked = (blocker: ContactParty, other: Pick<ContactParty, 'id'>) =>
  blocker.blocked.includes(other.id);

/**
 * The one contact rule, asked by messages, connections, bookings, holds and team invites: neither
 * member is suspended and neither has blocked the other.
 */
export function contactDecision(from: ContactParty, to: ContactParty): Decision<ContactRefusal> {
  if (from.suspended || to.suspended) return refuse('suspended');
  if (hasBlocked(to, from)) return refuse('blocked_by_them');
  if (hasBlocked(from, to)) return refuse('blocked_by_you');
  return allow;
}

export const canContact = (a: ContactParty, b: ContactParty) => contactDecision(a, b).ok;
