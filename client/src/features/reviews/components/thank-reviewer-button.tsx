import { Heart } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { ApiError } from '#client/lib/http.ts';
import { THANK_TOAST } from '#common/reviews';
import { useThankReview } from '../api.ts';

/**
 * Thank a reviewer from outside the reviews list (a review's notification), through the same
 * mutation as the list. A refusal the server explains (already thanked) is shown as it says it and
 * counts as done; other failures go to `onFailed`, which words them as the caller's page does.
 */
export function ThankReviewerButton({
  subjectId,
  reviewId,
  describedBy,
  onThanked,
  onFailed,
}: {
  /** The person reviewed: whose review lists the thanks makes stale. */
  subjectId: number;
  reviewId: number;
  describedBy: string;
  onThanked: () => void;
  onFailed: () => void;
}) {
  const thank = useThankReview(subjectId);
  const [thanked, setThanked] = useState(false);
  if (thanked) {
    return (
      <p className="inline-flex h-8 items-center gap-1.5 text-sm font-medium text-muted-foreground">
        <Heart aria-hidden="true" className="size-4 fill-current text-rose-500" />
        Thanked
      </p>
    );
  }
  return (
    <Button
      size="sm"
      variant="outline"
      aria-describedby={describedBy}
      disabled={thank.isPending}
      onClick={() =>
        thank.mutate(reviewId, {
          onSuccess: () => {
            toast({ title: THANK_TOAST.title, description: THANK_TOAST.description });
            setThanked(true);
            onThanked();
          },
          onError: (error) => {
            if (error instanceof ApiError && error.status === 409) {
              toast({ title: 'Error', description: error.plainMessage, variant: 'destructive' });
              setThanked(true);
              onThanked();
              return;
            }
            onFailed();
          },
        })
      }
    >
      <Heart aria-hidden="true" />
      {thank.isPending ? 'Thanking...' : 'Thank'}
    </Button>
  );
}
