import { Group, IconButton, Input, type InputProps } from '@chakra-ui/react';
import { forwardRef, useState } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { LuEye, LuEyeOff } from 'react-icons/lu';
import { FieldFrame, type FieldFrameProps } from './field-frame';
import { useField } from './use-field';

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

type FrameProps = Omit<FieldFrameProps, 'children' | 'error' | 'invalid' | 'label'>;

export interface PasswordFieldProps<Values extends FieldValues> extends FrameProps {
  name: FieldPath<Values>;
  label: string;
  /** `current-password` on a sign-in form, `new-password` where one is chosen. */
  autoComplete?: string;
}

/** A password bound to the form field `name`, masked until its eye button shows it. */
export function PasswordField<Values extends FieldValues = FieldValues>({
  name,
  label,
  autoComplete,
  required,
  ...frame
}: PasswordFieldProps<Values>) {
  const field = useField<Values>(name, label, required);
  return (
    <FieldFrame {...field.frame} {...frame}>
      <PasswordInput
        label={label.toLowerCase()}
        autoComplete={autoComplete}
        {...field.register()}
      />
    </FieldFrame>
  );
}
