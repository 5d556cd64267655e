import { Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { VOID_ACCOUNTS_MAX, VOID_REASON_MAX } from '@shared/sync/held-breaches';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { errorText } from '@/lib/api-client';
import { toaster } from '@/components/ui/toaster';
import { useVoidDate } from '@/api/sync';
import { formatDate, tradingDateOfInput } from '@/lib/format';
import { accountIdsOf } from '../data-quality-format';

interface Problems {
  date?: string;
  accounts?: string;
  reason?: string;
  server?: string;
}

/**
 * "Void a date": a synced date's rows stop counting for the accounts named (every account with data
 * on it when none is named), and those accounts are re-judged without it. Mount it when it shows.
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
  const [date, setDate] = useState(initialDate);
  const [accounts, setAccounts] = useState(initialAccounts);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const voidDate = useVoidDate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tradingDate = tradingDateOfInput(date);
    const accountIds = accountIdsOf(accounts);
    const found: Problems = {
      ...(tradingDate === undefined && { date: 'Please choose the date to void' }),
      ...(accountIds.length > VOID_ACCOUNTS_MAX && {
        accounts: `At most ${VOID_ACCOUNTS_MAX} accounts at once`,
      }),
      ...(reason.trim() === '' && { reason: 'Please give a reason' }),
    };
    setProblems(found);
    if (Object.keys(found).length > 0 || tradingDate === undefined) return;
    voidDate.mutate(
      {
        date: tradingDate,
        reason: reason.trim(),
        ...(accountIds.length > 0 && { accountIds }),
      },
      {
        onSuccess: (result) => {
          toaster.create({
            type: 'success',
            title: `${formatDate(result.date)} voided`,
            description: `${result.voided.length} account-date(s) voided, ${result.rejudgedAccounts} account(s) re-judged.`,
            closable: true,
          });
          onClose();
        },
        onError: (error) =>
          setProblems({
            server: errorText(error),
          }),
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
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack gap="4">
        <Text>
          The date&apos;s daily performance stops counting for these accounts: it no longer feeds
          the rules, the summaries or the latest data, and each account is re-judged without it. The
          void is recorded with your name and reason.
        </Text>
        <Field.Root invalid={problems.date !== undefined} required>
          <Field.Label>
            Trading date
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="date"
            value={date}
            onChange={(event) => setDate(event.target.value)}
            disabled={voidDate.isPending}
          />
          {problems.date && <Field.ErrorText>{problems.date}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={problems.accounts !== undefined}>
          <Field.Label>Accounts (optional)</Field.Label>
          <Textarea
            value={accounts}
            onChange={(event) => setAccounts(event.target.value)}
            disabled={voidDate.isPending}
            rows={2}
            fontFamily="mono"
          />
          <Field.HelperText>
            Account ids separated by commas or spaces; leave empty for every account of the date.
          </Field.HelperText>
          {problems.accounts && <Field.ErrorText>{problems.accounts}</Field.ErrorText>}
        </Field.Root>
        <Field.Root
          invalid={problems.reason !== undefined || problems.server !== undefined}
          required
        >
          <Field.Label>
            Reason
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            value={reason}
            maxLength={VOID_REASON_MAX}
            onChange={(event) => setReason(event.target.value)}
            disabled={voidDate.isPending}
            rows={3}
          />
          {(problems.reason ?? problems.server) && (
            <Field.ErrorText>{problems.reason ?? problems.server}</Field.ErrorText>
          )}
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}
