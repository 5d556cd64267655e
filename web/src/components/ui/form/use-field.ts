import { useContext } from 'react';
import { useFormContext, useFormState, type FieldValues } from 'react-hook-form';
import { errorAt } from '@/lib/form-schema';
import { FormKitContext, useRequired } from './form-context';

/** What a bound field needs from its form: the form itself, its message and whether it is required. */
export function useField<Values extends FieldValues>(
  name: string,
  label: string,
  required?: boolean,
) {
  const form = useFormContext<Values>();
  const { errors } = useFormState<Values>({ control: form.control, name: name as never });
  const { showsUnderField } = useContext(FormKitContext);
  const message = errorAt(errors, name);
  return {
    form,
    /** The FieldFrame's label, required mark and message. */
    frame: {
      label,
      required: useRequired(name, required),
      invalid: message !== undefined,
      error: message !== undefined && showsUnderField(message) ? message : undefined,
    },
  };
}
