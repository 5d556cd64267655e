import { Button, HStack, Stack } from '@chakra-ui/react';
import { useMemo } from 'react';
import * as z from 'zod';
import { payoutAmountSchema, type PayoutEligibility } from '@shared/payouts/payout';
import { useRequestPayout } from '@/api/payouts';
import { Form, FormAlert, NumberField, TextField, setServerErrors } from '@/components/ui/form';
import { toaster } from '@/components/ui/toaster';
import { errorText } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { useSchemaForm } from '@/lib/form-schema';

const NOTE_MAX = 500;

/** The request's bounds on the screen: above zero, cents at most, and no more than the account may take. */
export function requestSchema(maxAmount: number) {
  return z.object({
    amount: payoutAmountSchema.max(maxAmount, {
      error: `amount must be at most ${formatMoney(maxAmount)}, the most you may request now`,
    }),
    note: z
      .string()
      .trim()
      .max(NOTE_MAX, { error: `note must be at most ${NOTE_MAX} characters` }),
  });
}

type RequestValues = { amount: number; note: string };

/**
 * "Request payout" of one account: the amount (the most it may take, to start with) and an optional
 * note. Disabled while the account is not eligible; the server checks the request again against the
 * latest judged day, and its refusal is said at the top of the form (or under the field it names).
 */
export function RequestPayoutForm({
  accountId,
  eligibility,
}: {
  accountId: string;
  eligibility: PayoutEligibility;
}) {
  const schema = useMemo(() => requestSchema(eligibility.maxAmount), [eligibility.maxAmount]);
  const form = useSchemaForm<RequestValues, z.output<typeof schema>>(schema, {
    defaultValues: { amount: eligibility.maxAmount, note: '' },
  });
  const request = useRequestPayout();
  const disabled = !eligibility.eligible;
  const failure = request.isError ? errorText(request.error) : undefined;
  return (
    <Form
      form={form}
      aria-label={`Request payout from ${accountId}`}
      disabled={disabled || request.isPending}
      onValid={({ amount, note }) =>
        request.mutate(
          { accountId, amount, ...(note !== '' && { note }) },
          {
            onSuccess: (payout) => {
              toaster.create({
                type: 'success',
                title: 'Payout requested',
                description: `${formatMoney(payout.requestedAmount)} from ${accountId}`,
                closable: true,
              });
              form.reset({ amount: eligibility.maxAmount, note: '' });
            },
            onError: (error) => setServerErrors(form.setError, error),
          },
        )
      }
    >
      <Stack gap="3">
        {failure && <FormAlert title={failure} />}
        <HStack gap="3" align="flex-start" wrap="wrap">
          <NumberField<RequestValues>
            name="amount"
            label="Amount (USD)"
            min={0.01}
            max={eligibility.maxAmount > 0 ? eligibility.maxAmount : undefined}
            step={0.01}
            empty={Number.NaN}
            maxW={{ base: 'full', md: '15rem' }}
          />
          <TextField<RequestValues>
            name="note"
            label="Note (optional)"
            maxLength={NOTE_MAX}
            flex="1"
            minW={{ base: 'full', md: '15rem' }}
          />
        </HStack>
        <Button
          type="submit"
          colorPalette="blue"
          alignSelf="flex-start"
          disabled={disabled}
          loading={request.isPending}
          loadingText="Requesting..."
        >
          Request payout
        </Button>
      </Stack>
    </Form>
  );
}
