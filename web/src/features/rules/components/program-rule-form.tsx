import {
  Alert,
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Field,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import {
  phaseRuleReferenceBodySchema,
  type PhaseRuleReferenceBody,
} from '@shared/programs/program-body';
import type { PhaseRulesChangeResult } from '@shared/programs/program-requests';
import { ruleActionTypeSchema } from '@shared/rules/rule-definition';
import { ApiError } from '@/lib/api-client';
import { usePrograms } from '@/api/programs';
import { clampPhasePriority } from '@/features/programs/form/rule-parameters-view';
import { serverText } from '@/features/programs/server-text';
import { useAssignRule, useRuleCatalogue } from '@/api/rules';

type ReferenceInput = {
  ruleId: string;
  enabled: boolean;
  priority: number;
  parameterOverrides: Record<string, unknown>;
  actionOverride?: PhaseRuleReferenceBody['actionOverride'];
  customMessages: { success?: string; failure?: string; warning?: string };
};

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
  const [prefix, setPrefix] = useState('');
  const [phaseId, setPhaseId] = useState('');
  const [targetError, setTargetError] = useState<string>();
  const [priorityText, setPriorityText] = useState('100');
  const [overrideTexts, setOverrideTexts] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const form = useForm<ReferenceInput, unknown, PhaseRuleReferenceBody>({
    defaultValues: {
      ruleId: fixedRuleId ?? '',
      enabled: true,
      priority: 100,
      parameterOverrides: {},
      customMessages: {},
    },
    resolver: zodResolver(phaseRuleReferenceBodySchema) as never,
  });
  const { register, control, formState, setValue, setError } = form;
  const ruleId = useWatch({ control, name: 'ruleId' });
  const program = programs.data?.find((entry) => entry.prefix === prefix);
  const definition = catalogue.get(ruleId);
  const numericParameters = Object.entries(definition?.testParameters ?? {}).filter(
    ([, value]) => typeof value === 'number',
  );
  const present = new Set(
    program?.phases
      .find((phase) => phase.phaseId === phaseId)
      ?.rules.rules.map((rule) => rule.ruleId),
  );

  // The program and phase are the call's path, not the body: checked beside the body's schema,
  // so one click shows every missing choice.
  const targetProblem = () => {
    if (prefix === '') return 'Program is required';
    if (phaseId === '') return 'Phase is required';
    return undefined;
  };
  const validateAndSubmit = form.handleSubmit((reference) => {
    if (targetProblem() !== undefined) return;
    setFailure(undefined);
    assign.mutate(
      { prefix, phaseId, reference },
      {
        onSuccess: (result) => onAssigned({ prefix, phaseId }, result),
        onError: (error) => {
          if (error instanceof ApiError) {
            for (const detail of error.details ?? []) {
              setError(detail.field as FieldPath<ReferenceInput>, { message: detail.message });
            }
          }
          setFailure(`Failed to assign rule: ${serverText(error)}`);
        },
      },
    );
  });

  return (
    <Dialog.Root
      open
      size="lg"
      scrollBehavior="inside"
      placement="center"
      onOpenChange={(details) => {
        if (!details.open && !assign.isPending) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form
                id="program-rule-form"
                noValidate
                onSubmit={(event) => {
                  setTargetError(targetProblem());
                  void validateAndSubmit(event);
                }}
              >
                <Stack gap="4">
                  {failure && (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Title>{failure}</Alert.Title>
                    </Alert.Root>
                  )}
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    <Field.Root required invalid={targetError === 'Program is required'}>
                      <Field.Label>Program</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field
                          value={prefix}
                          onChange={(event) => {
                            setPrefix(event.target.value);
                            const next = programs.data?.find(
                              (entry) => entry.prefix === event.target.value,
                            );
                            setPhaseId(next?.currentPhase ?? next?.phases[0]?.phaseId ?? '');
                          }}
                        >
                          <option value="">Select a program</option>
                          {programs.data?.map((entry) => (
                            <option key={entry.prefix} value={entry.prefix}>
                              {entry.prefix} — {entry.name}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      {targetError === 'Program is required' && (
                        <Field.ErrorText>{targetError}</Field.ErrorText>
                      )}
                    </Field.Root>
                    <Field.Root required invalid={targetError === 'Phase is required'}>
                      <Field.Label>Phase</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field
                          value={phaseId}
                          onChange={(event) => setPhaseId(event.target.value)}
                        >
                          <option value="">Select a phase</option>
                          {program?.phases.map((phase) => (
                            <option key={phase.phaseId} value={phase.phaseId}>
                              {phase.phaseId} — {phase.phaseName}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      {targetError === 'Phase is required' && (
                        <Field.ErrorText>{targetError}</Field.ErrorText>
                      )}
                    </Field.Root>
                    <Field.Root
                      required
                      invalid={formState.errors.ruleId !== undefined}
                      gridColumn={{ md: 'span 2' }}
                    >
                      <Field.Label>Rule</Field.Label>
                      <NativeSelect.Root disabled={fixedRuleId !== undefined}>
                        <NativeSelect.Field
                          {...register('ruleId', {
                            onChange: () => {
                              setOverrideTexts({});
                              setValue('parameterOverrides', {});
                            },
                          })}
                        >
                          <option value="">Select a rule</option>
                          {[...catalogue.values()].map((rule) => (
                            <option key={rule.ruleId} value={rule.ruleId}>
                              {rule.name} ({rule.ruleId})
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      <Field.ErrorText>{formState.errors.ruleId?.message}</Field.ErrorText>
                      {present.has(ruleId) && (
                        <Field.HelperText color="orange.fg">
                          This phase has the rule already.
                        </Field.HelperText>
                      )}
                    </Field.Root>
                    <Field.Root invalid={formState.errors.priority !== undefined}>
                      <Field.Label>Priority</Field.Label>
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
                      <Field.HelperText>
                        1 to 1000; a lower number means a higher priority.
                      </Field.HelperText>
                      <Field.ErrorText>{formState.errors.priority?.message}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root>
                      <Field.Label>Action Override</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field
                          {...register('actionOverride', { setValueAs: emptyToUndefined })}
                        >
                          <option value="">The rule's own action</option>
                          {ruleActionTypeSchema.options.map((option) => (
                            <option key={option} value={option}>
                              {option}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                    <Controller
                      control={control}
                      name="enabled"
                      render={({ field }) => (
                        <Checkbox.Root
                          checked={field.value}
                          onCheckedChange={(details) => field.onChange(details.checked === true)}
                        >
                          <Checkbox.HiddenInput onBlur={field.onBlur} />
                          <Checkbox.Control />
                          <Checkbox.Label>Enabled</Checkbox.Label>
                        </Checkbox.Root>
                      )}
                    />
                  </SimpleGrid>
                  <Text fontWeight="semibold">Custom messages</Text>
                  <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                    {(['success', 'failure', 'warning'] as const).map((kind) => (
                      <Field.Root key={kind}>
                        <Field.Label>{MESSAGE_LABELS[kind]}</Field.Label>
                        <Input
                          {...register(`customMessages.${kind}`, { setValueAs: emptyToUndefined })}
                        />
                      </Field.Root>
                    ))}
                  </SimpleGrid>
                  {numericParameters.length > 0 && (
                    <>
                      <Text fontWeight="semibold">Parameter overrides</Text>
                      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                        {numericParameters.map(([name, value]) => (
                          <Field.Root key={name}>
                            <Field.Label>{name}</Field.Label>
                            <Input
                              inputMode="decimal"
                              placeholder={String(value)}
                              value={overrideTexts[name] ?? ''}
                              onChange={(event) => {
                                const text = event.target.value.replace(/[^\d.-]/g, '');
                                const next = { ...overrideTexts, [name]: text };
                                setOverrideTexts(next);
                                setValue('parameterOverrides', numericOverrides(next));
                              }}
                            />
                          </Field.Root>
                        ))}
                      </SimpleGrid>
                    </>
                  )}
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={assign.isPending}>
                Cancel
              </Button>
              <Button
                type="submit"
                form="program-rule-form"
                colorPalette="blue"
                loading={assign.isPending}
                loadingText="Assigning..."
              >
                {fixedRuleId === undefined ? 'Add Rule' : 'Assign Rule'}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close dialog" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
