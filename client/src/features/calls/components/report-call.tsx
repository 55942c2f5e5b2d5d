import { Flag } from 'lucide-react';
import { useState } from 'react';
import { ReportReasonForm } from '#client/components/report-reason-form.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { LazyDialog } from '#client/components/ui/lazy-overlays.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { showServerError } from '#client/features/auth/server-errors.ts';
import { ApiError } from '#client/lib/http.ts';
import { useReportCall } from '../api.ts';

/** "Report": sends the call to the moderators with a reason, as a review report does. */
export function ReportCall({ callId }: { callId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="self-start text-muted-foreground"
        onClick={() => setOpen(true)}
      >
        <Flag aria-hidden="true" />
        Report this call
      </Button>
      <LazyDialog
        open={open}
        onOpenChange={setOpen}
        title="Report this call"
        description="Tell the moderators what is wrong with it: a scam, abusive, or not a real job. They will read it and decide."
      >
        <ReportForm callId={callId} onDone={() => setOpen(false)} />
      </LazyDialog>
    </>
  );
}

function ReportForm({ callId, onDone }: { callId: number; onDone: () => void }) {
  const report = useReportCall(callId);
  return (
    <ReportReasonForm
      placeholder="e.g. It asks applicants to pay a fee."
      pending={report.isPending}
      onCancel={onDone}
      onSend={(reason, form) =>
        report.mutate(reason, {
          onSuccess: () => {
            toast({ title: 'Report sent', description: 'Thank you. The moderators will look at it.' });
            onDone();
          },
          onError: (error) => {
            // Already reported: nothing more to do here.
            if (error instanceof ApiError && error.status === 409) {
              toast({ title: 'Already reported', description: error.plainMessage });
              onDone();
            } else showServerError(error, form.setError, ['reason']);
          },
        })
      }
    />
  );
}
