import { toast } from '#client/components/ui/toast-store.ts';
import { ApiError } from '#client/lib/http.ts';
import { THANK_TOAST } from '#common/reviews';

/**
 * The toasts of the review actions. Thank uses SPEC §8's texts; its failure reads like the other
 * actions SPEC §8 lists ("Error" / "Failed to complete action. Please try again."), except that a
 * refusal the server explains (already thanked, already reported) is shown as the server says it.
 */
const ACTION_FAILED = 'Failed to complete action. Please try again.';

/** The server's own sentence for a refusal (4xx), else the generic text. */
export function refusalText(error: unknown, fallback = ACTION_FAILED): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.plainMessage
    : fallback;
}

export const reviewToasts = {
  thanked: () => toast({ title: THANK_TOAST.title, description: THANK_TOAST.description }),
  thankFailed: (error: unknown) =>
    toast({ title: 'Error', description: refusalText(error), variant: 'destructive' }),
  reported: () =>
    toast({
      title: 'Review reported',
      description: 'Thank you. A moderator will look at it.',
    }),
  reportFailed: (error: unknown) =>
    toast({ title: 'Error reporting review', description: refusalText(error), variant: 'destructive' }),
  deleted: () => toast({ title: 'Review deleted', description: 'Your review has been removed.' }),
  deleteFailed: (error: unknown) =>
    toast({
      title: 'Error deleting review',
      description: refusalText(error, 'There was an error deleting your review. Please try again.'),
      variant: 'destructive',
    }),
  published: () =>
    toast({ title: 'Review published', description: 'Thank you for sharing your experience.' }),
  updated: () => toast({ title: 'Review updated' }),
};
