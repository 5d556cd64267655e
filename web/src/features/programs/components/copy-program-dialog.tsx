import type * as z from 'zod';
import {
  copyNameOf,
  programCopyBodySchema,
  type ProgramCopyBody,
} from '@shared/programs/program-body';
import type { Program } from '@shared/programs/program';
import { errorText } from '@/lib/api-client';
import { useSchemaForm } from '@/lib/form-schema';
import { FormDialog, TextField } from '@/components/ui/form';
import { toaster } from '@/components/ui/toaster';
import { useCopyProgram } from '@/api/programs';
import { suggestCopyPrefix } from '@/lib/programs/program-columns';

type CopyInput = z.input<typeof programCopyBodySchema>;

/**
 * Spec 001 §2.1 copy: asks for the new prefix (suggested `<prefix>-COPY`, numbered when taken),
 * refuses an empty one and upper-cases it; and for the copy's name, suggested `<name> (copy)` so two
 * programs never read the same. On success it hands the new program to open; a refusal is said
 * under the prefix, the field it is nearly always about.
 */
export function CopyProgramDialog({
  program,
  taken,
  onClose,
  onCopied,
}: {
  program: Program;
  taken: string[];
  onClose: () => void;
  onCopied: (copy: Program) => void;
}) {
  const copy = useCopyProgram();
  const form = useSchemaForm<CopyInput, ProgramCopyBody>(programCopyBodySchema, {
    defaultValues: {
      newPrefix: suggestCopyPrefix(program.prefix, taken),
      newName: copyNameOf(program.name),
    },
  });

  const submit = (body: ProgramCopyBody) =>
    copy.mutate(
      { prefix: program.prefix, ...body },
      {
        onSuccess: (created) => {
          toaster.create({ type: 'success', title: `Program copied to ${created.prefix}` });
          onCopied(created);
        },
        onError: (error) =>
          form.setError('newPrefix', {
            message: `Failed to copy program: ${errorText(error)}`,
          }),
      },
    );

  return (
    <FormDialog
      title={`Copy ${program.prefix}`}
      confirmLabel="Copy Program"
      isPending={copy.isPending}
      form={form}
      onValid={submit}
      onClose={onClose}
    >
      <TextField<CopyInput> name="newPrefix" label="New program prefix" autoFocus />
      {/* Optional in the API (callers before the dialog asked), required here: a blank is refused. */}
      <TextField<CopyInput> name="newName" label="New program name" required />
    </FormDialog>
  );
}
