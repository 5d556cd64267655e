import {
  Badge,
  Box,
  Button,
  Checkbox,
  Field,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import {
  LuChevronDown,
  LuChevronUp,
  LuPlus,
  LuRotateCcw,
  LuSettings2,
  LuTrash2,
} from 'react-icons/lu';
import { ruleCategorySchema, type RuleDefinition } from '@shared/rules/rule-definition';
import type { PhaseRuleReferenceBody } from '@shared/programs/program-body';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import type { RuleCatalogue } from '../program-columns';
import type { ProgramFormValues } from './form-values';
import {
  clampPhasePriority,
  effectiveParameters,
  firstParameterSummary,
  parameterText,
  parseOverride,
} from './rule-parameters-view';

/** Spec 001 §9: a new rule reference starts enabled with priority 100. */
export function newRuleReference(ruleId: string): PhaseRuleReferenceBody {
  return { ruleId, enabled: true, priority: 100, parameterOverrides: {}, customMessages: {} };
}

type ReferenceInput = NonNullable<ProgramFormValues['phases']>[number]['rules']['rules'][number];

function AddRulePanel({
  catalogue,
  present,
  onAdd,
  onCancel,
}: {
  catalogue: RuleCatalogue;
  present: Set<string>;
  onAdd: (ruleId: string) => void;
  onCancel: () => void;
}) {
  const [category, setCategory] = useState('');
  const [ruleId, setRuleId] = useState('');
  const choices = [...catalogue.values()]
    .filter((rule) => !present.has(rule.ruleId))
    .filter((rule) => category === '' || rule.category === category)
    .sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="3" bg="bg.subtle">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <Field.Root>
          <Field.Label>Category filter</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={category}
              onChange={(event) => {
                setCategory(event.target.value);
                setRuleId('');
              }}
            >
              <option value="">All categories</option>
              {ruleCategorySchema.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>Rule</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={ruleId} onChange={(event) => setRuleId(event.target.value)}>
              <option value="">
                {choices.length === 0 ? 'No more rules to add' : 'Select a rule'}
              </option>
              {choices.map((rule) => (
                <option key={rule.ruleId} value={rule.ruleId}>
                  {rule.name} ({rule.ruleId})
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SimpleGrid>
      <HStack>
        <Button
          size="sm"
          colorPalette="blue"
          disabled={ruleId === ''}
          onClick={() => onAdd(ruleId)}
        >
          Add
        </Button>
        <Button size="sm" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </HStack>
    </Stack>
  );
}

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
    <Field.Root invalid={invalid}>
      <Field.Label>
        {name}
        {isOverridden && (
          <Badge colorPalette="purple" size="xs" ml="1">
            Override
          </Badge>
        )}
      </Field.Label>
      <HStack gap="1" w="full">
        {typeof defaultValue === 'boolean' ? (
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={text} onChange={(event) => set(event.target.value)}>
              <option value="">Default ({String(defaultValue)})</option>
              <option value="true">true</option>
              <option value="false">false</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
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
      {invalid && <Field.ErrorText>Not a valid {typeof defaultValue} value</Field.ErrorText>}
    </Field.Root>
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

function RuleSettings({
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
  const { control, register, setValue } = useFormContext<ProgramFormValues>();
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
        <Controller
          control={control}
          name={`${path}.enabled`}
          render={({ field }) => (
            <Checkbox.Root
              checked={field.value !== false}
              onCheckedChange={(details) => field.onChange(details.checked === true)}
              alignSelf="end"
            >
              <Checkbox.HiddenInput onBlur={field.onBlur} />
              <Checkbox.Control />
              <Checkbox.Label>Enabled</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
        <Controller
          control={control}
          name={`${path}.priority`}
          render={({ field }) => (
            <Field.Root>
              <Field.Label>Priority</Field.Label>
              <PriorityInput value={field.value ?? 100} onChange={field.onChange} />
              <Field.HelperText>
                1 to 1000; a lower number means a higher priority.
              </Field.HelperText>
            </Field.Root>
          )}
        />
      </SimpleGrid>
      <Field.Root>
        <Field.Label>Custom Failure Message</Field.Label>
        <Textarea
          size="sm"
          rows={2}
          placeholder={definition?.failureMessage}
          {...register(`${path}.customMessages.failure`, {
            setValueAs: (value: string) => (value === '' ? undefined : value),
          })}
        />
      </Field.Root>
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

function RuleRow({
  phaseIndex,
  ruleIndex,
  catalogue,
  readOnly,
  onRemove,
}: {
  phaseIndex: number;
  ruleIndex: number;
  catalogue: RuleCatalogue;
  readOnly: boolean;
  onRemove: () => void;
}) {
  const reference = useWatch<ProgramFormValues>({
    name: `phases.${phaseIndex}.rules.rules.${ruleIndex}`,
  }) as ReferenceInput;
  const [showDetails, setShowDetails] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const definition = catalogue.get(reference.ruleId);
  const name = definition?.name ?? reference.ruleId;
  const parameters = effectiveParameters(definition, reference.parameterOverrides);
  return (
    <Box
      borderWidth="1px"
      rounded="md"
      p="3"
      role="listitem"
      aria-label={name}
      opacity={reference.enabled === false ? 0.7 : 1}
    >
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="2">
        <Stack gap="1" minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">{name}</Text>
            {definition === undefined && (
              <Badge colorPalette="red" variant="solid">
                Missing
              </Badge>
            )}
            {reference.enabled === false && <Badge>Disabled</Badge>}
          </HStack>
          <HStack gap="2" wrap="wrap" fontSize="xs">
            {definition && <Badge variant="outline">{definition.category}</Badge>}
            {definition && <Badge colorPalette="orange">{definition.action.type}</Badge>}
            <Text color="fg.muted" fontFamily="mono">
              {firstParameterSummary(parameters)}
            </Text>
            <Text color="fg.muted">Priority {reference.priority ?? 100}</Text>
          </HStack>
        </Stack>
        <HStack gap="1" wrap="wrap">
          <Button size="xs" variant="ghost" onClick={() => setShowDetails((value) => !value)}>
            {showDetails ? <LuChevronUp /> : <LuChevronDown />}
            {showDetails ? 'Hide details' : 'Show details'}
          </Button>
          {!readOnly && (
            <>
              <Button
                size="xs"
                variant="ghost"
                aria-expanded={editing}
                onClick={() => setEditing((value) => !value)}
              >
                <LuSettings2 /> Edit settings
              </Button>
              <Button
                size="xs"
                variant="ghost"
                colorPalette="red"
                onClick={() => setConfirming(true)}
              >
                <LuTrash2 /> Remove
              </Button>
            </>
          )}
        </HStack>
      </HStack>
      {showDetails && (
        <Stack gap="2" mt="3" fontSize="sm" role="group" aria-label="Rule details">
          <Text>{definition?.description ?? 'The rule definition cannot be found.'}</Text>
          <Box>
            <Text fontWeight="medium">Configuration parameters</Text>
            {Object.entries(parameters).map(([key, value]) => (
              <Text key={key} fontFamily="mono" fontSize="xs">
                {key}: {parameterText(value)}
              </Text>
            ))}
          </Box>
          {definition && (
            <Text>
              Action: {definition.action.type} (
              {definition.action.immediate ? 'Immediate' : 'End of Day'})
              {definition.action.description ? ` — ${definition.action.description}` : ''}
            </Text>
          )}
        </Stack>
      )}
      {editing && !readOnly && (
        <Box mt="3">
          <RuleSettings
            phaseIndex={phaseIndex}
            ruleIndex={ruleIndex}
            definition={definition}
            reference={reference}
          />
        </Box>
      )}
      <ConfirmDialog
        open={confirming}
        title="Remove rule"
        message={`Are you sure you want to remove the rule "${name}" from this phase?`}
        confirmLabel="Remove"
        destructive
        onConfirm={() => {
          setConfirming(false);
          onRemove();
        }}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

/** Spec 001 §2.5 Phase Rules: the phase's rule references, each editable, and Add Rule. */
export function PhaseRules({
  phaseIndex,
  catalogue,
  readOnly,
}: {
  phaseIndex: number;
  catalogue: RuleCatalogue;
  readOnly: boolean;
}) {
  const { control } = useFormContext<ProgramFormValues>();
  const { fields, append, remove } = useFieldArray({
    control,
    name: `phases.${phaseIndex}.rules.rules`,
  });
  const [adding, setAdding] = useState(false);
  const present = new Set(fields.map((field) => field.ruleId));
  return (
    <Stack gap="3">
      <HStack justify="space-between">
        <Text fontWeight="semibold">Phase Rules</Text>
        {!adding && !readOnly && (
          <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
            <LuPlus /> Add Rule
          </Button>
        )}
      </HStack>
      {adding && (
        <AddRulePanel
          catalogue={catalogue}
          present={present}
          onCancel={() => setAdding(false)}
          onAdd={(ruleId) => {
            append(newRuleReference(ruleId));
            setAdding(false);
          }}
        />
      )}
      {fields.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No rules in this phase yet.
        </Text>
      ) : (
        <Stack gap="2" role="list" aria-label={`Rules of phase ${phaseIndex + 1}`}>
          {fields.map((field, ruleIndex) => (
            <RuleRow
              key={field.id}
              phaseIndex={phaseIndex}
              ruleIndex={ruleIndex}
              catalogue={catalogue}
              readOnly={readOnly}
              onRemove={() => remove(ruleIndex)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
