import { programCopyBodySchema } from '@shared/programs/program-body';
import type { Program } from '@shared/programs/program';
import { PromptDialog } from '../../../components/prompt-dialog/prompt-dialog';
import { toaster } from '../../../components/ui/toaster';
import { useCopyProgram } from '../api/programs';
import { suggestCopyPrefix } from '../program-columns';
import { serverText } from '../server-text';

/**
 * Spec 001 §2.1 copy: asks for the new prefix (suggested `<prefix>-COPY`, numbered when taken),
 * refuses an empty one, upper-cases it, and on success hands the new program to open.
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
  return (
    <PromptDialog
      title={`Copy ${program.prefix}`}
      label="New program prefix"
      initialValue={suggestCopyPrefix(program.prefix, taken)}
      confirmLabel="Copy Program"
      validate={(value) =>
        programCopyBodySchema.safeParse({ newPrefix: value }).error?.issues[0]?.message
      }
      isPending={copy.isPending}
      error={copy.isError ? `Failed to copy program: ${serverText(copy.error)}` : undefined}
      onClose={onClose}
      onSubmit={(value) =>
        copy.mutate(
          { prefix: program.prefix, newPrefix: value.trim().toUpperCase() },
          {
            onSuccess: (created) => {
              toaster.create({ type: 'success', title: `Program copied to ${created.prefix}` });
              onCopied(created);
            },
          },
        )
      }
    />
  );
}
