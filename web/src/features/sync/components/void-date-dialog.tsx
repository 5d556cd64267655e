import { Text } from '@chakra-ui/react';
import * as z from 'zod';
import { VOID_ACCOUNTS_MAX, VOID_REASON_MAX } from '@shared/sync/held-breaches';
import { FormDialog, TextField } from '@/components/ui/form';
import { errorText } from '@/lib/api-client';
import { useSchemaForm } from '@/lib/form-schema';
import { toaster } from '@/components/ui/toaster';
import { useVoidDate } from '@/api/sync';
import { formatDate, tradingDateOfInput } from '@/lib/format';
import { accountIdsOf } from '../data-quality-format';

const voidDateSchema = z.object({
  /** `YYYY-MM-DD`, the date input's form. */
  date: z.string().refine((text) => tradingDateOfInput(text) !== undefined, {
    error: 'Please choose the date to void',
  }),
  accounts: z.string().refine((text) => accountIdsOf(text).length <= VOID_ACCOUNTS_MAX, {
    error: `At most ${VOID_ACCOUNTS_MAX} accounts at once`,
  }),
  reason: z.string().trim().min(1, { error: 'Please give a reason' }),
});

type VoidDateValues = z.input<typeof voidDateSchema>;

/**
 * "Void a date": a synced date's rows stop counting for the accounts named (every account with data
 * on it when none is named), and those accounts are re-judged without it. Mount it when it shows.
 * The server's refusal is said under the reason.
 */
export function VoidDateDialog({
  initialDate = '',
  initialAccounts = '',
  onClose,
}: {
  /** `YYYY-MM-DD`, the date input's form. */
  initialDate?: string;
  initialAccounts?: string;
  onClose: () => void;
}) {
  const voidDate = useVoidDate();
  const form = useSchemaForm<VoidDateValues, VoidDateValues>(voidDateSchema, {
    defaultValues: { date: initialDate, accounts: initialAccounts, reason: '' },
  });

  const submit = (values: VoidDateValues) => {
    const tradingDate = tradingDateOfInput(values.date);
    if (tradingDate === undefined) return;
    const accountIds = accountIdsOf(values.accounts);
    voidDate.mutate(
      {
        date: tradingDate,
        reason: values.reason.trim(),
        ...(accountIds.length > 0 && { accountIds }),
      },
      {
        onSuccess: (result) => {
          toaster.create({
            type: 'success',
            title: `${formatDate(result.date)} voided`,
            description: `${result.voided} account-date(s) voided, ${result.rejudgedAccounts} account(s) re-judged.`,
            closable: true,
          });
          onClose();
        },
        onError: (error) => form.setError('reason', { message: errorText(error) }),
      },
    );
  };

  return (
    <FormDialog
      title="Void a date"
      confirmLabel="Void date"
      destructive
      alert
      isPending={voidDate.isPending}
      form={form}
      onValid={submit}
      onClose={onClose}
    >
      <Text>
        The date&apos;s daily performance stops counting for these accounts: it no longer feeds the
        rules, the summaries or the latest data, and each account is re-judged without it. The void
        is recorded with your name and reason.
      </Text>
      <TextField<VoidDateValues> name="date" label="Trading date" type="date" />
      <TextField<VoidDateValues>
        name="accounts"
        label="Accounts (optional)"
        rows={2}
        mono
        helper="Account ids separated by commas or spaces; leave empty for every account of the date."
      />
      <TextField<VoidDateValues>
        name="reason"
        label="Reason"
        rows={3}
        maxLength={VOID_REASON_MAX}
      />
    </FormDialog>
  );
}
