import type { UseFormReturn } from 'react-hook-form';
import { setServerErrors } from '@/components/ui/form';
import { errorText } from '@/lib/api-client';
import type { ProgramFormOutput, ProgramFormValues } from './form-values';
import type { FormFailure } from './program-form';

/**
 * A refused save as the form shows it: the spec's headline with the server's text, and each field
 * the server named (a 400's details) set on that field too, so it is marked where it is.
 */
export function saveFailure(
  headline: string,
  error: unknown,
  form: UseFormReturn<ProgramFormValues, unknown, ProgramFormOutput>,
): FormFailure {
  const details = setServerErrors(form.setError, error);
  return {
    message: `${headline}: ${errorText(error)}`,
    details: [...new Set(details.map((detail) => detail.message))],
  };
}
