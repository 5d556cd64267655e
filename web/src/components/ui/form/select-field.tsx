import { NativeSelect } from '@chakra-ui/react';
import type { FieldValues } from 'react-hook-form';
import { FieldFrame } from './field-frame';
import { useDisabled } from './form-context';
import { useField, type BoundFieldProps, type FieldValueOptions } from './use-field';

/** A choice: its own text, or a value with the text shown for it. */
export type SelectOption = string | { value: string | number; label: string };

function OptionList({
  options,
  placeholder,
}: {
  options: readonly SelectOption[];
  placeholder?: string;
}) {
  return (
    <>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((option) => {
        const { value, label } =
          typeof option === 'string' ? { value: option, label: option } : option;
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
    </>
  );
}

/**
 * A native select of `options` held in the caller's state (list filters, a row card's fields),
 * after a `placeholder` empty choice if given.
 */
export function OptionsSelect({
  value,
  options,
  onChange,
  placeholder,
  size,
  disabled,
  'aria-label': ariaLabel,
}: {
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  placeholder?: string;
  size?: 'sm';
  disabled?: boolean;
  'aria-label'?: string;
}) {
  return (
    <NativeSelect.Root size={size} disabled={disabled}>
      <NativeSelect.Field
        value={value}
        aria-label={ariaLabel}
        onChange={(event) => onChange(event.target.value)}
      >
        <OptionList options={options} placeholder={placeholder} />
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export interface SelectFieldProps<Values extends FieldValues>
  extends BoundFieldProps<Values>, FieldValueOptions {
  options: readonly SelectOption[];
  /** The text of the empty first choice ('Select a category'); none when not given. */
  placeholder?: string;
  /** The text of an empty first choice that stands for no value ('The rule's own action'). */
  none?: string;
  capitalize?: boolean;
}

/** A native select bound to the form field `name`. */
export function SelectField<Values extends FieldValues = FieldValues>({
  options,
  placeholder,
  none,
  setValueAs,
  onValueChange,
  capitalize = false,
  disabled,
  ...props
}: SelectFieldProps<Values>) {
  const field = useField<Values>(props, {
    setValueAs:
      none === undefined
        ? setValueAs
        : (value) => (value === '' ? undefined : (setValueAs ?? String)(value)),
    onValueChange,
  });
  const off = useDisabled(disabled);
  return (
    <FieldFrame {...field.frame} disabled={off}>
      <NativeSelect.Root disabled={off}>
        <NativeSelect.Field
          textTransform={capitalize ? 'capitalize' : undefined}
          {...field.register()}
        >
          <OptionList options={options} placeholder={placeholder ?? none} />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldFrame>
  );
}
