import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import type { FieldIssue } from '@shared/api/errors';
import { ApiError } from '@/lib/api-client';

/**
 * A refused save's field details (a 400's `details`) set on the fields they name, so each is marked
 * where it is; the forms' body paths are the API's. Returns the details (none for other failures).
 */
export function setServerErrors<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  error: unknown,
): FieldIssue[] {
  const details = error instanceof ApiError ? (error.details ?? []) : [];
  for (const detail of details) {
    setError(detail.field as FieldPath<Values>, { message: detail.message });
  }
  return details;
}
