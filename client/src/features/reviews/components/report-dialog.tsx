import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { TextareaField } from '#client/components/ui/textarea.tsx';
import { ApiError } from '#client/lib/http.ts';
import { LIMITS } from '#common/limits';
import { type Review, reportReviewRequest } from '#common/schemas/reviews';
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
  const form = useForm({ resolver: zodResolver(reportReviewRequest), defaultValues: { reason: '' } });
  const reason = useWatch({ control: form.control, name: 'reason' }) ?? '';
  const submit = form.handleSubmit(({ reason }) =>
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
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <TextareaField
        label="Reason"
        rows={4}
        placeholder="e.g. The reviewer never worked on this production."
        maxLength={LIMITS.reportReasonMax}
        length={reason.length}
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={report.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={report.isPending}>
          {report.isPending ? 'Sending...' : 'Send report'}
        </Button>
      </div>
    </form>
  );
}
