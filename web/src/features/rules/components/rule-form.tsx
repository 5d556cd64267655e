import { Box, Button, Collapsible, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { ruleBodySchema, type RuleBody, type RuleBodyInput } from '@shared/programs/rule-body';
import {
  ruleCategorySchema,
  type RuleCategory,
  type RuleDefinition,
} from '@shared/rules/rule-definition';
import { CodeBlock } from '@/components/json-modal/code-block';
import { FormAlert, FormDialog, setServerErrors } from '@/components/ui/form';
import { collectErrorMessages, schemaResolver, useScrollIntoView } from '@/lib/form-schema';
import { useSaveRule } from '@/api/rules';
import { RULE_TEMPLATES, cloneJson, generateRuleId, ruleFromTemplate } from '../rule-templates';
import { useRuleEditGuard } from './rule-edit-confirm';
import { RuleFormFields } from './rule-form-fields';

export type RuleFormMode = 'create' | 'edit';

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

/** Create mode's row of templates, one per category; applying one replaces the form's values. */
function Templates({ onApply, error }: { onApply: (category: string) => void; error?: string }) {
  return (
    <Stack gap="2">
      <Text fontWeight="semibold">Templates</Text>
      <HStack wrap="wrap" gap="2" role="group" aria-label="Templates">
        {ruleCategorySchema.options.map((option) => (
          <Button key={option} size="xs" variant="outline" onClick={() => onApply(option)}>
            {RULE_TEMPLATES[option].label}
          </Button>
        ))}
      </HStack>
      {error && <Text color="red.fg">{error}</Text>}
    </Stack>
  );
}

/** Edit mode's view of the rule as stored, folded away until asked for. */
function StoredJson({ stored }: { stored: RuleDefinition }) {
  return (
    <Collapsible.Root>
      <Collapsible.Trigger asChild>
        <Button size="xs" variant="outline">
          Current rule JSON
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Box mt="2">
          <CodeBlock label="Current rule JSON" maxH="300px">
            {JSON.stringify(stored, null, 2)}
          </CodeBlock>
        </Box>
      </Collapsible.Content>
    </Collapsible.Root>
  );
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
  const saveRule = useSaveRule();
  const [failure, setFailure] = useState<string>();
  // What a refused Create/Update lists, so a click on it never seems to do nothing.
  const [invalidMessages, setInvalidMessages] = useState<string[]>([]);
  const alertRef = useScrollIntoView<HTMLDivElement>(
    failure ?? (invalidMessages.length > 0 ? invalidMessages : undefined),
  );
  const [templateError, setTemplateError] = useState<string>();
  const category = (useWatch({ control: form.control, name: 'category' }) ?? '') as
    RuleCategory | '';
  const name = useWatch({ control: form.control, name: 'name' }) ?? '';
  const ruleId = mode === 'create' ? generateRuleId(category, name, timestamp) : initial.ruleId;
  // Decision 36: an edit of a rule in use first lists the programs that use it.
  const guard = useRuleEditGuard(mode === 'edit' ? initial.ruleId : undefined, initial.name ?? '');

  const applyTemplate = (templateName: string) => {
    try {
      form.reset(ruleFromTemplate(templateName, timestamp));
      setTemplateError(undefined);
    } catch (error) {
      setTemplateError(error instanceof Error ? error.message : String(error));
    }
  };
  const save = (rule: RuleBody) => {
    setFailure(undefined);
    saveRule.mutate(
      { mode, rule },
      {
        onSuccess: onSaved,
        onError: (error) => {
          setServerErrors(form.setError, error);
          setFailure(failureText(error));
        },
      },
    );
  };

  return (
    <FormDialog
      title={mode === 'create' ? 'Create Rule' : 'Edit Rule'}
      confirmLabel={mode === 'create' ? 'Create Rule' : 'Update Rule'}
      loadingText="Saving rule..."
      size="xl"
      isPending={saveRule.isPending}
      busy={guard.checking}
      form={form}
      schema={ruleBodySchema}
      onValid={(rule) => {
        setInvalidMessages([]);
        guard.run(() => save(rule));
      }}
      onInvalid={(invalid) => {
        setFailure(undefined);
        setInvalidMessages(collectErrorMessages(invalid));
      }}
      onClose={onClose}
      stacked={guard.dialog}
    >
      <Stack gap="5">
        {failure && <FormAlert ref={alertRef} title={failure} />}
        {!failure && invalidMessages.length > 0 && (
          <FormAlert
            ref={alertRef}
            title="Please fix the following fields"
            lines={invalidMessages}
          />
        )}
        {showTemplates && mode === 'create' && (
          <Templates onApply={applyTemplate} error={templateError} />
        )}
        {mode === 'edit' && stored && <StoredJson stored={stored} />}
        <RuleFormFields ruleId={ruleId ?? ''} category={category} />
      </Stack>
    </FormDialog>
  );
}
