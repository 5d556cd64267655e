import { Input, Textarea, type InputProps } from '@chakra-ui/react';
import { useState } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { FieldFrame } from './field-frame';
import { useField, type BoundFieldProps } from './use-field';

export interface ListTextInputProps extends Omit<
  InputProps,
  'value' | 'onChange' | 'defaultValue'
> {
  value: readonly string[];
  onChange: (list: string[]) => void;
  /** The list the text stands for (split, trimmed, blanks dropped). */
  parse: (text: string) => string[];
  /** How a list is written out: ', ' or a new line. */
  separator: string;
  /** What is kept of the typed text (upper-cased symbols). */
  format?: (text: string) => string;
  /** A textarea of this many rows. */
  rows?: number;
}

/**
 * A list typed freely as text: the field keeps the text as typed (a trailing comma or space
 * included) while the list follows it; re-joining the list on every keystroke would swallow each
 * separator as it is typed. A list replaced from outside (a template, a reset) shows as its own text.
 */
export function ListTextInput({
  value,
  onChange,
  parse,
  separator,
  format = (text) => text,
  rows,
  ...inputProps
}: ListTextInputProps) {
  const [text, setText] = useState(() => value.join(separator));
  const shown = parse(text).join('\n') === value.join('\n') ? text : value.join(separator);
  const change = (next: string) => {
    setText(format(next));
    onChange(parse(next));
  };
  return rows === undefined ? (
    <Input {...inputProps} value={shown} onChange={(event) => change(event.target.value)} />
  ) : (
    <Textarea rows={rows} value={shown} onChange={(event) => change(event.target.value)} />
  );
}

export interface ListTextFieldProps<Values extends FieldValues>
  extends
    BoundFieldProps<Values>,
    Pick<ListTextInputProps, 'parse' | 'separator' | 'format' | 'rows' | 'placeholder'> {}

/** A list form field (tags, examples) typed as text; see ListTextInput. */
export function ListTextField<Values extends FieldValues = FieldValues>({
  parse,
  separator,
  format,
  rows,
  placeholder,
  ...props
}: ListTextFieldProps<Values>) {
  const field = useField<Values>(props);
  const { field: list } = useController<Values>({ control: field.form.control, name: field.name });
  return (
    <FieldFrame {...field.frame}>
      <ListTextInput
        {...{ parse, separator, format, rows, placeholder }}
        value={(list.value as string[] | undefined) ?? []}
        onChange={list.onChange}
        onBlur={list.onBlur}
      />
    </FieldFrame>
  );
}
