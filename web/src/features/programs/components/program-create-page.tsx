import { Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { createNewProgram } from '@shared/programs/program-defaults';
import { toaster } from '@/components/ui/toaster';
import { useRuleCatalogue } from '@/api/rules';
import { useCreateProgram } from '@/api/programs';
import type { ProgramFormValues } from '../form/form-values';
import { useLeaveGuard } from '../form/discard-changes';
import { ProgramForm, type FormFailure } from '../form/program-form';
import { saveFailure } from '../form/save-failure';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

const FORM_ID = 'create-program-form';

/** Spec 001 §2.2: 'Create New Trading Program', starting from the §9 new-program defaults. */
export function ProgramCreatePage() {
  const navigate = useNavigate();
  const { catalogue } = useRuleCatalogue();
  const create = useCreateProgram();
  const [failure, setFailure] = useState<FormFailure>();
  const [defaults] = useState(() => createNewProgram() as ProgramFormValues);
  const guard = useLeaveGuard('/programs');

  return (
    <>
      <PageHeader
        title="Create New Trading Program"
        actions={
          <>
            <Button asChild variant="ghost">
              <RouterLink to={paths.programs.href()} onClick={guard.onLeaveClick}>
                <LuArrowLeft /> Back to Programs
              </RouterLink>
            </Button>
            <Button asChild variant="outline">
              <RouterLink to={paths.programs.href()} onClick={guard.onLeaveClick}>
                Cancel
              </RouterLink>
            </Button>
            <Button
              type="submit"
              form={FORM_ID}
              colorPalette="blue"
              loading={create.isPending}
              loadingText="Creating Program..."
            >
              Create Program
            </Button>
          </>
        }
      />
      <Text color="fg.muted" mb="5">
        Start with the basics: phases, rules and fees can be customised later.
      </Text>
      <ProgramForm
        mode="create"
        formId={FORM_ID}
        defaultValues={defaults}
        catalogue={catalogue}
        failure={failure}
        onDirtyChange={guard.onDirtyChange}
        onValid={(values, form) => {
          setFailure(undefined);
          create.mutate(
            { ...values, version: 1 },
            {
              onSuccess: (program) => {
                toaster.create({ type: 'success', title: `Program ${program.prefix} created` });
                void navigate(paths.programs.href());
              },
              onError: (error) => setFailure(saveFailure('Failed to create program', error, form)),
            },
          );
        }}
      />
      {guard.dialog}
    </>
  );
}
