import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '#client/components/ui/toast-store.ts';
import { ApiError } from '#client/lib/http.ts';

/**
 * SPEC §8 error toasts of the profile forms, and the same pattern for the edits the spec does not
 * list. The toast says what failed; the reason (a field message) goes beside the field.
 */
const FAILURES = {
  profile: ['Error updating profile', 'There was an error updating your profile. Please try again.'],
  roles: ['Error saving roles', 'There was an error saving your roles. Please try again.'],
  addExperience: ['Error adding experience', 'There was an error adding your experience. Please try again.'],
  editExperience: [
    'Error updating experience',
    'There was an error updating your experience. Please try again.',
  ],
  deleteExperience: [
    'Error deleting experience',
    'There was an error deleting your experience. Please try again.',
  ],
  addCredential: ['Error adding credential', 'There was an error adding your credential. Please try again.'],
  editCredential: [
    'Error updating credential',
    'There was an error updating your credential. Please try again.',
  ],
  deleteCredential: [
    'Error deleting credential',
    'There was an error deleting your credential. Please try again.',
  ],
  tags: ['Error adding tags', 'There was an error adding your tags. Please try again.'],
  removeTag: ['Error removing tag', 'There was an error removing your tag. Please try again.'],
  portfolio: ['Error updating portfolio', 'There was an error updating your portfolio. Please try again.'],
  reorder: ['Error saving order', 'There was an error saving the new order. Please try again.'],
} as const;

export type EditFailure = keyof typeof FAILURES;

export function toastFailure(kind: EditFailure): void {
  const [title, description] = FAILURES[kind];
  toast({ title, description, variant: 'destructive' });
}

export function toastSuccess(title: string, description?: string): void {
  toast(description ? { title, description } : { title });
}

/**
 * Puts the server's per-field messages (SPEC §5, checked again on the server) under their fields.
 * Answers whether any field took one.
 */
export function showFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): boolean {
  const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
  let placed = false;
  for (const name of fieldNames) {
    const message = fields[name];
    if (!message) continue;
    setError(name, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}

/**
 * The callbacks of an editor's save (add or edit): on success a toast and `onDone`; on failure
 * the server's field messages beside their fields and the failure toast.
 */
export function saveCallbacks<T extends FieldValues>(options: {
  success: string;
  failure: EditFailure;
  setError: UseFormSetError<T>;
  fields: readonly Path<T>[];
  onDone: () => void;
}) {
  return {
    onSuccess: () => {
      toastSuccess(options.success);
      options.onDone();
    },
    onError: (error: Error) => {
      showFieldErrors(error, options.setError, options.fields);
      toastFailure(options.failure);
    },
  };
}

/** The server's message in a sentence people can act on (size and type refusals of uploads). */
export function plainMessageOf(error: unknown): string | null {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.plainMessage : null;
}
