import { type ContactParty, contactDecision } from '#common/policies/contact';
import { ConflictError, NotFoundError } from '#server/errors.ts';
import { type Executor, findContactParties, lockContactPair } from './queries.ts';

export { lockContactPair };

/**
 * The facts canContact decides on for `meId` reaching `otherId`: both members as contact parties.
 * `other` is undefined when there is no such member.
 */
export async function loadContact(
  db: Executor,
  meId: number,
  otherId: number,
): Promise<{ me: ContactParty; other: ContactParty | undefined }> {
  const rows = await findContactParties(db, meId, otherId);
  const other = rows.find((row) => row.id === otherId);
  // The one asking is signed in, so their row exists; should it have gone meanwhile, they block nobody.
  const me = rows.find((row) => row.id === meId) ?? { id: meId, suspended: false, blocked: [] };
  return { me, other };
}

/**
 * Whether `meId` may reach `otherId` (book, hold, invite), as canContact decides; call it in the
 * transaction that writes the request, so a block at the same moment cannot miss it. Someone who
 * does not exist, is suspended or has blocked `meId` is "not found", so a block is never revealed;
 * someone `meId` blocked is a 409 asking to unblock them first.
 */
export async function assertReachable(
  db: Executor,
  meId: number,
  otherId: number,
  messages: { notFound: string; unblockFirst: string },
): Promise<void> {
  // In the caller's transaction, a block of the pair waits for it (or it for the block).
  await lockContactPair(db, meId, otherId);
  const { me, other } = await loadContact(db, meId, otherId);
  if (!other) throw new NotFoundError(messages.notFound);
  const decision = contactDecision(me, other);
  if (!decision.ok) {
    throw decision.reason === 'blocked_by_you'
      ? new ConflictError(messages.unblockFirst)
      : new NotFoundError(messages.notFound);
  }
}
