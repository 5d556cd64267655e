import { HStack, Input, SimpleGrid } from '@chakra-ui/react';
import { useFormContext, useFormState } from 'react-hook-form';
import type { RuleBodyInput } from '@shared/programs/rule-body';
import {
  categoryRuleType,
  ruleActionTypeSchema,
  ruleCategorySchema,
  ruleTypeSchema,
  type RuleCategory,
} from '@shared/rules/rule-definition';
import {
  CheckboxField,
  FieldFrame,
  ListTextField,
  NumberField,
  SelectField,
  TextField,
} from '@/components/ui/form';
import { RULE_TEMPLATES, cloneJson } from '../rule-templates';
import { RuleParameterInputs } from './rule-parameter-inputs';

/** Spec 001 §5: tags are trimmed, empty ones dropped, duplicates ignored. */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

const parseExamples = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const ACTION_LABELS: Record<string, string> = {
  warning: 'Warning',
  liquidation: 'Liquidation',
  termination: 'Termination',
  'block-new-trades': 'Block new trades',
  'reduce-exposure': 'Reduce exposure',
  graduation: 'Graduation',
  payout: 'Payout',
  none: 'None',
};
const ACTION_OPTIONS = ruleActionTypeSchema.options.map((option) => ({
  value: option,
  label: ACTION_LABELS[option] ?? option,
}));

const PLACEHOLDER_HINT = 'Use {actual} and {target} for the measured and allowed values.';
const WIDE = { md: 'span 2' } as const;

/** The rule's messages; the success and failure ones may name the measured and allowed values. */
const MESSAGES = [
  ['successMessage', 'Success Message', PLACEHOLDER_HINT],
  ['failureMessage', 'Failure Message', PLACEHOLDER_HINT],
  ['warningMessage', 'Warning Message', undefined],
] as const;

const CHECKBOXES = [
  ['action.immediate', 'Immediate action'],
  ['isMultiday', 'Multiday'],
  ['enabled', 'Enabled'],
  ['isActive', 'Active'],
] as const;

/**
 * The fields of spec 001 §2.18's rule form. The Rule ID is shown, not typed: in create mode it
 * follows the category and name (`ruleId`). Choosing a category sets its rule type, parameters and
 * multiday flag.
 */
export function RuleFormFields({
  ruleId,
  category,
}: {
  ruleId: string;
  category: RuleCategory | '';
}) {
  const { setValue } = useFormContext<RuleBodyInput>();
  const { errors } = useFormState<RuleBodyInput>({ name: 'ruleId' });
  const chooseCategory = (next: string) => {
    if (next === '') return;
    const chosen = next as RuleCategory;
    setValue('type', categoryRuleType[chosen]);
    setValue('testParameters', cloneJson(RULE_TEMPLATES[chosen].testParameters));
    setValue('isMultiday', chosen !== 'daily-loss' && chosen !== 'inactivity');
  };
  return (
    <>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FieldFrame label="Rule ID" required error={errors.ruleId?.message}>
          <Input fontFamily="mono" value={ruleId} disabled readOnly />
        </FieldFrame>
        <TextField<RuleBodyInput> name="name" label="Rule Name" />
        <SelectField<RuleBodyInput>
          name="category"
          label="Category"
          placeholder="Select a category"
          options={ruleCategorySchema.options}
          onValueChange={chooseCategory}
        />
        <SelectField<RuleBodyInput>
          name="type"
          label="Rule Type"
          options={ruleTypeSchema.options}
        />
        <TextField<RuleBodyInput>
          name="description"
          label="Description"
          rows={2}
          gridColumn={WIDE}
        />
        <TextField<RuleBodyInput> name="testClassName" label="Test Class Name" mono />
        <NumberField<RuleBodyInput>
          name="priority"
          label="Priority"
          min={1}
          max={100}
          empty={1}
          helper="1 to 100."
        />
      </SimpleGrid>

      <RuleParameterInputs category={category} />

      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {MESSAGES.map(([name, label, helper]) => (
          <TextField<RuleBodyInput> key={name} name={name} label={label} helper={helper} />
        ))}
        <SelectField<RuleBodyInput>
          name="action.type"
          label="Action Type"
          options={ACTION_OPTIONS}
        />
        <TextField<RuleBodyInput>
          name="action.description"
          label="Action Description"
          gridColumn={WIDE}
        />
        <ListTextField<RuleBodyInput>
          name="tags"
          label="Tags"
          placeholder="risk, daily"
          parse={parseTags}
          separator=", "
          helper="Separated by commas."
        />
        <TextField<RuleBodyInput> name="version" label="Version" />
      </SimpleGrid>

      <HStack gap="6" wrap="wrap">
        {CHECKBOXES.map(([name, label]) => (
          <CheckboxField<RuleBodyInput> key={name} name={name} label={label} />
        ))}
      </HStack>

      <TextField<RuleBodyInput> name="documentation" label="Documentation" rows={2} />
      <ListTextField<RuleBodyInput>
        name="examples"
        label="Examples"
        rows={2}
        parse={parseExamples}
        separator={'\n'}
        helper="One example a line."
      />
    </>
  );
}
