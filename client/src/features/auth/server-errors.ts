import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '#client/lib/http.ts';
import { errorText } from './api.ts';

/**
 * Puts a failed request on the form: the server's per-field messages under their fields, anything
 * else as the form's own error (read back from `errors.root.server`).
 */
export function showServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): void {
  const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
  let placed = false;
  for (const name of fieldNames) {
    const message = fields[name];
    if (!message) continue;
    setError(name, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  if (!placed)
    setError('root.server', { type: 'server', message: errorText(error, 'An unexpected error occurred.') });
}
