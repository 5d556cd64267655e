import { Input, Textarea, type InputProps } from '@chakra-ui/react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { FieldFrame, type FieldFrameProps } from './field-frame';
import { useField, type FieldValueOptions } from './use-field';

type FrameProps = Omit<FieldFrameProps, 'children' | 'error' | 'invalid' | 'label'>;

export interface TextFieldProps<Values extends FieldValues> extends FrameProps, FieldValueOptions {
  name: FieldPath<Values>;
  label: string;
  type?: 'text' | 'email' | 'url' | 'tel' | 'date' | 'time' | 'number';
  placeholder?: string;
  autoComplete?: string;
  /** A textarea of this many rows. */
  rows?: number;
  /** Ids, codes and prefixes are set in monospace. */
  mono?: boolean;
  /** Shown in capitals as typed (a prefix the form upper-cases). */
  uppercase?: boolean;
  readOnly?: boolean;
  autoFocus?: boolean;
  maxLength?: number;
  /** A number input's bounds and step. */
  min?: number;
  max?: number;
  step?: number | 'any';
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
  uppercase = false,
  readOnly,
  autoFocus,
  maxLength,
  min,
  max,
  step,
  setValueAs,
  onValueChange,
  required,
  ...frame
}: TextFieldProps<Values>) {
  const field = useField<Values>(name, label, required, { setValueAs, onValueChange });
  const input = {
    placeholder,
    autoComplete,
    readOnly,
    autoFocus,
    maxLength,
    min,
    max,
    step,
    fontFamily: mono ? 'mono' : undefined,
    textTransform: uppercase ? 'uppercase' : undefined,
    ...field.register(),
  };
  return (
    <FieldFrame {...field.frame} {...frame}>
      {rows === undefined ? <Input type={type} {...input} /> : <Textarea rows={rows} {...input} />}
    </FieldFrame>
  );
}

export interface InputFieldProps extends Omit<InputProps, 'value' | 'onChange' | 'size'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The small input and label of a row card. */
  compact?: boolean;
  helper?: string;
  error?: string;
}

/** A labelled text input held in the caller's state (a row card's field), not in a form. */
export function InputField({
  label,
  value,
  onChange,
  compact = false,
  helper,
  error,
  gridColumn,
  ...input
}: InputFieldProps) {
  return (
    <FieldFrame
      label={label}
      compact={compact}
      helper={helper}
      error={error}
      gridColumn={gridColumn}
    >
      <Input
        size={compact ? 'sm' : undefined}
        {...input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldFrame>
  );
}
