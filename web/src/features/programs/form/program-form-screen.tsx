import { Button, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { LuActivity, LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { useRuleCatalogue } from '@/api/rules';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/ui/page-header';
import { useLeaveGuard } from './discard-changes';
import type { ProgramFormOutput } from './form-values';
import { ProgramForm, type FormFailure, type ProgramFormProps } from './program-form';
import { saveFailure } from './save-failure';

/** Says why a save failed (the spec's headline, the server's text), with what the user can do. */
export type SaveFailed = (headline: string, error: unknown, action?: FormFailure['action']) => void;

export interface ProgramFormScreenProps extends Pick<
  ProgramFormProps,
  'mode' | 'defaultValues' | 'children'
> {
  /** The program's prefix and name, under the edit screen's title. */
  subtitle?: string;
  /** The save runs: the submit button shows progress. */
  isSaving: boolean;
  /** Header buttons before Back to Programs (Force Update All Accounts). */
  leading?: ReactNode;
  /** Header buttons between Back to Programs and the submit button (View Program JSON). */
  trailing?: ReactNode;
  onSave: (values: ProgramFormOutput, failed: SaveFailed) => void;
  /**
   * Offers Preview Impact beside the submit button: the form is validated as for a save and its
   * values handed here instead of saved.
   */
  onPreview?: (values: ProgramFormOutput, failed: SaveFailed) => void;
  /** The preview is starting: its button shows progress. */
  isPreviewing?: boolean;
}

/** The value of the Preview Impact button, which submits the form for a preview, not a save. */
const PREVIEW_INTENT = 'preview';

/** Each mode's words (spec 001 §2.2, §2.3); creating also offers Cancel beside Back. */
const SCREEN = {
  create: {
    title: 'Create New Trading Program',
    intro: 'Start with the basics: phases, rules and fees can be customised later.',
    submit: 'Create Program',
    saving: 'Creating Program...',
    cancel: true,
  },
  edit: {
    title: 'Edit Program',
    intro: undefined,
    submit: 'Save Changes',
    saving: 'Saving...',
    cancel: false,
  },
} as const;

/**
 * The create and edit screens around the program form (spec 001 §2.2, §2.3): the title with Back to
 * Programs and the submit button, the failure of the last save, and the question before leaving
 * unsaved changes.
 */
export function ProgramFormScreen({
  subtitle,
  isSaving,
  leading,
  trailing,
  onSave,
  onPreview,
  isPreviewing = false,
  ...form
}: ProgramFormScreenProps) {
  const screen = SCREEN[form.mode];
  const { catalogue } = useRuleCatalogue();
  const formId = `${form.mode}-program-form`;
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
      <PageHeader
        title={screen.title}
        subtitle={subtitle}
        actions={
          <>
            {leading}
            {leave(
              <>
                <LuArrowLeft /> Back to Programs
              </>,
              'ghost',
            )}
            {screen.cancel && leave('Cancel', 'outline')}
            {trailing}
            {onPreview && (
              <Button
                type="submit"
                form={formId}
                value={PREVIEW_INTENT}
                variant="outline"
                loading={isPreviewing}
              >
                <LuActivity /> Preview Impact
              </Button>
            )}
            <Button
              type="submit"
              form={formId}
              colorPalette="blue"
              loading={isSaving}
              loadingText={screen.saving}
            >
              {screen.submit}
            </Button>
          </>
        }
      />
      {screen.intro && (
        <Text color="fg.muted" mb="5">
          {screen.intro}
        </Text>
      )}
      <ProgramForm
        {...form}
        formId={formId}
        catalogue={catalogue}
        failure={failure}
        onDirtyChange={guard.onDirtyChange}
        onValid={(values, form, intent) => {
          setFailure(undefined);
          const failed: SaveFailed = (headline, error, action) =>
            setFailure({ ...saveFailure(headline, error, form), ...(action && { action }) });
          if (intent === PREVIEW_INTENT && onPreview) onPreview(values, failed);
          else onSave(values, failed);
        }}
      />
      {guard.dialog}
    </>
  );
}
