import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { LuLayers, LuPlus } from 'react-icons/lu';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { Program } from '@shared/programs/program';
import { errorText } from '@/lib/api-client';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { toaster } from '@/components/ui/toaster';
import { useRuleCatalogue } from '@/api/rules';
import { useDeleteProgram, usePrograms } from '@/api/programs';
import { CopyProgramDialog } from './copy-program-dialog';
import { ProgramsTable } from './programs-table';
import { paths } from '@/config/paths';

function CreateProgramButton() {
  return (
    <Button asChild colorPalette="blue">
      <RouterLink to={paths.programCreate.href()}>
        <LuPlus /> Create New Program
      </RouterLink>
    </Button>
  );
}

function NoPrograms() {
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <EmptyState.Indicator>
          <LuLayers />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>No Trading Programs Found</EmptyState.Title>
          <EmptyState.Description>
            Create the first program to start selling evaluations.
          </EmptyState.Description>
        </VStack>
        <CreateProgramButton />
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

function ProgramsContent() {
  const programs = usePrograms();
  // Definitions give the derived columns their parameters; the list shows without them meanwhile.
  const { catalogue } = useRuleCatalogue();
  const navigate = useNavigate();
  const deleteProgram = useDeleteProgram();
  const [copying, setCopying] = useState<Program>();
  const [deleting, setDeleting] = useState<Program>();
  const onCopy = useCallback((program: Program) => setCopying(program), []);
  const onDelete = useCallback((program: Program) => setDeleting(program), []);

  // A retry after an error shows the spinner again, so the click visibly does something.
  if (programs.isPending || (programs.isError && programs.isFetching)) {
    return <PageLoading label="Loading trading programs..." />;
  }
  if (programs.isError) {
    return (
      <PageError
        title="Failed to fetch programs"
        error={programs.error}
        onRetry={() => void programs.refetch()}
      />
    );
  }
  if (programs.data.length === 0) return <NoPrograms />;

  const confirmDelete = (program: Program) =>
    deleteProgram.mutate(program.prefix, {
      onSuccess: () => {
        setDeleting(undefined);
        toaster.create({ type: 'success', title: `Program ${program.prefix} deleted` });
      },
      onError: (error) => {
        setDeleting(undefined);
        toaster.create({
          type: 'error',
          title: 'Failed to delete program',
          description: errorText(error),
          duration: 10_000,
          closable: true,
        });
      },
    });

  return (
    <>
      <ProgramsTable
        programs={programs.data}
        catalogue={catalogue}
        onCopy={onCopy}
        onDelete={onDelete}
      />
      {copying && (
        <CopyProgramDialog
          program={copying}
          taken={programs.data.map((program) => program.prefix)}
          onClose={() => setCopying(undefined)}
          onCopied={(copy) => {
            setCopying(undefined);
            void navigate(paths.programEdit.href({ prefix: copy.prefix }));
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title={`Delete ${deleting?.prefix ?? ''}`}
        message="Are you sure you want to delete this program?"
        confirmLabel="Delete"
        destructive
        isPending={deleteProgram.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onClose={() => setDeleting(undefined)}
      />
    </>
  );
}

export function ProgramsPage() {
  return (
    <>
      <PageHeader
        title="Trading Programs"
        subtitle="Manage your evaluation, sim-funded and live-funded trading programs."
        actions={<CreateProgramButton />}
      />
      <ProgramsContent />
    </>
  );
}
