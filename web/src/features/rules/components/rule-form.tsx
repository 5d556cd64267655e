import {
  Alert,
  Box,
  Button,
  Checkbox,
  CloseButton,
  Collapsible,
  Dialog,
  Field,
  HStack,
  Input,
  List,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useState } from 'react';
import {
  Controller,
  FormProvider,
  useForm,
  useWatch,
  type FieldPath,
  type Resolver,
} from 'react-hook-form';
import { ruleBodySchema, type RuleBody, type RuleBodyInput } from '@shared/programs/rule-body';
import {
  categoryRuleType,
  ruleActionTypeSchema,
  ruleCategorySchema,
  ruleTypeSchema,
  type RuleCategory,
  type RuleDefinition,
} from '@shared/rules/rule-definition';
import { ApiError } from '@/lib/api-client';
import { collectErrorMessages, schemaResolver, useScrollIntoView } from '@/lib/form-schema';
import { useSaveRule } from '@/api/rules';
import { RULE_TEMPLATES, cloneJson, generateRuleId, ruleFromTemplate } from '../rule-templates';
import { useRuleEditGuard } from './rule-edit-confirm';
import { RuleParameterInputs } from './rule-parameter-inputs';

export type RuleFormMode = 'create' | 'edit';

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

/** A stored definition as the form edits it: the body's fields only. */
export function ruleToFormValues(rule: RuleDefinition): RuleBodyInput {
  return {
    ruleId: rule.ruleId,
    name: rule.name,
    description: rule.description,
    type: rule.type,
    category: rule.category,
    action: { ...rule.action },
    enabled: rule.enabled,
    priority: rule.priority,
    testClassName: rule.testClassName,
    // Stored parameters were validated as JSON when they were saved.
    testParameters: cloneJson(rule.testParameters) as RuleBodyInput['testParameters'],
    successMessage: rule.successMessage,
    failureMessage: rule.failureMessage,
    warningMessage: rule.warningMessage ?? '',
    isActive: rule.isActive,
    ...(rule.isMultiday === undefined ? {} : { isMultiday: rule.isMultiday }),
    version: rule.version,
    tags: [...rule.tags],
    documentation: rule.documentation ?? '',
    examples: [...rule.examples],
    parameterValidation: rule.parameterValidation,
    ...(rule.defaultValue === undefined ? {} : { defaultValue: rule.defaultValue }),
    ...(rule.dataSource === undefined ? {} : { dataSource: rule.dataSource }),
    ...(rule.implementation === undefined ? {} : { implementation: rule.implementation }),
    // The version the editor loaded: a save over a newer one is a 409 (decision 36).
    ...(rule.ruleVersion === undefined ? {} : { ruleVersion: rule.ruleVersion }),
  };
}

/**
 * In create mode the Rule ID is not typed: it is `<category>-<name>-<timestamp>`, with the
 * timestamp of the moment the form opened (spec 001 §2.18).
 */
function ruleResolver(
  mode: RuleFormMode,
  timestamp: number,
): Resolver<RuleBodyInput, unknown, RuleBody> {
  const resolve = schemaResolver<RuleBodyInput, RuleBody>(ruleBodySchema);
  return (values, context, options) =>
    resolve(
      mode === 'create'
        ? { ...values, ruleId: generateRuleId(values.category ?? '', values.name ?? '', timestamp) }
        : values,
      context,
      options,
    );
}

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

const PLACEHOLDER_HINT = 'Use {actual} and {target} for the measured and allowed values.';

export interface RuleFormDialogProps {
  mode: RuleFormMode;
  initial: RuleBodyInput;
  /** Edit mode shows the stored rule as JSON. */
  stored?: RuleDefinition;
  /** Create mode offers a template per category. */
  showTemplates?: boolean;
  /** The text of a failed save (each screen words it as the spec does). */
  failureText: (error: unknown) => string;
  onSaved: (rule: RuleDefinition) => void;
  onClose: () => void;
}

/** Spec 001 §2.18's rule form in a dialog: create or edit one rule definition. */
export function RuleFormDialog({
  mode,
  initial,
  stored,
  showTemplates = false,
  failureText,
  onSaved,
  onClose,
}: RuleFormDialogProps) {
  const [timestamp] = useState(() => Date.now());
  const form = useForm<RuleBodyInput, unknown, RuleBody>({
    defaultValues: initial,
    resolver: ruleResolver(mode, timestamp),
  });
  const { register, control, formState, setValue, reset, setError } = form;
  const saveRule = useSaveRule();
  const [failure, setFailure] = useState<string>();
  // What a refused Create/Update lists: a click never does nothing (issue 24 item 8).
  const [invalidMessages, setInvalidMessages] = useState<string[]>([]);
  const alertRef = useScrollIntoView<HTMLDivElement>(
    failure ?? (invalidMessages.length > 0 ? invalidMessages : undefined),
  );
  const [tagsText, setTagsText] = useState((initial.tags ?? []).join(', '));
  const [examplesText, setExamplesText] = useState((initial.examples ?? []).join('\n'));
  const [templateError, setTemplateError] = useState<string>();
  const category = (useWatch({ control, name: 'category' }) ?? '') as RuleCategory | '';
  const name = useWatch({ control, name: 'name' }) ?? '';
  const ruleId = mode === 'create' ? generateRuleId(category, name, timestamp) : initial.ruleId;
  const errors = formState.errors;
  // Decision 36: an edit of a rule in use first lists the programs that use it.
  const guard = useRuleEditGuard(mode === 'edit' ? initial.ruleId : undefined, initial.name ?? '');

  const applyTemplate = (templateName: string) => {
    try {
      const rule = ruleFromTemplate(templateName, timestamp);
      reset(rule);
      setTagsText((rule.tags ?? []).join(', '));
      setExamplesText('');
      setTemplateError(undefined);
    } catch (error) {
      setTemplateError(error instanceof Error ? error.message : String(error));
    }
  };

  const submit = form.handleSubmit(
    (rule) => {
      setInvalidMessages([]);
      guard.run(() => save(rule));
    },
    (invalid) => {
      setFailure(undefined);
      setInvalidMessages(collectErrorMessages(invalid));
    },
  );
  const save = (rule: RuleBody) => {
    setFailure(undefined);
    saveRule.mutate(
      { mode, rule },
      {
        onSuccess: onSaved,
        onError: (error) => {
          if (error instanceof ApiError) {
            for (const detail of error.details ?? []) {
              setError(detail.field as FieldPath<RuleBodyInput>, { message: detail.message });
            }
          }
          setFailure(failureText(error));
        },
      },
    );
  };

  return (
    <Dialog.Root
      open
      size="xl"
      scrollBehavior="inside"
      placement="center"
      onOpenChange={(details) => {
        if (!details.open && !saveRule.isPending) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{mode === 'create' ? 'Create Rule' : 'Edit Rule'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <FormProvider {...form}>
                <form id="rule-form" noValidate onSubmit={(event) => void submit(event)}>
                  <Stack gap="5">
                    {failure && (
                      <Alert.Root status="error" role="alert" ref={alertRef}>
                        <Alert.Indicator />
                        <Alert.Title>{failure}</Alert.Title>
                      </Alert.Root>
                    )}
                    {!failure && invalidMessages.length > 0 && (
                      <Alert.Root
                        status="error"
                        role="alert"
                        alignItems="flex-start"
                        ref={alertRef}
                      >
                        <Alert.Indicator />
                        <Alert.Content>
                          <Alert.Title>Please fix the following fields</Alert.Title>
                          <Alert.Description>
                            <List.Root ps="5" mt="1">
                              {invalidMessages.map((message) => (
                                <List.Item key={message}>{message}</List.Item>
                              ))}
                            </List.Root>
                          </Alert.Description>
                        </Alert.Content>
                      </Alert.Root>
                    )}
                    {showTemplates && mode === 'create' && (
                      <Stack gap="2">
                        <Text fontWeight="semibold">Templates</Text>
                        <HStack wrap="wrap" gap="2" role="group" aria-label="Templates">
                          {ruleCategorySchema.options.map((option) => (
                            <Button
                              key={option}
                              size="xs"
                              variant="outline"
                              onClick={() => applyTemplate(option)}
                            >
                              {RULE_TEMPLATES[option].label}
                            </Button>
                          ))}
                        </HStack>
                        {templateError && <Text color="red.fg">{templateError}</Text>}
                      </Stack>
                    )}
                    {mode === 'edit' && stored && (
                      <Collapsible.Root>
                        <Collapsible.Trigger asChild>
                          <Button size="xs" variant="outline">
                            Current rule JSON
                          </Button>
                        </Collapsible.Trigger>
                        <Collapsible.Content>
                          <Box
                            as="pre"
                            aria-label="Current rule JSON"
                            mt="2"
                            p="3"
                            bg="bg.muted"
                            rounded="md"
                            fontSize="xs"
                            maxH="300px"
                            overflow="auto"
                          >
                            {JSON.stringify(stored, null, 2)}
                          </Box>
                        </Collapsible.Content>
                      </Collapsible.Root>
                    )}
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                      <Field.Root required invalid={errors.ruleId !== undefined}>
                        <Field.Label>Rule ID</Field.Label>
                        <Input fontFamily="mono" value={ruleId ?? ''} disabled readOnly />
                        <Field.ErrorText>{errors.ruleId?.message}</Field.ErrorText>
                      </Field.Root>
                      <Field.Root required invalid={errors.name !== undefined}>
                        <Field.Label>Rule Name</Field.Label>
                        <Input {...register('name')} />
                        <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
                      </Field.Root>
                      <Field.Root required invalid={errors.category !== undefined}>
                        <Field.Label>Category</Field.Label>
                        <NativeSelect.Root>
                          <NativeSelect.Field
                            {...register('category', {
                              onChange: (event: { target: { value: string } }) => {
                                const next = event.target.value as RuleCategory | '';
                                if (next === '') return;
                                setValue('type', categoryRuleType[next]);
                                setValue(
                                  'testParameters',
                                  cloneJson(RULE_TEMPLATES[next].testParameters),
                                );
                                setValue(
                                  'isMultiday',
                                  next !== 'daily-loss' && next !== 'inactivity',
                                );
                              },
                            })}
                          >
                            <option value="">Select a category</option>
                            {ruleCategorySchema.options.map((option) => (
                              <option key={option} value={option}>
                                {option}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                        <Field.ErrorText>{errors.category?.message}</Field.ErrorText>
                      </Field.Root>
                      <Field.Root required invalid={errors.type !== undefined}>
                        <Field.Label>Rule Type</Field.Label>
                        <NativeSelect.Root>
                          <NativeSelect.Field {...register('type')}>
                            {ruleTypeSchema.options.map((option) => (
                              <option key={option} value={option}>
                                {option}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                        <Field.ErrorText>{errors.type?.message}</Field.ErrorText>
                      </Field.Root>
                      <Field.Root
                        required
                        invalid={errors.description !== undefined}
                        gridColumn={{ md: 'span 2' }}
                      >
                        <Field.Label>Description</Field.Label>
                        <Textarea rows={2} {...register('description')} />
                        <Field.ErrorText>{errors.description?.message}</Field.ErrorText>
                      </Field.Root>
                      <Field.Root required invalid={errors.testClassName !== undefined}>
                        <Field.Label>Test Class Name</Field.Label>
                        <Input fontFamily="mono" {...register('testClassName')} />
                        <Field.ErrorText>{errors.testClassName?.message}</Field.ErrorText>
                      </Field.Root>
                      <Field.Root invalid={errors.priority !== undefined}>
                        <Field.Label>Priority</Field.Label>
                        <Input
                          type="number"
                          min={1}
                          max={100}
                          {...register('priority', {
                            setValueAs: (value: string) => (value === '' ? 1 : Number(value)),
                          })}
                        />
                        <Field.HelperText>1 to 100.</Field.HelperText>
                        <Field.ErrorText>{errors.priority?.message}</Field.ErrorText>
                      </Field.Root>
                    </SimpleGrid>

                    <RuleParameterInputs category={category} />

                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                      <Field.Root required invalid={errors.successMessage !== undefined}>
                        <Field.Label>Success Message</Field.Label>
                        <Input {...register('successMessage')} />
                        <Field.HelperText>{PLACEHOLDER_HINT}</Field.HelperText>
                        <Field.ErrorText>{errors.successMessage?.message}</Field.ErrorText>
                      </Field.Root>
                      <Field.Root required invalid={errors.failureMessage !== undefined}>
                        <Field.Label>Failure Message</Field.Label>
                        <Input {...register('failureMessage')} />
                        <Field.HelperText>{PLACEHOLDER_HINT}</Field.HelperText>
                        <Field.ErrorText>{errors.failureMessage?.message}</Field.ErrorText>
                      </Field.Root>
                      <Field.Root invalid={errors.warningMessage !== undefined}>
                        <Field.Label>Warning Message</Field.Label>
                        <Input {...register('warningMessage')} />
                        <Field.ErrorText>{errors.warningMessage?.message}</Field.ErrorText>
                      </Field.Root>
                      <Field.Root required invalid={errors.action?.type !== undefined}>
                        <Field.Label>Action Type</Field.Label>
                        <NativeSelect.Root>
                          <NativeSelect.Field {...register('action.type')}>
                            {ruleActionTypeSchema.options.map((option) => (
                              <option key={option} value={option}>
                                {ACTION_LABELS[option] ?? option}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                        <Field.ErrorText>{errors.action?.type?.message}</Field.ErrorText>
                      </Field.Root>
                      <Field.Root
                        required
                        invalid={errors.action?.description !== undefined}
                        gridColumn={{ md: 'span 2' }}
                      >
                        <Field.Label>Action Description</Field.Label>
                        <Input {...register('action.description')} />
                        <Field.ErrorText>{errors.action?.description?.message}</Field.ErrorText>
                      </Field.Root>
                      <Field.Root>
                        <Field.Label>Tags</Field.Label>
                        <Input
                          value={tagsText}
                          placeholder="risk, daily"
                          onChange={(event) => {
                            setTagsText(event.target.value);
                            setValue('tags', parseTags(event.target.value), { shouldDirty: true });
                          }}
                        />
                        <Field.HelperText>Separated by commas.</Field.HelperText>
                      </Field.Root>
                      <Field.Root>
                        <Field.Label>Version</Field.Label>
                        <Input {...register('version')} />
                      </Field.Root>
                    </SimpleGrid>

                    <HStack gap="6" wrap="wrap">
                      {(
                        [
                          ['action.immediate', 'Immediate action'],
                          ['isMultiday', 'Multiday'],
                          ['enabled', 'Enabled'],
                          ['isActive', 'Active'],
                        ] as const
                      ).map(([field, label]) => (
                        <Controller
                          key={field}
                          control={control}
                          name={field}
                          render={({ field: checkbox }) => (
                            <Checkbox.Root
                              checked={checkbox.value === true}
                              onCheckedChange={(details) =>
                                checkbox.onChange(details.checked === true)
                              }
                            >
                              <Checkbox.HiddenInput onBlur={checkbox.onBlur} />
                              <Checkbox.Control />
                              <Checkbox.Label>{label}</Checkbox.Label>
                            </Checkbox.Root>
                          )}
                        />
                      ))}
                    </HStack>

                    <Field.Root>
                      <Field.Label>Documentation</Field.Label>
                      <Textarea rows={2} {...register('documentation')} />
                    </Field.Root>
                    <Field.Root>
                      <Field.Label>Examples</Field.Label>
                      <Textarea
                        rows={2}
                        value={examplesText}
                        onChange={(event) => {
                          setExamplesText(event.target.value);
                          setValue(
                            'examples',
                            event.target.value
                              .split('\n')
                              .map((line) => line.trim())
                              .filter(Boolean),
                          );
                        }}
                      />
                      <Field.HelperText>One example a line.</Field.HelperText>
                    </Field.Root>
                  </Stack>
                </form>
              </FormProvider>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={saveRule.isPending}>
                Cancel
              </Button>
              <Button
                type="submit"
                form="rule-form"
                colorPalette="blue"
                loading={saveRule.isPending || guard.checking}
                loadingText="Saving rule..."
              >
                {mode === 'create' ? 'Create Rule' : 'Update Rule'}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close dialog" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
          {guard.dialog}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
