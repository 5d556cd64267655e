import { Button, Card, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import { LuTrash2 } from 'react-icons/lu';
import {
  phaseTypeSchema,
  type Fee,
  type FeeRecurrence,
  type FeeType,
} from '@shared/programs/program';
import { PHASE_CURRENCIES } from '@shared/programs/program-body';
import { createFee } from '@shared/programs/program-defaults';
import {
  CheckboxField,
  FieldFrame,
  NumberField,
  SelectField,
  TextField,
} from '@/components/ui/form';
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

const PHASE_TYPE_OPTIONS = phaseTypeSchema.options.map((option) => ({
  value: option,
  label: PHASE_TYPE_LABELS[option] ?? option,
}));

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
    <FieldFrame label={label} error={error}>
      <Input
        type="number"
        min={0}
        step="0.01"
        value={fee === undefined ? '' : String(fee.fee)}
        onChange={(event) => update(event.target.value)}
      />
    </FieldFrame>
  );
}

/** The phase's fees (spec 001 §2.5): each edited by its type and recurrence. */
const FEES: { label: string; type: FeeType; recurring: FeeRecurrence }[] = [
  { label: 'Purchase Fee', type: 'purchase', recurring: 'one-time' },
  { label: 'Reset Fee', type: 'reset', recurring: 'one-time' },
  { label: 'Monthly Price', type: 'purchase', recurring: 'monthly' },
];

/** A required amount of the phase; left blank it is NaN, so the schema names the field. */
function AmountField({ name, label }: { name: FieldPath<ProgramFormValues>; label: string }) {
  return <NumberField name={name} label={label} required min={0} empty={Number.NaN} />;
}

/** The payout amounts of a payout-eligible phase; blank means the parameter's default. */
const PAYOUT_FIELDS = [
  {
    name: 'buffer',
    label: 'Buffer',
    helper: 'Profit that stays in the account: the balance above start + buffer may be paid out.',
  },
  { name: 'minAmount', label: 'Minimum payout', helper: 'The smallest request.' },
  { name: 'maxAmount', label: 'Maximum payout', helper: 'The largest request; blank for no cap.' },
  { name: 'profitSplit', label: 'Profit split %', helper: "The trader's share of a payout." },
] as const;

/**
 * A payout-eligible phase's payout parameters (`phaseManagement.payout`), shown while Payout
 * Eligible is on; the days and consistency a payout needs are the phase's own rules.
 */
function PayoutParameters({ path }: { path: `phases.${number}` }) {
  const eligible = useWatch<ProgramFormValues>({
    name: `${path}.phaseManagement.payoutEligible`,
  }) as boolean | undefined;
  if (eligible !== true) return null;
  return (
    <SimpleGrid
      columns={{ base: 1, md: 2, lg: 4 }}
      gap="4"
      role="group"
      aria-label="Payout parameters"
    >
      {PAYOUT_FIELDS.map((field) => (
        <NumberField
          key={field.name}
          name={`${path}.phaseManagement.payout.${field.name}`}
          label={field.label}
          helper={field.helper}
          min={0}
          max={field.name === 'profitSplit' ? 100 : undefined}
          step={field.name === 'profitSplit' ? 1 : 0.01}
        />
      ))}
    </SimpleGrid>
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
  const path = `phases.${phaseIndex}` as const;
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
            <TextField name={`${path}.phaseId`} label="Phase ID" required mono />
            <TextField name={`${path}.phaseName`} label="Phase Name" required />
            <SelectField
              name={`${path}.type`}
              label="Phase Type"
              required
              placeholder="Select a type"
              options={PHASE_TYPE_OPTIONS}
            />
            <AmountField name={`${path}.accountSize`} label="Account Size" />
            <AmountField name={`${path}.startingBalance`} label="Starting Balance" />
            <SelectField
              name={`${path}.currency`}
              label="Currency"
              required
              placeholder="Select a currency"
              options={[
                ...PHASE_CURRENCIES,
                ...(unlistedCurrency
                  ? [{ value: currency, label: `${currency} (not in the list)` }]
                  : []),
              ]}
            />
          </SimpleGrid>
          <TextField name={`${path}.description`} label="Description" rows={2} />

          <PhaseRules phaseIndex={phaseIndex} catalogue={catalogue} readOnly={readOnly} />

          <Stack gap="3">
            <Text fontWeight="semibold">Phase Fees</Text>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              {FEES.map((fee) => (
                <FeeField key={fee.label} phaseIndex={phaseIndex} {...fee} />
              ))}
            </SimpleGrid>
          </Stack>

          <Stack gap="3">
            <Text fontWeight="semibold">Phase Management</Text>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="end">
              <CheckboxField
                name={`${path}.phaseManagement.payoutEligible`}
                label="Payout Eligible"
              />
              <NumberField
                name={`${path}.phaseManagement.maxAccountsPerTrader`}
                label="Max Accounts Per Trader"
                min={1}
              />
            </SimpleGrid>
            <PayoutParameters path={path} />
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
