import { Field, type FieldRootProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useDisabled } from './form-context';

export interface FieldFrameProps extends Omit<FieldRootProps, 'children' | 'invalid' | 'required'> {
  label: ReactNode;
  required?: boolean;
  helper?: ReactNode;
  /** The message shown under the field; the field is marked invalid with it. */
  error?: string;
  /** Marked invalid without a message under it (the form says why elsewhere). */
  invalid?: boolean;
  /** Smaller label, for the fields of a row card. */
  compact?: boolean;
  children: ReactNode;
}

/**
 * The frame of every field: its label with the required mark, the input, a helper line and the
 * error message. The mark is drawn by CSS, so it stays out of the label's text and accessible name
 * (`Rule Name`, not `Rule Name *`); the input's `required` state is what assistive technology reads.
 * A field is disabled while its form's call runs, as well as when it says so itself.
 */
export function FieldFrame({
  label,
  required = false,
  helper,
  error,
  invalid = false,
  compact = false,
  disabled,
  children,
  ...root
}: FieldFrameProps) {
  const off = useDisabled(disabled);
  return (
    <Field.Root
      required={required}
      invalid={invalid || error !== undefined}
      disabled={off}
      {...root}
    >
      <Field.Label fontSize={compact ? 'xs' : undefined}>
        {label}
        <Field.RequiredIndicator _after={{ content: '"*"' }}>{null}</Field.RequiredIndicator>
      </Field.Label>
      {children}
      {helper !== undefined && <Field.HelperText>{helper}</Field.HelperText>}
      {error !== undefined && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
