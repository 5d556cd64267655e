import { Field, Input } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '../form-dialog/form-dialog';

export interface PromptDialogProps {
  title: string;
  label: string;
  initialValue: string;
  confirmLabel: string;
  /** Checks the typed value; a message refuses it. */
  validate?: (value: string) => string | undefined;
  /** Shown under the field: a refusal from the server, for instance. */
  error?: string;
  isPending?: boolean;
  onSubmit: (value: string) => void;
  onClose: () => void;
}

/**
 * Asks for one value in a dialog (spec 001 §2.1's copy prompt), never `window.prompt`. Mount it when
 * it should show: it opens with `initialValue` each time.
 */
export function PromptDialog({
  title,
  label,
  initialValue,
  confirmLabel,
  validate,
  error,
  isPending = false,
  onSubmit,
  onClose,
}: PromptDialogProps) {
  const [value, setValue] = useState(initialValue);
  const [refusal, setRefusal] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validate?.(value);
    setRefusal(problem);
    if (problem === undefined) onSubmit(value);
  };
  const shown = refusal ?? error;

  return (
    <FormDialog
      title={title}
      confirmLabel={confirmLabel}
      isPending={isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field.Root invalid={shown !== undefined}>
        <Field.Label>{label}</Field.Label>
        <Input
          value={value}
          onChange={(event) => setValue(event.target.value)}
          disabled={isPending}
          autoFocus
        />
        {shown !== undefined && <Field.ErrorText>{shown}</Field.ErrorText>}
      </Field.Root>
    </FormDialog>
  );
}
