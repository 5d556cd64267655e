import { useContext, type ChangeEvent } from 'react';
import {
  useFormContext,
  useFormState,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
} from 'react-hook-form';
import { errorAt } from '@/lib/form-schema';
import type { FieldFrameProps } from './field-frame';
import { FormKitContext, useRequired } from './form-context';

/** What a field's input gives its form: a converted value, and who is told of each change. */
export interface FieldValueOptions {
  /** What the form keeps of the input's value (a number, upper-cased, blank as none). */
  setValueAs?: (value: string) => unknown;
  /** Told of every change, after the form took it (to fill fields that follow from it). */
  onValueChange?: (value: string) => void;
}

/** The props every bound field takes: the form field it holds, its label, and its frame's. */
export interface BoundFieldProps<Values extends FieldValues> extends Omit<
  FieldFrameProps,
  'children' | 'error' | 'invalid' | 'label'
> {
  name: FieldPath<Values>;
  label: string;
}

/**
 * What a bound field needs from its form: the form itself, its frame (label, required mark, message
 * and the frame props the field was given), and its input's registration under `name` (for a native
 * input; a list or a checkbox is controlled).
 */
export function useField<Values extends FieldValues>(
  { name, label, required, ...frame }: BoundFieldProps<Values>,
  { setValueAs, onValueChange }: FieldValueOptions = {},
) {
  const form = useFormContext<Values>();
  const { errors } = useFormState<Values>({ control: form.control, name });
  const { showsUnderField } = useContext(FormKitContext);
  const message = errorAt(errors, name);
  const options: RegisterOptions<Values> = {
    ...(setValueAs && { setValueAs }),
    ...(onValueChange && {
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
        onValueChange(event.target.value),
    }),
  };
  return {
    form,
    name,
    /** Registers the native input: its name, ref, change and blur. */
    register: () => form.register(name, options),
    /** The FieldFrame's props: label, required mark, message and the field's own. */
    frame: {
      ...frame,
      label,
      required: useRequired(name, required),
      invalid: message !== undefined,
      error: message !== undefined && showsUnderField(message) ? message : undefined,
    },
  };
}
