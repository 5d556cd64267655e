import { Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { VOID_REASON_MAX } from '@shared/sync/held-breaches';
import { FormDialog } from '@/components/form-dialog/form-dialog';

export interface ReasonDialogProps {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** A void needs a reason; a release may give one. */
  reasonRequired: boolean;
  destructive?: boolean;
  /** The server's refusal, shown under the field. */
  error?: string;
  isPending?: boolean;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}

/**
 * Confirms a staff action on a held breach and asks why (the reason is recorded with who and when).
 * Mount it when it should show.
 */
export function ReasonDialog({
  title,
  message,
  confirmLabel,
  reasonRequired,
  destructive = false,
  error,
  isPending = false,
  onSubmit,
  onClose,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    const problem = reasonRequired && trimmed === '' ? 'Please give a reason' : undefined;
    setRefusal(problem);
    if (problem === undefined) onSubmit(trimmed);
  };
  const shown = refusal ?? error;

  return (
    <FormDialog
      title={title}
      confirmLabel={confirmLabel}
      destructive={destructive}
      alert
      isPending={isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack gap="4">
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        <Field.Root invalid={shown !== undefined} required={reasonRequired}>
          <Field.Label>
            Reason
            {reasonRequired ? <Field.RequiredIndicator /> : ' (optional)'}
          </Field.Label>
          <Textarea
            value={reason}
            maxLength={VOID_REASON_MAX}
            onChange={(event) => setReason(event.target.value)}
            disabled={isPending}
            rows={3}
          />
          {shown !== undefined && <Field.ErrorText>{shown}</Field.ErrorText>}
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}
