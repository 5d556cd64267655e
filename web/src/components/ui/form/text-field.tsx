import { Input, Textarea, type InputProps } from '@chakra-ui/react';
import type { FieldValues } from 'react-hook-form';
import { FieldFrame } from './field-frame';
import { useField, type BoundFieldProps, type FieldValueOptions } from './use-field';

/** What a text field hands to its input element; the rest of its props go to its frame. */
interface InputAttributes {
  placeholder?: string;
  autoComplete?: string;
  readOnly?: boolean;
  autoFocus?: boolean;
  maxLength?: number;
  /** A number input's bounds and step. */
  min?: number;
  max?: number;
  step?: number | 'any';
}

const INPUT_ATTRIBUTES: ReadonlySet<string> = new Set<keyof InputAttributes>([
  'placeholder',
  'autoComplete',
  'readOnly',
  'autoFocus',
  'maxLength',
  'min',
  'max',
  'step',
]);

/** A field's props parted into its input's attributes and its frame's props. */
function partInputAttributes<Props extends InputAttributes>(
  props: Props,
): [InputAttributes, Omit<Props, keyof InputAttributes>] {
  const input: Record<string, unknown> = {};
  const frame: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    (INPUT_ATTRIBUTES.has(key) ? input : frame)[key] = value;
  }
  return [input, frame as Omit<Props, keyof InputAttributes>];
}

export interface TextFieldProps<Values extends FieldValues>
  extends BoundFieldProps<Values>, FieldValueOptions, InputAttributes {
  type?: 'text' | 'email' | 'url' | 'tel' | 'date' | 'time' | 'number';
  /** A textarea of this many rows. */
  rows?: number;
  /** Ids, codes and prefixes are set in monospace. */
  mono?: boolean;
  /** Shown in capitals as typed (a prefix the form upper-cases). */
  uppercase?: boolean;
}

/** A text input (or textarea) bound to the form field `name`. */
export function TextField<Values extends FieldValues = FieldValues>({
  type = 'text',
  rows,
  mono = false,
  uppercase = false,
  setValueAs,
  onValueChange,
  ...props
}: TextFieldProps<Values>) {
  const [attributes, bound] = partInputAttributes(props);
  const field = useField<Values>(bound, { setValueAs, onValueChange });
  const input = {
    ...attributes,
    fontFamily: mono ? 'mono' : undefined,
    textTransform: uppercase ? 'uppercase' : undefined,
    ...field.register(),
  };
  return (
    <FieldFrame {...field.frame}>
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
