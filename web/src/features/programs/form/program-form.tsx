import {
  Alert,
  Button,
  Field,
  Fieldset,
  HStack,
  Input,
  Link,
  List,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import {
  FormProvider,
  useFieldArray,
  useForm,
  useFormContext,
  useWatch,
  type UseFormReturn,
} from 'react-hook-form';
import { LuExternalLink, LuPlus } from 'react-icons/lu';
import { INVALID_URL_MESSAGE, webUrlProblem } from '@shared/common/fields';
import { createNewPhase } from '@shared/programs/program-defaults';
import { programStatusSchema, programTypeSchema } from '@shared/programs/program';
import type { RuleCatalogue } from '../program-columns';
import { PROGRAM_TYPE_LABELS } from '../program-labels';
import { useScrollIntoView } from '@/lib/form-schema';
import { FormSection } from './form-section';
import {
  collectErrorMessages,
  programFormResolver,
  withRuleOwners,
  type FormMode,
  type ProgramFormOutput,
  type ProgramFormValues,
} from './form-values';
import { PhaseCard } from './phase-card';

export const VALIDATION_HEADLINE = 'Please fix the following required fields';

/** What the form shows in its 'Validation Error' alert after the server refused a save. */
export interface FormFailure {
  message: string;
  details: string[];
  /** What the user can do about it (reload after a 409). */
  action?: { label: string; onClick: () => void };
}

export interface ProgramFormProps {
  mode: FormMode;
  /** The form element's id, so header buttons outside it can submit it. */
  formId: string;
  defaultValues: ProgramFormValues;
  catalogue: RuleCatalogue;
  readOnly?: boolean;
  failure?: FormFailure;
  onValid?: (
    values: ProgramFormOutput,
    form: UseFormReturn<ProgramFormValues, unknown, ProgramFormOutput>,
  ) => void;
  /** Rendered under the form's sections (the edit screen's version history). */
  children?: ReactNode;
  /** Told when the form starts or stops holding unsaved changes (Cancel asks before losing them). */
  onDirtyChange?: (dirty: boolean) => void;
}

function PhasesSection({ catalogue, readOnly }: { catalogue: RuleCatalogue; readOnly: boolean }) {
  const { control, getValues } = useFormContextTyped();
  const { fields, append, remove } = useFieldArray({ control, name: 'phases' });
  const addPhase = () => {
    const prefix = getValues('prefix');
    // phase-N after a removal may be taken ('phase-3' kept when phase-2 went): the first free N.
    const taken = new Set((getValues('phases') ?? []).map((phase) => phase.phaseId));
    let number = fields.length + 1;
    while (taken.has(`phase-${number}`)) number += 1;
    append(createNewPhase(number, typeof prefix === 'string' ? prefix : ''));
  };
  return (
    <Stack gap="4">
      {fields.map((field, index) => (
        <PhaseCard
          key={field.id}
          phaseIndex={index}
          catalogue={catalogue}
          readOnly={readOnly}
          canRemove={fields.length > 1}
          onRemove={() => remove(index)}
        />
      ))}
      {fields.length === 0 && <Text color="fg.muted">This program has no phases yet.</Text>}
      {!readOnly && (
        <Button variant="outline" alignSelf="flex-start" onClick={addPhase}>
          <LuPlus /> {fields.length === 0 ? 'Add First Phase' : 'Add Phase'}
        </Button>
      )}
    </Stack>
  );
}

// A typed alias keeps every part of the form on the same value type.
const useFormContextTyped = () => useFormContext<ProgramFormValues, unknown, ProgramFormOutput>();

function BasicInformation({ mode }: { mode: FormMode }) {
  const { register, formState, control } = useFormContextTyped();
  const errors = formState.errors;
  const phases = useWatch({ control, name: 'phases' }) ?? [];
  const currentPhase = useWatch({ control, name: 'currentPhase' });
  const phaseIds = phases.map((phase) => phase.phaseId).filter((id): id is string => !!id);
  const missingCurrent =
    typeof currentPhase === 'string' && currentPhase !== '' && !phaseIds.includes(currentPhase);
  const prefix = register('prefix', {
    setValueAs: (value: string) => value.toUpperCase(),
  });
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <Field.Root required invalid={errors.prefix !== undefined}>
        <Field.Label>Program Prefix</Field.Label>
        <Input fontFamily="mono" textTransform="uppercase" readOnly={mode === 'edit'} {...prefix} />
        <Field.HelperText>Upper-case letters, digits and hyphens: EVAL50K.</Field.HelperText>
        <Field.ErrorText>{errors.prefix?.message}</Field.ErrorText>
      </Field.Root>
      <Field.Root required invalid={errors.name !== undefined}>
        <Field.Label>Program Name</Field.Label>
        <Input {...register('name')} />
        <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
      </Field.Root>
      <Field.Root required invalid={errors.description !== undefined} gridColumn={{ md: 'span 2' }}>
        <Field.Label>Description</Field.Label>
        <Textarea rows={2} {...register('description')} />
        <Field.ErrorText>{errors.description?.message}</Field.ErrorText>
      </Field.Root>
      <Field.Root required invalid={errors.type !== undefined}>
        <Field.Label>Program Type</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field {...register('type')}>
            <option value="">Select a type</option>
            {programTypeSchema.options.map((option) => (
              <option key={option} value={option}>
                {PROGRAM_TYPE_LABELS[option]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>{errors.type?.message}</Field.ErrorText>
      </Field.Root>
      <Field.Root required invalid={errors.status !== undefined}>
        <Field.Label>Program Status</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field {...register('status')} textTransform="capitalize">
            {programStatusSchema.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>{errors.status?.message}</Field.ErrorText>
      </Field.Root>
      <Field.Root required invalid={errors.currentPhase !== undefined}>
        <Field.Label>Current Phase</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field {...register('currentPhase')}>
            <option value="">Select the current phase</option>
            {phaseIds.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
            {missingCurrent && <option value={currentPhase}>{currentPhase} (not a phase)</option>}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>{errors.currentPhase?.message}</Field.ErrorText>
      </Field.Root>
      <Field.Root required invalid={errors.createdBy !== undefined}>
        <Field.Label>Created By</Field.Label>
        <Input {...register('createdBy')} />
        <Field.ErrorText>{errors.createdBy?.message}</Field.ErrorText>
      </Field.Root>
      <Field.Root>
        <Field.Label>Version</Field.Label>
        <Input readOnly {...register('version', { valueAsNumber: true })} />
      </Field.Root>
    </SimpleGrid>
  );
}

function ProgramUrls() {
  const { register, control } = useFormContextTyped();
  const purchaseUrl = useWatch({ control, name: 'urls.purchaseUrl' }) ?? '';
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <Field.Root>
          <Field.Label>Purchase URL</Field.Label>
          <Input type="url" {...register('urls.purchaseUrl')} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Reset URL</Field.Label>
          <Input type="url" {...register('urls.resetUrl')} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Cancel URL</Field.Label>
          <Input type="url" {...register('urls.cancelUrl')} />
        </Field.Root>
      </SimpleGrid>
      <HStack>
        {purchaseUrl.trim() === '' ? (
          <Text color="fg.muted" fontSize="sm">
            URLs are used for program actions and may be left empty.
          </Text>
        ) : webUrlProblem(purchaseUrl.trim()) ? (
          // Never a link to javascript:, data: and the like (a program saved before issue 23).
          <Text color="fg.error" fontSize="sm">
            {webUrlProblem(purchaseUrl.trim()) === 'scheme'
              ? 'Purchase URL must be an http or https URL'
              : INVALID_URL_MESSAGE}
          </Text>
        ) : (
          <Button asChild size="sm" variant="outline">
            <Link href={purchaseUrl} target="_blank" rel="noopener noreferrer">
              Purchase <LuExternalLink />
            </Link>
          </Button>
        )}
      </HStack>
    </Stack>
  );
}

function FailureAlert({
  ref,
  headline,
  lines,
  action,
}: {
  ref: Ref<HTMLDivElement>;
  headline: string;
  lines: string[];
  action?: FormFailure['action'];
}) {
  return (
    <Alert.Root ref={ref} status="error" role="alert" alignItems="flex-start" scrollMarginTop="20">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Validation Error</Alert.Title>
        <Alert.Description>
          <Text>{headline}</Text>
          {lines.length > 0 && (
            <List.Root ps="5" mt="1">
              {lines.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List.Root>
          )}
        </Alert.Description>
        {action && (
          <Button
            size="sm"
            variant="outline"
            mt="2"
            alignSelf="flex-start"
            onClick={action.onClick}
          >
            {action.label}
          </Button>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * The shared program form of spec 001 §2.4: basic information, phases and URLs in collapsible
 * sections, validated by the API's own schema. Ctrl/Cmd+S submits it (spec 001 §2.3).
 */
export function ProgramForm({
  mode,
  formId,
  defaultValues,
  catalogue,
  readOnly = false,
  failure,
  onValid,
  children,
  onDirtyChange,
}: ProgramFormProps) {
  const form = useForm<ProgramFormValues, unknown, ProgramFormOutput>({
    defaultValues,
    resolver: programFormResolver(mode),
  });
  const [invalidMessages, setInvalidMessages] = useState<string[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  // A refused save clicked in the header shows its reasons, scrolled into view.
  const alertRef = useScrollIntoView<HTMLDivElement>(
    invalidMessages.length > 0 ? invalidMessages : failure,
  );
  const isDirty = form.formState.isDirty;
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  useEffect(() => {
    if (readOnly) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        formRef.current?.requestSubmit();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [readOnly]);

  const submit = form.handleSubmit(
    (values) => {
      setInvalidMessages([]);
      onValid?.(withRuleOwners(values) as ProgramFormOutput, form);
    },
    (errors) => setInvalidMessages(collectErrorMessages(errors)),
  );

  return (
    <FormProvider {...form}>
      <form id={formId} ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="5">
          {invalidMessages.length > 0 && (
            <FailureAlert ref={alertRef} headline={VALIDATION_HEADLINE} lines={invalidMessages} />
          )}
          {invalidMessages.length === 0 && failure && (
            <FailureAlert
              ref={alertRef}
              headline={failure.message}
              lines={failure.details}
              action={failure.action}
            />
          )}
          <Fieldset.Root disabled={readOnly} minW="0">
            <Stack gap="5">
              <FormSection title="Basic Program Information">
                <BasicInformation mode={mode} />
              </FormSection>
              <FormSection title="Trading Phases">
                <PhasesSection catalogue={catalogue} readOnly={readOnly} />
              </FormSection>
              <FormSection title="Program URLs">
                <ProgramUrls />
              </FormSection>
            </Stack>
          </Fieldset.Root>
          {children}
        </Stack>
      </form>
    </FormProvider>
  );
}
