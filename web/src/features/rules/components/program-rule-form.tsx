import { Input, SimpleGrid, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import * as z from 'zod';
import {
  phaseRuleReferenceBodySchema,
  type PhaseRuleReferenceBody,
} from '@shared/programs/program-body';
import type { PhaseRulesChangeResult } from '@shared/programs/program-requests';
import { ruleActionTypeSchema } from '@shared/rules/rule-definition';
import {
  CheckboxField,
  FieldFrame,
  FormDialog,
  InputField,
  SelectField,
  TextField,
  setServerErrors,
} from '@/components/ui/form';
import { errorText } from '@/lib/api-client';
import { useSchemaForm } from '@/lib/form-schema';
import { usePrograms } from '@/api/programs';
import { clampPhasePriority } from '@/lib/programs/rule-parameters-view';
import { useAssignRule, useRuleCatalogue } from '@/api/rules';

/** The reference's body, and the program and phase that are the call's path. */
type AssignInput = {
  prefix: string;
  phaseId: string;
  ruleId: string;
  enabled: boolean;
  priority: number;
  parameterOverrides: Record<string, unknown>;
  actionOverride?: PhaseRuleReferenceBody['actionOverride'];
  customMessages: { success?: string; failure?: string; warning?: string };
};
type AssignOutput = PhaseRuleReferenceBody & { prefix: string; phaseId: string };

/** The body's own schema beside the path's choices; the program is asked for before its phase. */
const assignSchema = phaseRuleReferenceBodySchema
  .extend({ prefix: z.string(), phaseId: z.string() })
  .superRefine((values, context) => {
    if (values.prefix === '') {
      context.addIssue({ code: 'custom', path: ['prefix'], message: 'Program is required' });
    } else if (values.phaseId === '') {
      context.addIssue({ code: 'custom', path: ['phaseId'], message: 'Phase is required' });
    }
  });

/** Spec 001 §5: overrides accept numbers only; an empty input is no override. */
export function numericOverrides(texts: Record<string, string>): Record<string, number> {
  const overrides: Record<string, number> = {};
  for (const [name, text] of Object.entries(texts)) {
    const trimmed = text.trim();
    if (trimmed !== '' && Number.isFinite(Number(trimmed))) overrides[name] = Number(trimmed);
  }
  return overrides;
}

const MESSAGE_LABELS = {
  success: 'Success message',
  failure: 'Failure message',
  warning: 'Warning message',
} as const;

const emptyToUndefined = (value: string) => (value === '' ? undefined : value);

type Programs = NonNullable<ReturnType<typeof usePrograms>['data']>;
type Catalogue = ReturnType<typeof useRuleCatalogue>['catalogue'];

/**
 * The program, its phase (the program's current one when it is chosen) and the rule; the rule is
 * fixed in the Assign dialog. Says when the phase has the rule already.
 */
function TargetFields({
  programs,
  catalogue,
  ruleFixed,
  onRuleChange,
}: {
  programs: Programs;
  catalogue: Catalogue;
  ruleFixed: boolean;
  onRuleChange: () => void;
}) {
  const { control, setValue } = useFormContext<AssignInput>();
  const [prefix, phaseId, ruleId] = useWatch({ control, name: ['prefix', 'phaseId', 'ruleId'] });
  const program = programs.find((entry) => entry.prefix === prefix);
  const present = new Set(
    program?.phases
      .find((phase) => phase.phaseId === phaseId)
      ?.rules.rules.map((rule) => rule.ruleId),
  );
  return (
    <>
      <SelectField<AssignInput>
        name="prefix"
        label="Program"
        required
        placeholder="Select a program"
        options={programs.map((entry) => ({
          value: entry.prefix,
          label: `${entry.prefix} — ${entry.name}`,
        }))}
        onValueChange={(next) => {
          const chosen = programs.find((entry) => entry.prefix === next);
          setValue('phaseId', chosen?.currentPhase ?? chosen?.phases[0]?.phaseId ?? '');
        }}
      />
      <SelectField<AssignInput>
        // Mounted anew with each program's phases, so it shows the phase chosen for it.
        key={prefix}
        name="phaseId"
        label="Phase"
        required
        placeholder="Select a phase"
        options={(program?.phases ?? []).map((phase) => ({
          value: phase.phaseId,
          label: `${phase.phaseId} — ${phase.phaseName}`,
        }))}
      />
      <SelectField<AssignInput>
        name="ruleId"
        label="Rule"
        disabled={ruleFixed}
        gridColumn={{ md: 'span 2' }}
        placeholder="Select a rule"
        options={[...catalogue.values()].map((rule) => ({
          value: rule.ruleId,
          label: `${rule.name} (${rule.ruleId})`,
        }))}
        onValueChange={onRuleChange}
        helper={
          present.has(ruleId) ? (
            <Text as="span" color="orange.fg">
              This phase has the rule already.
            </Text>
          ) : undefined
        }
      />
    </>
  );
}

/** Digits only while typing; 1–1000 on leaving, an empty one 100 (decision 18). */
function PriorityField() {
  const { formState, setValue } = useFormContext<AssignInput>();
  const [priorityText, setPriorityText] = useState('100');
  return (
    <FieldFrame
      label="Priority"
      error={formState.errors.priority?.message}
      helper="1 to 1000; a lower number means a higher priority."
    >
      <Input
        inputMode="numeric"
        value={priorityText}
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '');
          setPriorityText(digits);
          setValue('priority', clampPhasePriority(digits));
        }}
        onBlur={() => setPriorityText(String(clampPhasePriority(priorityText)))}
      />
    </FieldFrame>
  );
}

/** The rule's numeric parameters, each with its test value as the placeholder. */
function ParameterOverrideFields({ parameters }: { parameters: [string, unknown][] }) {
  const { setValue } = useFormContext<AssignInput>();
  const [overrideTexts, setOverrideTexts] = useState<Record<string, string>>({});
  return (
    <>
      <Text fontWeight="semibold">Parameter overrides</Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {parameters.map(([name, value]) => (
          <InputField
            key={name}
            label={name}
            inputMode="decimal"
            placeholder={String(value)}
            value={overrideTexts[name] ?? ''}
            onChange={(typed) => {
              const text = typed.replace(/[^\d.-]/g, '');
              const next = { ...overrideTexts, [name]: text };
              setOverrideTexts(next);
              setValue('parameterOverrides', numericOverrides(next));
            }}
          />
        ))}
      </SimpleGrid>
    </>
  );
}

/**
 * The program-rule form (spec 001 §2.18, §3): adds a rule to a phase of a program, with its enabled
 * flag, priority (digits only, 1–1000, new and empty 100 as decision 18 says), action override, custom messages and numeric
 * parameter overrides. Also the Rules Management page's Assign dialog, with the rule chosen.
 */
export function ProgramRuleFormDialog({
  title = 'Add Rule to Program',
  ruleId: fixedRuleId,
  onAssigned,
  onClose,
}: {
  title?: string;
  ruleId?: string;
  onAssigned: (target: { prefix: string; phaseId: string }, result: PhaseRulesChangeResult) => void;
  onClose: () => void;
}) {
  const programs = usePrograms();
  const { catalogue } = useRuleCatalogue();
  const assign = useAssignRule();
  const form = useSchemaForm<AssignInput, AssignOutput>(assignSchema, {
    defaultValues: {
      prefix: '',
      phaseId: '',
      ruleId: fixedRuleId ?? '',
      enabled: true,
      priority: 100,
      parameterOverrides: {},
      customMessages: {},
    },
  });
  const ruleId = useWatch({ control: form.control, name: 'ruleId' });
  const numericParameters = Object.entries(catalogue.get(ruleId)?.testParameters ?? {}).filter(
    ([, value]) => typeof value === 'number',
  );

  const submit = ({ prefix: target, phaseId: phase, ...reference }: AssignOutput) => {
    assign.mutate(
      { prefix: target, phaseId: phase, reference },
      {
        onSuccess: (result) => onAssigned({ prefix: target, phaseId: phase }, result),
        onError: (error) => setServerErrors(form.setError, error),
      },
    );
  };

  return (
    <FormDialog
      title={title}
      confirmLabel={fixedRuleId === undefined ? 'Add Rule' : 'Assign Rule'}
      loadingText="Assigning..."
      size="lg"
      isPending={assign.isPending}
      // A new call clears the last one's error.
      failure={assign.error ? `Failed to assign rule: ${errorText(assign.error)}` : undefined}
      form={form}
      onValid={submit}
      onClose={onClose}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TargetFields
          programs={programs.data ?? []}
          catalogue={catalogue}
          ruleFixed={fixedRuleId !== undefined}
          onRuleChange={() => form.setValue('parameterOverrides', {})}
        />
        <PriorityField />
        <SelectField<AssignInput>
          name="actionOverride"
          label="Action Override"
          none="The rule's own action"
          options={ruleActionTypeSchema.options}
        />
        <CheckboxField<AssignInput> name="enabled" label="Enabled" />
      </SimpleGrid>
      <Text fontWeight="semibold">Custom messages</Text>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {(['success', 'failure', 'warning'] as const).map((kind) => (
          <TextField<AssignInput>
            key={kind}
            name={`customMessages.${kind}`}
            label={MESSAGE_LABELS[kind]}
            setValueAs={emptyToUndefined}
          />
        ))}
      </SimpleGrid>
      {numericParameters.length > 0 && (
        // Mounted anew with each rule, so a rule starts with no overrides typed.
        <ParameterOverrideFields key={ruleId} parameters={numericParameters} />
      )}
    </FormDialog>
  );
}
