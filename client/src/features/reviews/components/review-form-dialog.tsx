import { zodResolver } from '@hookform/resolvers/zod';
import type { QueryKey } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { FieldError, FormAlert, TextField } from '#client/components/ui/form-field.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { TextareaField } from '#client/components/ui/textarea.tsx';
import { groupByCategory, useRoles } from '#client/features/roles/api.ts';
import { ApiError } from '#client/lib/http.ts';
import { LIMITS } from '#common/limits';
import { ROLE_CATEGORY_LABELS } from '#common/roles';
import { createReviewRequest, type Review } from '#common/schemas/reviews';
import { useCreateReview, useUpdateReview } from '../api.ts';
import { reviewToasts } from './review-feedback.ts';
import { StarInput } from './star-input.tsx';

const FIELDS = ['rating', 'text', 'projectName', 'roleId'] as const;

export interface ReviewSubject {
  id: number;
  name: string;
  /** Their own roles, offered first in the role list. */
  roles: { id: number; name: string }[];
  /** The query that shows their rating (their profile): a review written, edited or deleted refreshes it. */
  ratingQueryKey: QueryKey;
}

/**
 * Write a review of `subject`, or edit `review` (the viewer's own). The rules and messages are the
 * shared schema's, so the dialog refuses what the server would; what only the server can know (a
 * review already written, an account too new, the daily cap) comes back as its message above the
 * buttons, and "already reviewed" offers to edit that review instead.
 */
export function ReviewFormDialog({
  subject,
  review,
  open,
  onOpenChange,
  onEditExisting,
}: {
  subject: ReviewSubject;
  review: Review | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Switches the dialog to the viewer's existing review after the server said there is one. */
  onEditExisting: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={review ? 'Edit your review' : `Review ${subject.name}`}
      description={
        review
          ? 'Change your rating or what you wrote. The review will be marked as edited.'
          : `How was it to work with ${subject.name}? Be specific: the production, the job and how it went.`
      }
      className="max-w-lg"
    >
      {open ? (
        <ReviewForm
          key={review?.id ?? 'new'}
          subject={subject}
          review={review}
          onDone={() => onOpenChange(false)}
          onEditExisting={onEditExisting}
        />
      ) : null}
    </Dialog>
  );
}

function ReviewForm({
  subject,
  review,
  onDone,
  onEditExisting,
}: {
  subject: ReviewSubject;
  review: Review | null;
  onDone: () => void;
  onEditExisting: () => void;
}) {
  const create = useCreateReview(subject.id, subject.ratingQueryKey);
  const update = useUpdateReview(subject.id, subject.ratingQueryKey);
  const saving = create.isPending || update.isPending;
  const [refusal, setRefusal] = useState<{ message: string; duplicate: boolean } | null>(null);
  const form = useForm({
    resolver: zodResolver(createReviewRequest),
    // Focus goes to the first invalid field in the order they are shown (see below), not in the
    // order they were registered, which puts the stars after the text.
    shouldFocusError: false,
    defaultValues: {
      rating: review?.rating,
      text: review?.text ?? '',
      projectName: review?.projectName ?? '',
      roleId: review?.role?.id ?? null,
    },
  });
  const { errors } = form.formState;
  const text = useWatch({ control: form.control, name: 'text' }) ?? '';
  const focusFirstError = (invalid: Partial<Record<(typeof FIELDS)[number], unknown>>) => {
    const first = FIELDS.find((name) => invalid[name]);
    if (first) form.setFocus(first);
  };

  const submit = form.handleSubmit((body) => {
    setRefusal(null);
    const callbacks = {
      onSuccess: () => {
        if (review) reviewToasts.updated();
        else reviewToasts.published();
        onDone();
      },
      onError: (error: Error) => {
        const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
        let placed = false;
        for (const name of FIELDS) {
          const message = fields[name];
          if (!message) continue;
          form.setError(name, { type: 'server', message }, { shouldFocus: !placed });
          placed = true;
        }
        if (placed) return;
        setRefusal({
          message: error instanceof ApiError ? error.plainMessage : error.message,
          duplicate: error instanceof ApiError && error.status === 409,
        });
      },
    };
    if (review) update.mutate({ id: review.id, ...body }, callbacks);
    else create.mutate(body, callbacks);
  }, focusFirstError);

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <Controller
        control={form.control}
        name="rating"
        render={({ field, fieldState }) => (
          <StarInput
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            inputRef={field.ref}
          />
        )}
      />
      <TextareaField
        label="Your review"
        rows={6}
        hint={`At least ${LIMITS.reviewTextMin} characters.`}
        maxLength={LIMITS.reviewTextMax}
        length={text.length}
        error={errors.text?.message}
        {...form.register('text')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Project (optional)"
          placeholder="The film, series or commercial"
          error={errors.projectName?.message}
          {...form.register('projectName')}
        />
        <Controller
          control={form.control}
          name="roleId"
          render={({ field, fieldState }) => (
            <RoleSelect
              subject={subject}
              value={field.value ?? null}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      </div>
      {refusal ? (
        <div className="flex flex-col gap-2">
          <FormAlert message={refusal.message} />
          {refusal.duplicate ? (
            <Button type="button" variant="outline" size="sm" className="self-start" onClick={onEditExisting}>
              Edit your review
            </Button>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : review ? 'Save changes' : 'Publish review'}
        </Button>
      </div>
    </form>
  );
}

/** The catalogue as a native select: the person's own roles first, then every role by category. */
function RoleSelect({
  subject,
  value,
  onChange,
  onBlur,
  error,
}: {
  subject: ReviewSubject;
  value: number | null;
  onChange: (value: number | null) => void;
  onBlur: () => void;
  error?: string | undefined;
}) {
  const id = useId();
  const roles = useRoles();
  const own = new Set(subject.roles.map((role) => role.id));
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Their role (optional)</Label>
      <select
        id={id}
        value={value === null ? '' : String(value)}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
        onBlur={onBlur}
        disabled={roles.isPending}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="h-10 w-full rounded-lg border border-border bg-background px-3 text-sm text-foreground shadow-sm focus:border-ring disabled:opacity-60 aria-[invalid=true]:border-red-500 dark:aria-[invalid=true]:border-red-400"
      >
        <option value="">{roles.isPending ? 'Loading roles...' : 'Not specified'}</option>
        {subject.roles.length > 0 ? (
          <optgroup label={`${subject.name}'s roles`}>
            {subject.roles.map((role) => (
              <option key={role.id} value={role.id}>
                {role.name}
              </option>
            ))}
          </optgroup>
        ) : null}
        {roles.data
          ? groupByCategory(roles.data).map(({ category, roles: group }) => (
              <optgroup key={category} label={ROLE_CATEGORY_LABELS[category]}>
                {group
                  .filter((role) => !own.has(role.id))
                  .map((role) => (
                    <option key={role.id} value={role.id}>
                      {role.name}
                    </option>
                  ))}
              </optgroup>
            ))
          : null}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
