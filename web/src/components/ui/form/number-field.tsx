import type { FieldValues } from 'react-hook-form';
import { TextField, type TextFieldProps } from './text-field';

export interface NumberFieldProps<Values extends FieldValues> extends Omit<
  TextFieldProps<Values>,
  'type' | 'rows' | 'setValueAs' | 'uppercase' | 'maxLength'
> {
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
  empty,
  keepText = false,
  ...field
}: NumberFieldProps<Values>) {
  return (
    <TextField<Values>
      type="number"
      setValueAs={
        keepText ? undefined : (value: unknown) => numberOfText(String(value ?? ''), empty)
      }
      {...field}
    />
  );
}
