import { isVerifiedCollaboration as verified } from '#common/policies/reviews';
import { type Executor, findCollaboration } from './queries.ts';

/**
 * Whether a review between the two is a "verified collaboration" (the policy in
 * common/src/policies/reviews.ts), asked when a review is written or edited.
 */
export async function isVerifiedCollaboration(db: Executor, a: number, b: number): Promise<boolean> {
  return verified(await findCollaboration(db, a, b));
}
