import { Checkbox, type CheckboxRootProps } from '@chakra-ui/react';
import { Controller, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { useDisabled } from './form-context';

export interface CheckboxInputProps extends Omit<
  CheckboxRootProps,
  'checked' | 'onCheckedChange' | 'onChange' | 'children'
> {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
}

/** A labelled checkbox held in the caller's state (a row card's flag, a rule parameter). */
export function CheckboxInput({
  label,
  checked,
  onChange,
  onBlur,
  disabled,
  ...root
}: CheckboxInputProps) {
  return (
    <Checkbox.Root
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked === true)}
      disabled={useDisabled(disabled)}
      {...root}
    >
      <Checkbox.HiddenInput onBlur={onBlur} />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

export interface CheckboxFieldProps<Values extends FieldValues> extends Omit<
  CheckboxInputProps,
  'checked' | 'onChange' | 'onBlur'
> {
  name: FieldPath<Values>;
  /** A field the form has no value for shows ticked (a rule reference is enabled unless it says not). */
  unsetIsChecked?: boolean;
}

/** A checkbox bound to the boolean form field `name`. */
export function CheckboxField<Values extends FieldValues = FieldValues>({
  name,
  unsetIsChecked = false,
  ...input
}: CheckboxFieldProps<Values>) {
  const { control } = useFormContext<Values>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <CheckboxInput
          {...input}
          checked={field.value === true || (unsetIsChecked && field.value === undefined)}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
