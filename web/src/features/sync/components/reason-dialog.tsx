import { Text } from '@chakra-ui/react';
import { useEffect, useMemo, type ComponentProps, type ReactNode } from 'react';
import * as z from 'zod';
import { VOID_REASON_MAX } from '@shared/sync/held-breaches';
import { FormDialog, TextField } from '@/components/ui/form';
import { useSchemaForm } from '@/lib/form-schema';

export interface ReasonDialogProps extends Pick<
  ComponentProps<typeof FormDialog>,
  'title' | 'confirmLabel' | 'destructive' | 'isPending' | 'onClose'
> {
  message: ReactNode;
  /** A void needs a reason; a release may give one. */
  reasonRequired: boolean;
  /** The server's refusal, shown under the field. */
  error?: string;
  onSubmit: (reason: string) => void;
}

const reasonSchema = (required: boolean) =>
  z.object({
    reason: required
      ? z.string().trim().min(1, { error: 'Please give a reason' })
      : z.string().trim(),
  });

type ReasonValues = { reason: string };

/**
 * Confirms a staff action on a held breach and asks why (the reason is recorded with who and when).
 * Mount it when it should show.
 */
export function ReasonDialog({
  message,
  reasonRequired,
  error,
  onSubmit,
  ...dialog
}: ReasonDialogProps) {
  const schema = useMemo(() => reasonSchema(reasonRequired), [reasonRequired]);
  const form = useSchemaForm<ReasonValues, ReasonValues>(schema, {
    defaultValues: { reason: '' },
  });
  // The server's refusal arrives from the caller's call: it is said under the field it is about.
  const { setError } = form;
  useEffect(() => {
    if (error !== undefined) setError('reason', { message: error });
  }, [error, setError]);

  return (
    <FormDialog {...dialog} alert form={form} onValid={(values) => onSubmit(values.reason)}>
      {typeof message === 'string' ? <Text>{message}</Text> : message}
      <TextField<ReasonValues>
        name="reason"
        label={reasonRequired ? 'Reason' : 'Reason (optional)'}
        rows={3}
        maxLength={VOID_REASON_MAX}
      />
    </FormDialog>
  );
}
