import { LIMITS } from '../limits.ts';
import type { ConnectionStatus } from '../schemas/connections.ts';
import { type ContactParty, type ContactRefusal, contactDecision, hasBlocked } from './contact.ts';
import { allow, type Decision, refuse } from './decision.ts';
import { hasPremium } from './premium.ts';

/** The one row a pair of members has: who asked whom, and the answer so far. */
export interface ConnectionFacts {
  requesterId: number;
  addresseeId: number;
  status: 'pending' | 'accepted' | 'declined';
  /** When the addressee answered: a decline holds LIMITS.connectionDeclineDays from then. */
  respondedAt?: Date | string | null;
}

const isParty = (memberId: number, row: ConnectionFacts) =>
  row.requesterId === memberId || row.addresseeId === memberId;

/** Connecting, asking where one stands, or blocking: always someone else. */
export const isOtherMember = (meId: number, otherId: number) => meId !== otherId;

/**
 * Where two members stand, as `me` sees it. Being blocked is not revealed to the one blocked, and
 * a declined request still reads as sent to the one who sent it.
 */
export function connectionStatus(
  me: ContactParty,
  other: ContactParty,
  row: ConnectionFacts | undefined,
): ConnectionStatus {
  if (hasBlocked(me, other)) return 'blocked';
  if (!row) return 'none';
  if (row.status === 'accepted') return 'connected';
  if (row.requesterId === me.id) return 'pending_out';
  return row.status === 'pending' ? 'pending_in' : 'none';
}

/**
 * A connection request: Premium, to someone else who exists and whom one may contact. A member who
 * blocked the asker is "not found"; one the asker blocked reads as `blocked` (see connectionStatus).
 */
export type RequestRefusal = 'premium' | 'self' | 'not_found' | ContactRefusal;

export function requestDecision(
  me: ContactParty & { isSubscribed: boolean },
  other: ContactParty | undefined,
): Decision<RequestRefusal> {
  if (!hasPremium(me)) return refuse('premium');
  if (!other) return refuse('not_found');
  if (!isOtherMember(me.id, other.id)) return refuse('self');
  return contactDecision(me, other);
}

/** Only the member asked answers, and only a request still waiting. */
export const canAnswerRequest = (meId: number, requesterId: number, row: ConnectionFacts | undefined) =>
  row !== undefined &&
  row.status === 'pending' &&
  row.requesterId === requesterId &&
  row.addresseeId === meId;

/**
 * Until when a declined request holds: its sender can neither withdraw it nor ask again before
 * then (issue 30: withdrawing and re-sending would pester the one who said no). Null when the row
 * is no decline, or has no answer time.
 */
export function declinedUntil(row: Pick<ConnectionFacts, 'status' | 'respondedAt'>): Date | null {
  if (row.status !== 'declined' || !row.respondedAt) return null;
  return new Date(new Date(row.respondedAt).getTime() + LIMITS.connectionDeclineDays * 86_400_000);
}

/**
 * Either member ends a connection; a request is withdrawn by the one who sent it, except one
 * declined less than LIMITS.connectionDeclineDays ago (`declined_recently`, a 409 naming the date).
 */
export function removeDecision(
  meId: number,
  row: ConnectionFacts | undefined,
  now: Date = new Date(),
): Decision<'not_found' | 'declined_recently'> {
  if (!row || !isParty(meId, row)) return refuse('not_found');
  if (row.status === 'accepted') return allow;
  if (row.requesterId !== meId) return refuse('not_found');
  const until = declinedUntil(row);
  if (until && until > now) return refuse('declined_recently');
  return allow;
}

export const canRemoveConnection = (meId: number, row: ConnectionFacts | undefined, now?: Date) =>
  removeDecision(meId, row, now).ok;
