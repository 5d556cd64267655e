import {
  Button,
  Card,
  Checkbox,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { LuTrash2 } from 'react-icons/lu';
import {
  phaseTypeSchema,
  type Fee,
  type FeeRecurrence,
  type FeeType,
} from '@shared/programs/program';
import { PHASE_CURRENCIES } from '@shared/programs/program-body';
import { createFee } from '@shared/programs/program-defaults';
import type { RuleCatalogue } from '@/lib/programs/program-columns';
import type { ProgramFormValues } from './form-values';
import { PhaseRules } from './phase-rules';

const PHASE_TYPE_LABELS: Record<string, string> = {
  evaluation: 'Evaluation',
  'sim-funded': 'Sim Funded',
  'pre-payout': 'Pre-Payout',
  'payout-qualified': 'Payout Qualified',
  'live-funded': 'Live Funded',
  demo: 'Demo',
};

type FeeInput = Omit<Fee, 'feeCurrency'> & { feeCurrency?: string };

/** Empty text is no number; the schema then names the field ('must be greater than 0'). */
const toNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? Number.NaN : Number(value);
const toOptionalNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

/**
 * One fee of the phase, edited by type and recurrence. Editing one the phase lacks creates it,
 * one-time in USD unless it is the monthly price (spec 001 §2.5); clearing the amount removes it.
 */
function FeeField({
  phaseIndex,
  label,
  type,
  recurring,
}: {
  phaseIndex: number;
  label: string;
  type: FeeType;
  recurring: FeeRecurrence;
}) {
  const { setValue, formState } = useFormContext<ProgramFormValues>();
  const fees = (useWatch<ProgramFormValues>({ name: `phases.${phaseIndex}.fees` }) ??
    []) as FeeInput[];
  const fee = fees.find((entry) => entry.type === type && entry.recurring === recurring);
  const error =
    fee === undefined
      ? undefined
      : formState.errors.phases?.[phaseIndex]?.fees?.[fees.indexOf(fee)]?.fee?.message;
  const update = (text: string) => {
    const others = fees.filter((entry) => entry !== fee);
    const amount = Number(text);
    let next = others;
    if (text !== '' && Number.isFinite(amount)) {
      next = fee
        ? fees.map((entry) => (entry === fee ? { ...entry, fee: amount } : entry))
        : [...fees, { ...createFee(type, amount), recurring }];
    }
    setValue(`phases.${phaseIndex}.fees`, next, { shouldDirty: true });
  };
  return (
    <Field.Root invalid={error !== undefined}>
      <Field.Label>{label}</Field.Label>
      <Input
        type="number"
        min={0}
        step="0.01"
        value={fee === undefined ? '' : String(fee.fee)}
        onChange={(event) => update(event.target.value)}
      />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** Spec 001 §2.5: one phase of the program, its rules, fees and management settings. */
export function PhaseCard({
  phaseIndex,
  catalogue,
  canRemove,
  readOnly,
  onRemove,
}: {
  phaseIndex: number;
  catalogue: RuleCatalogue;
  canRemove: boolean;
  readOnly: boolean;
  onRemove: () => void;
}) {
  const { register, control, formState } = useFormContext<ProgramFormValues>();
  const path = `phases.${phaseIndex}` as const;
  const errors = formState.errors.phases?.[phaseIndex];
  const phaseName = useWatch<ProgramFormValues>({ name: `${path}.phaseName` }) as string;
  const title = `Phase ${phaseIndex + 1}${phaseName ? `: ${phaseName}` : ''}`;
  const currency = useWatch<ProgramFormValues>({ name: `${path}.currency` }) as string | undefined;
  const unlistedCurrency =
    typeof currency === 'string' &&
    currency !== '' &&
    !(PHASE_CURRENCIES as readonly string[]).includes(currency);
  return (
    <Card.Root variant="outline" role="group" aria-label={`Phase ${phaseIndex + 1}`}>
      <Card.Header px={{ base: '3', md: '6' }}>
        <HStack justify="space-between" wrap="wrap">
          <Card.Title>{title}</Card.Title>
          {canRemove && !readOnly && (
            <Button size="sm" variant="ghost" colorPalette="red" onClick={onRemove}>
              <LuTrash2 /> Remove Phase
            </Button>
          )}
        </HStack>
      </Card.Header>
      <Card.Body px={{ base: '3', md: '6' }}>
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
            <Field.Root required invalid={errors?.phaseId !== undefined}>
              <Field.Label>Phase ID</Field.Label>
              <Input fontFamily="mono" {...register(`${path}.phaseId`)} />
              <Field.ErrorText>{errors?.phaseId?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root required invalid={errors?.phaseName !== undefined}>
              <Field.Label>Phase Name</Field.Label>
              <Input {...register(`${path}.phaseName`)} />
              <Field.ErrorText>{errors?.phaseName?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root required invalid={errors?.type !== undefined}>
              <Field.Label>Phase Type</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field {...register(`${path}.type`)}>
                  <option value="">Select a type</option>
                  {phaseTypeSchema.options.map((option) => (
                    <option key={option} value={option}>
                      {PHASE_TYPE_LABELS[option] ?? option}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{errors?.type?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root required invalid={errors?.accountSize !== undefined}>
              <Field.Label>Account Size</Field.Label>
              <Input
                type="number"
                min={0}
                {...register(`${path}.accountSize`, { setValueAs: toNumber })}
              />
              <Field.ErrorText>{errors?.accountSize?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root required invalid={errors?.startingBalance !== undefined}>
              <Field.Label>Starting Balance</Field.Label>
              <Input
                type="number"
                min={0}
                {...register(`${path}.startingBalance`, { setValueAs: toNumber })}
              />
              <Field.ErrorText>{errors?.startingBalance?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root required invalid={errors?.currency !== undefined}>
              <Field.Label>Currency</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field {...register(`${path}.currency`)}>
                  <option value="">Select a currency</option>
                  {PHASE_CURRENCIES.map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                  {unlistedCurrency && (
                    <option value={currency}>{currency} (not in the list)</option>
                  )}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{errors?.currency?.message}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
          <Field.Root>
            <Field.Label>Description</Field.Label>
            <Textarea rows={2} {...register(`${path}.description`)} />
          </Field.Root>

          <PhaseRules phaseIndex={phaseIndex} catalogue={catalogue} readOnly={readOnly} />

          <Stack gap="3">
            <Text fontWeight="semibold">Phase Fees</Text>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <FeeField
                phaseIndex={phaseIndex}
                label="Purchase Fee"
                type="purchase"
                recurring="one-time"
              />
              <FeeField
                phaseIndex={phaseIndex}
                label="Reset Fee"
                type="reset"
                recurring="one-time"
              />
              <FeeField
                phaseIndex={phaseIndex}
                label="Monthly Price"
                type="purchase"
                recurring="monthly"
              />
            </SimpleGrid>
          </Stack>

          <Stack gap="3">
            <Text fontWeight="semibold">Phase Management</Text>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="end">
              <Controller
                control={control}
                name={`${path}.phaseManagement.payoutEligible`}
                render={({ field }) => (
                  <Checkbox.Root
                    checked={field.value === true}
                    onCheckedChange={(details) => field.onChange(details.checked === true)}
                  >
                    <Checkbox.HiddenInput onBlur={field.onBlur} />
                    <Checkbox.Control />
                    <Checkbox.Label>Payout Eligible</Checkbox.Label>
                  </Checkbox.Root>
                )}
              />
              <Field.Root invalid={errors?.phaseManagement?.maxAccountsPerTrader !== undefined}>
                <Field.Label>Max Accounts Per Trader</Field.Label>
                <Input
                  type="number"
                  min={1}
                  {...register(`${path}.phaseManagement.maxAccountsPerTrader`, {
                    setValueAs: toOptionalNumber,
                  })}
                />
                <Field.ErrorText>
                  {errors?.phaseManagement?.maxAccountsPerTrader?.message}
                </Field.ErrorText>
              </Field.Root>
            </SimpleGrid>
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
