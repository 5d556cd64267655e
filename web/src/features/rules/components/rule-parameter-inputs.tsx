import { Field, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { digitsAndCommasMessage } from '@shared/programs/parameter-messages';
import type { RuleBodyInput } from '@shared/programs/rule-body';
import type { RuleCategory } from '@shared/rules/rule-definition';
import { consistencyPeriodSchema, resetTypeSchema } from '@shared/rules/rule-parameters';
import { CheckboxInput, FieldFrame, OptionsSelect, numberOfText } from '@/components/ui/form';
import { collectErrorMessages } from '@/lib/form-schema';
import { InstrumentsInput, NewsEventsInput } from './parameter-lists';
import { formatNumber } from '@/lib/format';

type Kind =
  'money' | 'percent' | 'number' | 'enum' | 'boolean' | 'time' | 'text' | 'instruments' | 'news';

interface ParameterSpec {
  name: string;
  label: string;
  kind: Kind;
  options?: readonly string[];
  min?: number;
  max?: number;
  step?: number;
  placeholder?: string;
  /** Shown only when another parameter is true (minProfit needs requireProfit). */
  shownWhen?: string;
}

/** Spec 001 §5 rule parameter templates: each category's inputs, types and bounds. */
export const PARAMETER_SPECS: Record<RuleCategory, ParameterSpec[]> = {
  drawdown: [
    { name: 'maxDrawdown', label: 'Max Drawdown ($)', kind: 'money', min: 0 },
    { name: 'resetType', label: 'Reset Type', kind: 'enum', options: resetTypeSchema.options },
  ],
  'daily-loss': [
    { name: 'maxDailyLoss', label: 'Max Daily Loss ($)', kind: 'number', min: 0, step: 0.01 },
    { name: 'kind', label: 'On breach', kind: 'enum', options: ['fail', 'pause'] },
  ],
  consistency: [
    { name: 'minConsistency', label: 'Min Consistency (%)', kind: 'percent', min: 0, max: 100 },
    { name: 'period', label: 'Period', kind: 'enum', options: consistencyPeriodSchema.options },
  ],
  'profit-target': [
    { name: 'target', label: 'Target', kind: 'number', min: 0 },
    { name: 'type', label: 'Target Type', kind: 'enum', options: ['absolute', 'percentage'] },
  ],
  'trading-days': [
    { name: 'minDays', label: 'Min Days', kind: 'number', min: 1, max: 30, step: 1 },
    { name: 'requireProfit', label: 'Require profit', kind: 'boolean' },
    {
      name: 'minProfit',
      label: 'Min Profit ($)',
      kind: 'number',
      min: 0,
      step: 0.01,
      shownWhen: 'requireProfit',
    },
  ],
  instruments: [
    { name: 'allowedInstruments', label: 'Allowed instruments', kind: 'instruments' },
    { name: 'strictMode', label: 'Strict mode', kind: 'boolean' },
  ],
  'trading-hours': [
    { name: 'openTime', label: 'Open Time', kind: 'time' },
    { name: 'closeTime', label: 'Close Time', kind: 'time' },
    { name: 'timezone', label: 'Time Zone', kind: 'text', placeholder: 'America/New_York' },
  ],
  'news-trading': [
    { name: 'newsEvents', label: 'News events', kind: 'news' },
    { name: 'bufferMinutes', label: 'Buffer Minutes', kind: 'number', min: 0, placeholder: '30' },
  ],
  'position-size': [
    { name: 'maxPositionSize', label: 'Max Position Size', kind: 'number', min: 0 },
    {
      name: 'accountPercentage',
      label: 'Account Percentage (%)',
      kind: 'percent',
      min: 0,
      max: 100,
    },
  ],
  'overnight-holding': [
    { name: 'allowedInstruments', label: 'Instruments allowed overnight', kind: 'instruments' },
    { name: 'closeTime', label: 'Close Time', kind: 'time' },
  ],
  inactivity: [
    {
      name: 'maxInactiveDays',
      label: 'Max Inactive Days',
      kind: 'number',
      min: 1,
      max: 30,
      step: 1,
    },
  ],
};

const DIGITS_AND_COMMAS = /^[\d,]*$/;

/**
 * Money as typed: digits and commas only, stored as a whole number (spec 001 §5). Anything else is
 * not a number (decision 37: refused with a message, never stripped into another value).
 */
export function parseMoneyText(text: string): number | undefined {
  if (!DIGITS_AND_COMMAS.test(text.trim())) return Number.NaN;
  const digits = text.replace(/,/g, '').trim();
  return digits === '' ? undefined : Number(digits);
}

/**
 * A digits-and-commas input. What was typed stays in the field; text the field cannot keep goes to
 * the form as typed, so the schema refuses it (and Create Rule with it) until it is corrected.
 */
function MoneyInput({
  name,
  value,
  onChange,
  showRefusal,
}: {
  name: string;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Off while the form's own error for the field says it. */
  showRefusal: boolean;
}) {
  const [text, setText] = useState(() =>
    typeof value === 'number' ? formatNumber(value, 0) : typeof value === 'string' ? value : '',
  );
  const parsed = parseMoneyText(text);
  // A value replaced from outside (a template, a reset) shows as its own text.
  const shown =
    value === parsed ||
    (Number.isNaN(parsed) && value === text) ||
    (value === undefined && text.trim() === '')
      ? text
      : typeof value === 'number'
        ? formatNumber(value, 0)
        : '';
  const refused = Number.isNaN(parseMoneyText(shown));
  return (
    <>
      <Input
        inputMode="numeric"
        value={shown}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          const amount = parseMoneyText(next);
          onChange(amount !== undefined && Number.isNaN(amount) ? next : amount);
        }}
      />
      {refused && showRefusal && (
        <Field.HelperText color="fg.error">{digitsAndCommasMessage(name)}</Field.HelperText>
      )}
    </>
  );
}

/** Percent shown 0–100, stored as a fraction 0–1 (spec 001 §5). */
export const percentToFraction = (text: string): number | undefined =>
  text.trim() === '' ? undefined : Number(text) / 100;
export const fractionToPercent = (value: unknown): string =>
  typeof value === 'number' ? String(Number((value * 100).toFixed(4))) : '';

function ParameterInput({
  spec,
  value,
  error,
  onChange,
}: {
  spec: ParameterSpec;
  value: unknown;
  error: unknown;
  onChange: (value: unknown) => void;
}) {
  if (spec.kind === 'instruments') {
    return (
      <InstrumentsInput
        label={spec.label}
        value={value}
        onChange={onChange}
        errors={rowErrors(error)}
      />
    );
  }
  if (spec.kind === 'news') {
    return <NewsEventsInput value={value} onChange={onChange} errors={rowErrors(error)} />;
  }
  const message = (error as { message?: unknown } | undefined)?.message;
  if (spec.kind === 'boolean') {
    return (
      <CheckboxInput
        label={spec.label}
        checked={value === true}
        onChange={onChange}
        alignSelf="end"
      />
    );
  }
  let input;
  if (spec.kind === 'enum') {
    input = (
      <OptionsSelect
        value={typeof value === 'string' ? value : ''}
        options={spec.options ?? []}
        placeholder="Select"
        onChange={(choice) => onChange(choice === '' ? undefined : choice)}
      />
    );
  } else if (spec.kind === 'money') {
    input = (
      <MoneyInput
        name={spec.name}
        value={value}
        onChange={onChange}
        showRefusal={typeof message !== 'string'}
      />
    );
  } else if (spec.kind === 'percent' || spec.kind === 'number') {
    // A percent is typed 0–100 and held as a fraction; a number as it is.
    const percent = spec.kind === 'percent';
    const shown = typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
    input = (
      <Input
        type="number"
        min={spec.min}
        max={spec.max}
        step={percent ? 0.01 : (spec.step ?? 'any')}
        placeholder={spec.placeholder}
        value={percent ? fractionToPercent(value) : shown}
        onChange={({ target: { value: text } }) =>
          onChange(percent ? percentToFraction(text) : numberOfText(text))
        }
      />
    );
  } else {
    input = (
      <Input
        type={spec.kind === 'time' ? 'time' : 'text'}
        placeholder={spec.placeholder}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      />
    );
  }
  return (
    <FieldFrame label={spec.label} error={typeof message === 'string' ? message : undefined}>
      {input}
    </FieldFrame>
  );
}

/** A list parameter's errors, row by row: every message of each row's fields. */
function rowErrors(error: unknown): string[][] | undefined {
  if (!Array.isArray(error)) return undefined;
  return Array.from(error, (row: unknown) => collectErrorMessages(row));
}

/** The parameter inputs of the rule's category; each writes its value into `testParameters`. */
export function RuleParameterInputs({ category }: { category: RuleCategory | '' }) {
  const { control, setValue, getValues, formState } = useFormContext<RuleBodyInput>();
  const parameters = (useWatch({ control, name: 'testParameters' }) ?? {}) as Record<
    string,
    unknown
  >;
  if (category === '') return null;
  const errors = (formState.errors.testParameters ?? {}) as Record<string, unknown>;
  const set = (spec: ParameterSpec, value: unknown) => {
    const next = { ...(getValues('testParameters') ?? {}) } as Record<string, unknown>;
    if (value === undefined) delete next[spec.name];
    else next[spec.name] = value;
    // A hidden parameter is not sent: minProfit goes when profit is no longer required.
    for (const other of PARAMETER_SPECS[category]) {
      if (other.shownWhen === spec.name && value !== true) delete next[other.name];
    }
    setValue('testParameters', next as RuleBodyInput['testParameters'], {
      shouldDirty: true,
      shouldValidate: formState.isSubmitted,
    });
  };
  const specs = PARAMETER_SPECS[category].filter(
    (spec) => spec.shownWhen === undefined || parameters[spec.shownWhen] === true,
  );
  const wide = specs.filter((spec) => spec.kind === 'instruments' || spec.kind === 'news');
  const narrow = specs.filter((spec) => !wide.includes(spec));
  // Narrow inputs side by side, the list editors each across the form.
  const input = (spec: ParameterSpec) => (
    <ParameterInput
      key={spec.name}
      spec={spec}
      value={parameters[spec.name]}
      error={errors[spec.name]}
      onChange={(value) => set(spec, value)}
    />
  );
  return (
    <Stack gap="4" role="group" aria-label="Rule parameters">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {narrow.map(input)}
      </SimpleGrid>
      {wide.map(input)}
    </Stack>
  );
}
