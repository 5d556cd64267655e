import { Input } from '@chakra-ui/react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { FieldFrame, type FieldFrameProps } from './field-frame';
import { useField } from './use-field';

type FrameProps = Omit<FieldFrameProps, 'children' | 'error' | 'invalid' | 'label'>;

export interface NumberFieldProps<Values extends FieldValues> extends FrameProps {
  name: FieldPath<Values>;
  label: string;
  min?: number;
  max?: number;
  step?: number | 'any';
  placeholder?: string;
  readOnly?: boolean;
  /**
   * What an empty input gives the form: none by default; `NaN` where the schema should name the
   * field ('must be greater than 0'); a number where blank means that number.
   */
  empty?: number;
  /** The form holds the text as typed and its schema converts it (the firm form). */
  keepText?: boolean;
}

/** The number an input's text stands for; `empty` for a blank input (a stray letter is NaN). */
export function numberOfText(text: string, empty?: number): number | undefined {
  return text.trim() === '' ? empty : Number(text);
}

/** A number input bound to the form field `name`; the form holds a number, not the input's text. */
export function NumberField<Values extends FieldValues = FieldValues>({
  name,
  label,
  min,
  max,
  step,
  placeholder,
  readOnly,
  empty,
  keepText = false,
  required,
  ...frame
}: NumberFieldProps<Values>) {
  const field = useField<Values>(name, label, required);
  const registered = field.form.register(
    name,
    keepText ? {} : { setValueAs: (value: unknown) => numberOfText(String(value ?? ''), empty) },
  );
  return (
    <FieldFrame {...field.frame} {...frame}>
      <Input
        type="number"
        min={min}
        max={max}
        step={step}
        placeholder={placeholder}
        readOnly={readOnly}
        {...registered}
      />
    </FieldFrame>
  );
}
