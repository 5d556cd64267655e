import { Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { VOID_REASON_MAX } from '@shared/sync/held-breaches';
import { FormDialog, TextField } from '@/components/ui/form';

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
  const schema = useMemo(() => reasonSchema(reasonRequired), [reasonRequired]);
  const form = useForm<ReasonValues>({
    resolver: zodResolver(schema),
    defaultValues: { reason: '' },
  });
  // The server's refusal arrives from the caller's call: it is said under the field it is about.
  const { setError } = form;
  useEffect(() => {
    if (error !== undefined) setError('reason', { message: error });
  }, [error, setError]);

  return (
    <FormDialog
      title={title}
      confirmLabel={confirmLabel}
      destructive={destructive}
      alert
      isPending={isPending}
      form={form}
      schema={schema}
      onValid={(values) => onSubmit(values.reason)}
      onClose={onClose}
    >
      <Stack gap="4">
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        <TextField<ReasonValues>
          name="reason"
          label={reasonRequired ? 'Reason' : 'Reason (optional)'}
          rows={3}
          maxLength={VOID_REASON_MAX}
          disabled={isPending}
        />
      </Stack>
    </FormDialog>
  );
}
