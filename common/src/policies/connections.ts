import type { ConnectionStatus } from '../schemas/connections.ts';
import { type ContactParty, type ContactRefusal, contactDecision, hasBlocked } from './contact.ts';
import { type Decision, refuse } from './decision.ts';
import { hasPremium } from './premium.ts';

/** The one row a pair of members has: who asked whom, and the answer so far. */
export interface ConnectionFacts {
  requesterId: number;
  addresseeId: number;
  status: 'pending' | 'accepted' | 'declined';
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

/** Either member ends a connection; a request is withdrawn by the one who sent it. */
export const canRemoveConnection = (meId: number, row: ConnectionFacts | undefined) =>
  row !== undefined && isParty(meId, row) && (row.status === 'accepted' || row.requesterId === meId);
