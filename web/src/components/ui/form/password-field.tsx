import { Group, IconButton, Input, type InputProps } from '@chakra-ui/react';
import { forwardRef, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { LuEye, LuEyeOff } from 'react-icons/lu';
import { FieldFrame } from './field-frame';
import { useField, type BoundFieldProps } from './use-field';

/**
 * A password input masked by default, with a show/hide toggle (spec 001 §2.21) named after
 * `label` ('Show password').
 */
export const PasswordInput = forwardRef<HTMLInputElement, InputProps & { label: string }>(
  function PasswordInput({ label, ...props }, ref) {
    const [visible, setVisible] = useState(false);
    return (
      <Group attached w="full">
        <Input ref={ref} type={visible ? 'text' : 'password'} autoComplete="off" {...props} />
        <IconButton
          variant="outline"
          aria-label={visible ? `Hide ${label}` : `Show ${label}`}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <LuEyeOff /> : <LuEye />}
        </IconButton>
      </Group>
    );
  },
);

export interface PasswordFieldProps<Values extends FieldValues> extends BoundFieldProps<Values> {
  /** `current-password` on a sign-in form, `new-password` where one is chosen. */
  autoComplete?: string;
}

/** A password bound to the form field `name`, masked until its eye button shows it. */
export function PasswordField<Values extends FieldValues = FieldValues>({
  autoComplete,
  ...props
}: PasswordFieldProps<Values>) {
  const field = useField<Values>(props);
  return (
    <FieldFrame {...field.frame}>
      <PasswordInput
        label={props.label.toLowerCase()}
        autoComplete={autoComplete}
        {...field.register()}
      />
    </FieldFrame>
  );
}
