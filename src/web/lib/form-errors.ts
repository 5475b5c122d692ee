import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';
import { toast } from './toast';

/**
 * Puts the server's field issues under the matching form fields; anything else (a network
 * failure, a conflict) goes to a toast, so no failure is silent and nothing typed is lost.
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) {
  if (error instanceof ApiError && error.issues.length > 0) {
    let placed = false;
    for (const issue of error.issues) {
      const field = fields.find((f) => f === issue.path);
      if (field) {
        setError(field, { type: 'server', message: issue.message });
        placed = true;
      }
    }
    if (placed) return;
  }
  toast.error(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
}
