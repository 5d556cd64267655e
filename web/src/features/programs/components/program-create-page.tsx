import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createNewProgram } from '@shared/programs/program-defaults';
import { toaster } from '@/components/ui/toaster';
import { useCreateProgram } from '@/api/programs';
import type { ProgramFormValues } from '../form/form-values';
import { ProgramFormScreen } from '../form/program-form-screen';
import { paths } from '@/config/paths';

/** Spec 001 §2.2: 'Create New Trading Program', starting from the §9 new-program defaults. */
export function ProgramCreatePage() {
  const navigate = useNavigate();
  const create = useCreateProgram();
  const [defaults] = useState(() => createNewProgram() as ProgramFormValues);

  return (
    <ProgramFormScreen
      mode="create"
      isSaving={create.isPending}
      defaultValues={defaults}
      onSave={(values, failed) =>
        create.mutate(
          { ...values, version: 1 },
          {
            onSuccess: (program) => {
              toaster.create({ type: 'success', title: `Program ${program.prefix} created` });
              void navigate(paths.programs.href());
            },
            onError: (error) => failed('Failed to create program', error),
          },
        )
      }
    />
  );
}
