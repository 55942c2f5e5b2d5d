import { PencilLine } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { useCurrentUser } from '#client/features/auth/api.ts';
import { firePageEvent, PAGE_EVENTS } from '#client/lib/page-events.ts';
import type { Review } from '#common/schemas/reviews';

/**
 * "Write a review" for a signed-in visitor, "Edit your review" once they have written one, and for a
 * signed-out visitor a button that opens the sign-in dialog (signing in brings them back here).
 */
export function WriteReviewButton({ myReview, onWrite }: { myReview: Review | null; onWrite: () => void }) {
  // Its own session read: while the check is pending it shows nothing, and only it changes after.
  const { data: viewer } = useCurrentUser();
  if (viewer === undefined) return null;
  if (viewer === null) {
    return (
      <Button variant="outline" onClick={() => firePageEvent(PAGE_EVENTS.openLogin)}>
        Sign in to write a review
      </Button>
    );
  }
  return (
    <Button variant={myReview ? 'outline' : 'brand'} onClick={onWrite}>
      <PencilLine aria-hidden="true" />
      {myReview ? 'Edit your review' : 'Write a review'}
    </Button>
  );
}
