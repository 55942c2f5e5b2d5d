import { zodResolver } from '@hookform/resolvers/zod';
import { type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { FormAlert } from '#client/components/ui/form-field.tsx';
import { TextareaField } from '#client/components/ui/textarea.tsx';
import { LIMITS } from '#common/limits';
import { reportReviewRequest } from '#common/schemas/reviews';

export type ReportReasonForm = UseFormReturn<{ reason: string }>;

/**
 * The reason a member gives the moderators, for a review or a crew call alike (the same rule:
 * reportReviewRequest). `onSend` gets the checked reason and the form, to place a server's answer.
 */
export function ReportReasonForm({
  placeholder,
  pending,
  onSend,
  onCancel,
}: {
  placeholder: string;
  pending: boolean;
  onSend: (reason: string, form: ReportReasonForm) => void;
  onCancel: () => void;
}) {
  const form = useForm({ resolver: zodResolver(reportReviewRequest), defaultValues: { reason: '' } });
  const reason = useWatch({ control: form.control, name: 'reason' }) ?? '';
  return (
    <form
      onSubmit={form.handleSubmit(({ reason }) => onSend(reason, form))}
      noValidate
      className="flex flex-col gap-5"
    >
      <TextareaField
        label="Reason"
        rows={4}
        placeholder={placeholder}
        maxLength={LIMITS.reportReasonMax}
        length={reason.length}
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
      <FormAlert message={form.formState.errors.root?.server?.message} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Sending…' : 'Send report'}
        </Button>
      </div>
    </form>
  );
}
