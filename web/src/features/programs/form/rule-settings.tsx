import { Badge, Box, HStack, IconButton, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { LuRotateCcw } from 'react-icons/lu';
import type { RuleDefinition } from '@shared/rules/rule-definition';
import { CheckboxField, FieldFrame, OptionsSelect, TextField } from '@/components/ui/form';
import {
  clampPhasePriority,
  parameterText,
  parseOverride,
} from '@/lib/programs/rule-parameters-view';
import type { ProgramFormValues } from './form-values';

export type ReferenceInput = NonNullable<
  ProgramFormValues['phases']
>[number]['rules']['rules'][number];

/** A parameter's override: blank keeps the rule's default, shown as the placeholder. */
function OverrideInput({
  name,
  defaultValue,
  override,
  onChange,
}: {
  name: string;
  defaultValue: unknown;
  override: unknown;
  onChange: (value: unknown) => void;
}) {
  const [text, setText] = useState(override === undefined ? '' : parameterText(override));
  const [invalid, setInvalid] = useState(false);
  const isOverridden = override !== undefined;
  const set = (next: string) => {
    setText(next);
    if (next.trim() === '') {
      setInvalid(false);
      onChange(undefined);
      return;
    }
    const parsed = parseOverride(next, defaultValue);
    setInvalid(parsed === undefined);
    if (parsed !== undefined) onChange(parsed);
  };
  return (
    <FieldFrame
      label={
        <>
          {name}
          {isOverridden && (
            <Badge colorPalette="purple" size="xs" ml="1">
              Override
            </Badge>
          )}
        </>
      }
      error={invalid ? `Not a valid ${typeof defaultValue} value` : undefined}
    >
      <HStack gap="1" w="full">
        {typeof defaultValue === 'boolean' ? (
          <OptionsSelect
            size="sm"
            value={text}
            options={[{ value: '', label: `Default (${String(defaultValue)})` }, 'true', 'false']}
            onChange={set}
          />
        ) : (
          <Input
            size="sm"
            value={text}
            placeholder={parameterText(defaultValue)}
            inputMode={typeof defaultValue === 'number' ? 'decimal' : undefined}
            onChange={(event) => set(event.target.value)}
          />
        )}
        <IconButton
          size="sm"
          variant="ghost"
          aria-label={`Reset ${name} to default`}
          title="Reset to default"
          disabled={!isOverridden}
          onClick={() => set('')}
        >
          <LuRotateCcw />
        </IconButton>
      </HStack>
    </FieldFrame>
  );
}

function PriorityInput({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const [text, setText] = useState(String(value));
  return (
    <Input
      size="sm"
      inputMode="numeric"
      value={text}
      onChange={(event) => {
        const digits = event.target.value.replace(/\D/g, '');
        setText(digits);
        if (digits !== '') onChange(clampPhasePriority(digits));
      }}
      onBlur={() => {
        const clamped = clampPhasePriority(text);
        setText(String(clamped));
        onChange(clamped);
      }}
    />
  );
}

/** A rule reference's settings in its phase: enabled, priority, failure message, overrides. */
export function RuleSettings({
  phaseIndex,
  ruleIndex,
  definition,
  reference,
}: {
  phaseIndex: number;
  ruleIndex: number;
  definition: RuleDefinition | undefined;
  reference: ReferenceInput;
}) {
  const { control, setValue } = useFormContext<ProgramFormValues>();
  const path = `phases.${phaseIndex}.rules.rules.${ruleIndex}` as const;
  const overrides = reference.parameterOverrides ?? {};
  const names = [
    ...new Set([...Object.keys(definition?.testParameters ?? {}), ...Object.keys(overrides)]),
  ];
  const setOverride = (name: string, value: unknown) => {
    const next = { ...overrides };
    if (value === undefined) delete next[name];
    else next[name] = value;
    setValue(`${path}.parameterOverrides`, next as ReferenceInput['parameterOverrides'], {
      shouldDirty: true,
    });
  };
  return (
    <Stack gap="3" borderTopWidth="1px" pt="3" role="group" aria-label="Rule settings">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <CheckboxField<ProgramFormValues>
          name={`${path}.enabled`}
          label="Enabled"
          unsetIsChecked
          alignSelf="end"
        />
        <Controller
          control={control}
          name={`${path}.priority`}
          render={({ field }) => (
            <FieldFrame
              label="Priority"
              helper="1 to 1000; a lower number means a higher priority."
            >
              <PriorityInput value={field.value ?? 100} onChange={field.onChange} />
            </FieldFrame>
          )}
        />
      </SimpleGrid>
      <TextField<ProgramFormValues>
        name={`${path}.customMessages.failure`}
        label="Custom Failure Message"
        rows={2}
        placeholder={definition?.failureMessage}
        setValueAs={(text) => (text === '' ? undefined : text)}
      />
      {names.length > 0 && (
        <Box>
          <Text fontWeight="medium" fontSize="sm" mb="2">
            Parameter overrides
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {names.map((name) => (
              <OverrideInput
                key={name}
                name={name}
                defaultValue={definition?.testParameters[name]}
                override={overrides[name]}
                onChange={(value) => setOverride(name, value)}
              />
            ))}
          </SimpleGrid>
        </Box>
      )}
    </Stack>
  );
}
