import { Field, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { copyNameOf, programCopyBodySchema } from '@shared/programs/program-body';
import type { Program } from '@shared/programs/program';
import { errorText } from '@/lib/api-client';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { toaster } from '@/components/ui/toaster';
import { useCopyProgram } from '@/api/programs';
import { suggestCopyPrefix } from '@/lib/programs/program-columns';

type Problems = { newPrefix?: string; newName?: string };

/**
 * Spec 001 §2.1 copy: asks for the new prefix (suggested `<prefix>-COPY`, numbered when taken),
 * refuses an empty one and upper-cases it; and for the copy's name, suggested `<name> (copy)` so two
 * programs never read the same (issue 24). On success it hands the new program to open.
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
  const [newPrefix, setNewPrefix] = useState(() => suggestCopyPrefix(program.prefix, taken));
  const [newName, setNewName] = useState(() => copyNameOf(program.name));
  const [problems, setProblems] = useState<Problems>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = programCopyBodySchema.safeParse({ newPrefix, newName });
    if (!parsed.success) {
      const found: Problems = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Problems;
        found[field] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    copy.mutate(
      { prefix: program.prefix, ...parsed.data },
      {
        onSuccess: (created) => {
          toaster.create({ type: 'success', title: `Program copied to ${created.prefix}` });
          onCopied(created);
        },
      },
    );
  };
  const failure = copy.isError ? `Failed to copy program: ${errorText(copy.error)}` : undefined;

  return (
    <FormDialog
      title={`Copy ${program.prefix}`}
      confirmLabel="Copy Program"
      isPending={copy.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack gap="4">
        <Field.Root invalid={(problems.newPrefix ?? failure) !== undefined}>
          <Field.Label>New program prefix</Field.Label>
          <Input
            value={newPrefix}
            onChange={(event) => setNewPrefix(event.target.value)}
            disabled={copy.isPending}
            autoFocus
          />
          <Field.ErrorText>{problems.newPrefix ?? failure}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={problems.newName !== undefined}>
          <Field.Label>New program name</Field.Label>
          <Input
            value={newName}
            onChange={(event) => setNewName(event.target.value)}
            disabled={copy.isPending}
          />
          <Field.ErrorText>{problems.newName}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}
