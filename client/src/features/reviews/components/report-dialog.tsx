import { ReportReasonForm } from '#client/components/report-reason-form.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { ApiError } from '#client/lib/http.ts';
import type { Review } from '#common/schemas/reviews';
import { useReportReview } from '../api.ts';
import { reviewToasts } from './review-feedback.ts';

/** Sends a review to the moderators with the reporter's reason; the review stays up until they act. */
export function ReportDialog({ review, onClose }: { review: Review | null; onClose: () => void }) {
  return (
    <Dialog
      open={review !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Report this review"
      description="Tell the moderators what is wrong with it: fake, abusive, or about someone else. They will read it and decide."
    >
      {review ? <ReportForm review={review} onDone={onClose} /> : null}
    </Dialog>
  );
}

function ReportForm({ review, onDone }: { review: Review; onDone: () => void }) {
  const report = useReportReview();
  return (
    <ReportReasonForm
      placeholder="e.g. The reviewer never worked on this production."
      pending={report.isPending}
      onCancel={onDone}
      onSend={(reason, form) =>
        report.mutate(
          { id: review.id, reason },
          {
            onSuccess: () => {
              reviewToasts.reported();
              onDone();
            },
            onError: (error) => {
              const message = error instanceof ApiError ? error.fields?.reason : undefined;
              if (message) form.setError('reason', { type: 'server', message }, { shouldFocus: true });
              else {
                reviewToasts.reportFailed(error);
                // Already reported: nothing more to do here.
                if (error instanceof ApiError && error.status === 409) onDone();
              }
            },
          },
        )
      }
    />
  );
}
