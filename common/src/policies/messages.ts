import { type ContactParty, type ContactRefusal, contactDecision, hasBlocked } from './contact.ts';
import { allow, type Decision, refuse } from './decision.ts';
import { hasPremium } from './premium.ts';

/** The two members of a one-to-one conversation, as the viewer sees them; null when not one of them. */
export function conversationSides<Member extends ContactParty>(
  viewerId: number,
  members: readonly Member[],
): { mine: Member; other: Member } | null {
  const mine = members.find((member) => member.id === viewerId);
  const other = members.find((member) => member.id !== viewerId);
  return mine && other ? { mine, other } : null;
}

/**
 * A member reads a conversation they are in, unless the other member has blocked them: then, for
 * them, it does not exist.
 */
export function readDecision(viewerId: number, members: readonly ContactParty[]): Decision<'not_a_party'> {
  const sides = conversationSides(viewerId, members);
  return sides && !hasBlocked(sides.other, sides.mine) ? allow : refuse('not_a_party');
}

/** Writing in it also needs the two to be in contact (canContact). */
export function sendDecision(
  viewerId: number,
  members: readonly ContactParty[],
): Decision<'not_a_party' | ContactRefusal> {
  const sides = conversationSides(viewerId, members);
  if (!sides || hasBlocked(sides.other, sides.mine)) return refuse('not_a_party');
  return contactDecision(sides.mine, sides.other);
}

/**
 * Writing to someone from their profile: never oneself, only someone one may contact, and starting
 * a conversation needs Premium (anyone may write in one that exists: free crew can answer).
 */
export function startDecision(
  sender: ContactParty & { isSubscribed: boolean },
  recipient: ContactParty,
  conversationExists: boolean,
): Decision<'self' | ContactRefusal | 'premium'> {
  if (sender.id === recipient.id) return refuse('self');
  const contact = contactDecision(sender, recipient);
  if (!contact.ok) return contact;
  if (!conversationExists && !hasPremium(sender)) return refuse('premium');
  return allow;
}
