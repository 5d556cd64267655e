import { Button, Fieldset, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import { LuPlus } from 'react-icons/lu';
import { createNewPhase } from '@shared/programs/program-defaults';
import type { RuleCatalogue } from '@/lib/programs/program-columns';
import { Form, FormAlert } from '@/components/ui/form';
import { useScrollIntoView } from '@/lib/form-schema';
import { BasicInformation } from './basic-information';
import { FormSection } from './form-section';
import {
  collectErrorMessages,
  programFormResolver,
  useProgramFormContext,
  withRuleOwners,
  type FormMode,
  type ProgramFormOutput,
  type ProgramFormValues,
} from './form-values';
import { PhaseCard } from './phase-card';
import { ProgramUrls } from './program-urls';

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
    /** The `value` of the submit button that sent the form (Preview Impact's `preview`), if any. */
    intent?: string,
  ) => void;
  /** Rendered under the form's sections (the edit screen's version history). */
  children?: ReactNode;
  /** Told when the form starts or stops holding unsaved changes (Cancel asks before losing them). */
  onDirtyChange?: (dirty: boolean) => void;
}

function PhasesSection({ catalogue, readOnly }: { catalogue: RuleCatalogue; readOnly: boolean }) {
  const { control, getValues } = useProgramFormContext();
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

  return (
    <Form
      form={form}
      id={formId}
      ref={formRef}
      onValid={(values, event) => {
        setInvalidMessages([]);
        const submitter = (event?.nativeEvent as SubmitEvent | undefined)?.submitter;
        onValid?.(
          withRuleOwners(values) as ProgramFormOutput,
          form,
          submitter?.getAttribute('value') ?? undefined,
        );
      }}
      onInvalid={(errors) => setInvalidMessages(collectErrorMessages(errors))}
    >
      <Stack gap="5">
        {invalidMessages.length > 0 && (
          <FormAlert
            ref={alertRef}
            title="Validation Error"
            description={VALIDATION_HEADLINE}
            lines={invalidMessages}
          />
        )}
        {invalidMessages.length === 0 && failure && (
          <FormAlert
            ref={alertRef}
            title="Validation Error"
            description={failure.message}
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
    </Form>
  );
}
