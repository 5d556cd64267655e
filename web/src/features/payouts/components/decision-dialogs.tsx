import { Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { FieldValues } from 'react-hook-form';
import * as z from 'zod';
import { FIRM_TIME_ZONE } from '@shared/common/firm-time-zone';
import { PAYOUT_METHODS, payoutAmountSchema, type PayoutRecord } from '@shared/payouts/payout';
import { useDecidePayout, type PayoutDecision } from '@/api/payouts';
import { PAYOUT_METHOD_LABELS } from '@/components/payouts/payout-methods';
import {
  CheckboxField,
  FormDialog,
  NumberField,
  SelectField,
  TextField,
  setServerErrors,
} from '@/components/ui/form';
import { toaster } from '@/components/ui/toaster';
import { errorText } from '@/lib/api-client';
import { formatMoney, tradingDateOfInput } from '@/lib/format';
import { useSchemaForm, type SchemaForm } from '@/lib/form-schema';

export type DecisionKind = PayoutDecision['action'];

const NOTE_MAX = 500;
const noteSchema = z
  .string()
  .trim()
  .max(NOTE_MAX, { error: `note must be at most ${NOTE_MAX} characters` });

/** Today on the firm's clock as a date input's value (the payment date's default). */
function firmTodayInput(): string {
  // en-CA writes dates YYYY-MM-DD, as a date input holds them.
  return new Intl.DateTimeFormat('en-CA', { timeZone: FIRM_TIME_ZONE }).format(new Date());
}

function approveSchema(requested: number) {
  return z.object({
    amount: payoutAmountSchema.max(requested, {
      error: `amount cannot be more than the requested ${formatMoney(requested)}`,
    }),
    note: noteSchema,
  });
}

const rejectSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { error: 'Please give a reason' })
    .max(NOTE_MAX, { error: `reason must be at most ${NOTE_MAX} characters` }),
  profitForfeited: z.boolean(),
});

const paySchema = z.object({
  method: z.enum(PAYOUT_METHODS, { error: 'Please choose how it was paid' }),
  reference: z
    .string()
    .trim()
    .min(1, { error: 'Please give the payment reference' })
    .max(100, { error: 'reference must be at most 100 characters' }),
  date: z
    .string()
    .transform((value) => tradingDateOfInput(value) ?? '')
    .refine((value) => value !== '', { error: 'Please give the date it was paid' }),
});

type ApproveValues = { amount: number; note: string };
type RejectValues = { reason: string; profitForfeited: boolean };
type PayValues = { method: string; reference: string; date: string };

const METHOD_OPTIONS = PAYOUT_METHODS.map((method) => ({
  value: method,
  label: PAYOUT_METHOD_LABELS[method],
}));

/** Each decision's dialog title, button and the toast that says it was done. */
const DECISIONS: Record<
  DecisionKind,
  { title: string; confirmLabel: string; toast: string; destructive?: boolean }
> = {
  approve: { title: 'Approve the payout?', confirmLabel: 'Approve', toast: 'Payout approved' },
  reject: {
    title: 'Reject the payout?',
    confirmLabel: 'Reject',
    toast: 'Payout rejected',
    destructive: true,
  },
  pay: { title: 'Mark the payout paid?', confirmLabel: 'Mark paid', toast: 'Payout marked paid' },
};

/**
 * The dialog of one decision on a payout: its form, the call, and the server's refusal at the top
 * (a 409 says someone else moved the payout first; the lists are read again either way, so the row
 * behind the dialog shows where the payout now stands).
 */
function DecisionDialog<Values extends FieldValues, Output>({
  kind,
  payout,
  form,
  toDecision,
  onClose,
  children,
}: {
  kind: DecisionKind;
  payout: PayoutRecord;
  form: SchemaForm<Values, Output>;
  toDecision: (values: Output) => PayoutDecision;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const decide = useDecidePayout();
  const { toast, ...texts } = DECISIONS[kind];
  return (
    <FormDialog
      alert
      {...texts}
      form={form}
      isPending={decide.isPending}
      failure={decide.isError ? errorText(decide.error) : undefined}
      onClose={onClose}
      onValid={(values) =>
        decide.mutate(
          { payout, decision: toDecision(values) },
          {
            onSuccess: () => {
              toaster.create({
                type: 'success',
                title: toast,
                description: `${payout.accountId}: ${formatMoney(payout.approvedAmount ?? payout.requestedAmount)}`,
                closable: true,
              });
              onClose();
            },
            onError: (error) => setServerErrors(form.setError, error),
          },
        )
      }
    >
      {children}
    </FormDialog>
  );
}

/** Approve: the requested amount, or less; an optional note for the trader. */
export function ApproveDialog({ payout, onClose }: { payout: PayoutRecord; onClose: () => void }) {
  const schema = useMemo(() => approveSchema(payout.requestedAmount), [payout.requestedAmount]);
  const form = useSchemaForm<ApproveValues, z.output<typeof schema>>(schema, {
    defaultValues: { amount: payout.requestedAmount, note: '' },
  });
  return (
    <DecisionDialog
      kind="approve"
      payout={payout}
      form={form}
      onClose={onClose}
      toDecision={({ amount, note }) => ({
        action: 'approve',
        body: {
          ...(amount !== payout.requestedAmount && { amount }),
          ...(note !== '' && { note }),
        },
      })}
    >
      <Text>
        {payout.accountId} asked for {formatMoney(payout.requestedAmount)}. You may approve less,
        never more.
      </Text>
      <NumberField<ApproveValues>
        name="amount"
        label="Approved amount (USD)"
        min={0.01}
        max={payout.requestedAmount}
        step={0.01}
        empty={Number.NaN}
      />
      <TextField<ApproveValues> name="note" label="Note (optional)" rows={2} maxLength={NOTE_MAX} />
    </DecisionDialog>
  );
}

/** Reject: why (required), and whether the profit is forfeited or stays in the account. */
export function RejectDialog({ payout, onClose }: { payout: PayoutRecord; onClose: () => void }) {
  const form = useSchemaForm<RejectValues, z.output<typeof rejectSchema>>(rejectSchema, {
    defaultValues: { reason: '', profitForfeited: false },
  });
  return (
    <DecisionDialog
      kind="reject"
      payout={payout}
      form={form}
      onClose={onClose}
      toDecision={(body) => ({ action: 'reject', body })}
    >
      <Text>
        The trader is told the reason. Unless the profit is forfeited, it stays in the account and
        may be requested again.
      </Text>
      <TextField<RejectValues> name="reason" label="Reason" rows={3} maxLength={NOTE_MAX} />
      <CheckboxField<RejectValues> name="profitForfeited" label="Profit is forfeited" />
    </DecisionDialog>
  );
}

/** Mark paid: how it was paid, the payment's reference and the date. */
export function PayDialog({ payout, onClose }: { payout: PayoutRecord; onClose: () => void }) {
  const form = useSchemaForm<PayValues, z.output<typeof paySchema>>(paySchema, {
    defaultValues: { method: '', reference: '', date: firmTodayInput() },
  });
  return (
    <DecisionDialog
      kind="pay"
      payout={payout}
      form={form}
      onClose={onClose}
      toDecision={(body) => ({ action: 'pay', body })}
    >
      <Text>
        {formatMoney(payout.approvedAmount ?? payout.requestedAmount)} to the trader of{' '}
        {payout.accountId}. The payment enters the account&apos;s payout history.
      </Text>
      <SelectField<PayValues>
        name="method"
        label="Method"
        placeholder="Select a method"
        options={METHOD_OPTIONS}
      />
      <TextField<PayValues> name="reference" label="Reference" maxLength={100} />
      <TextField<PayValues> name="date" label="Date paid" type="date" />
    </DecisionDialog>
  );
}

/** The dialog of `kind` for `payout`; mount it while it should show. */
export function PayoutDecisionDialog({
  kind,
  payout,
  onClose,
}: {
  kind: DecisionKind;
  payout: PayoutRecord;
  onClose: () => void;
}) {
  if (kind === 'approve') return <ApproveDialog payout={payout} onClose={onClose} />;
  if (kind === 'reject') return <RejectDialog payout={payout} onClose={onClose} />;
  return <PayDialog payout={payout} onClose={onClose} />;
}
