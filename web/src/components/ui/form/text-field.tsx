import { Input, Textarea } from '@chakra-ui/react';
import type { FieldPath, FieldValues, RegisterOptions } from 'react-hook-form';
import { FieldFrame, type FieldFrameProps } from './field-frame';
import { useField } from './use-field';

type FrameProps = Omit<FieldFrameProps, 'children' | 'error' | 'invalid' | 'label'>;

export interface TextFieldProps<Values extends FieldValues> extends FrameProps {
  name: FieldPath<Values>;
  label: string;
  type?: 'text' | 'email' | 'url' | 'tel' | 'date' | 'time';
  placeholder?: string;
  autoComplete?: string;
  /** A textarea of this many rows. */
  rows?: number;
  /** Ids, codes and prefixes are set in monospace. */
  mono?: boolean;
  readOnly?: boolean;
  autoFocus?: boolean;
  maxLength?: number;
  /** What the form keeps of the text (upper-cased, blank as none). */
  setValueAs?: (text: string) => unknown;
  /** Told of every change, after the form took it. */
  onValueChange?: (text: string) => void;
}

/** A text input (or textarea) bound to the form field `name`. */
export function TextField<Values extends FieldValues = FieldValues>({
  name,
  label,
  type = 'text',
  placeholder,
  autoComplete,
  rows,
  mono = false,
  readOnly,
  autoFocus,
  maxLength,
  setValueAs,
  onValueChange,
  required,
  ...frame
}: TextFieldProps<Values>) {
  const field = useField<Values>(name, required);
  const options: RegisterOptions<Values> = {
    ...(setValueAs && { setValueAs }),
    ...(onValueChange && {
      onChange: (event: { target: { value: string } }) => onValueChange(event.target.value),
    }),
  };
  const input = {
    placeholder,
    autoComplete,
    readOnly,
    autoFocus,
    maxLength,
    fontFamily: mono ? 'mono' : undefined,
    ...field.form.register(name, options),
  };
  return (
    <FieldFrame
      label={label}
      required={field.required}
      error={field.error}
      invalid={field.invalid}
      {...frame}
    >
      {rows === undefined ? <Input type={type} {...input} /> : <Textarea rows={rows} {...input} />}
    </FieldFrame>
  );
}
