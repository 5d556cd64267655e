import { Button, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { RuleCatalogue } from '@/lib/programs/program-columns';
import { ProgramPageHeader } from '../components/program-page-header';
import { useLeaveGuard } from './discard-changes';
import type { FormMode, ProgramFormOutput } from './form-values';
import { ProgramForm, type FormFailure, type ProgramFormProps } from './program-form';
import { saveFailure } from './save-failure';

/** Says why a save failed (the spec's headline, the server's text), with what the user can do. */
export type SaveFailed = (headline: string, error: unknown, action?: FormFailure['action']) => void;

export interface ProgramFormScreenProps extends Pick<
  ProgramFormProps,
  'defaultValues' | 'children'
> {
  mode: FormMode;
  title: string;
  subtitle?: string;
  /** A line under the title, before the form. */
  intro?: string;
  catalogue: RuleCatalogue;
  /** The header's submit button, and its text while the save runs. */
  submitLabel: string;
  savingLabel: string;
  isSaving: boolean;
  /** Header buttons before Back to Programs (Force Update All Accounts). */
  leading?: ReactNode;
  /** Header buttons between Back to Programs and the submit button (View Program JSON). */
  trailing?: ReactNode;
  /** A Cancel link beside Back to Programs (the create screen's). */
  cancel?: boolean;
  onSave: (values: ProgramFormOutput, failed: SaveFailed) => void;
}

/**
 * The create and edit screens around the program form (spec 001 §2.2, §2.3): the title with Back to
 * Programs and the submit button, the failure of the last save, and the question before leaving
 * unsaved changes.
 */
export function ProgramFormScreen({
  mode,
  title,
  subtitle,
  intro,
  catalogue,
  defaultValues,
  submitLabel,
  savingLabel,
  isSaving,
  leading,
  trailing,
  cancel = false,
  onSave,
  children,
}: ProgramFormScreenProps) {
  const formId = `${mode}-program-form`;
  const [failure, setFailure] = useState<FormFailure>();
  const guard = useLeaveGuard(paths.programs.href());
  const leave = (content: ReactNode, variant: 'ghost' | 'outline') => (
    <Button asChild variant={variant}>
      <RouterLink to={paths.programs.href()} onClick={guard.onLeaveClick}>
        {content}
      </RouterLink>
    </Button>
  );
  return (
    <>
      <ProgramPageHeader title={title} subtitle={subtitle}>
        {leading}
        {leave(
          <>
            <LuArrowLeft /> Back to Programs
          </>,
          'ghost',
        )}
        {cancel && leave('Cancel', 'outline')}
        {trailing}
        <Button
          type="submit"
          form={formId}
          colorPalette="blue"
          loading={isSaving}
          loadingText={savingLabel}
        >
          {submitLabel}
        </Button>
      </ProgramPageHeader>
      {intro && (
        <Text color="fg.muted" mb="5">
          {intro}
        </Text>
      )}
      <ProgramForm
        mode={mode}
        formId={formId}
        defaultValues={defaultValues}
        catalogue={catalogue}
        failure={failure}
        onDirtyChange={guard.onDirtyChange}
        onValid={(values, form) => {
          setFailure(undefined);
          onSave(values, (headline, error, action) =>
            setFailure({ ...saveFailure(headline, error, form), ...(action && { action }) }),
          );
        }}
      >
        {children}
      </ProgramForm>
      {guard.dialog}
    </>
  );
}
