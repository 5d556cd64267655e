import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ProgramUpgradeResult } from '@shared/programs/program-impact';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { DataTable } from '@/components/data-table/data-table';
import { PageError } from '@/components/ui/page-states';
import { resumeAction } from '@/components/jobs/resume-action';
import { toaster } from '@/components/ui/toaster';
import { errorText } from '@/lib/api-client';
import { useProgramVersions, useRevertProgram } from '@/api/programs';
import { formatSavedAt } from '../saved-at';
import { paths } from '@/config/paths';
import { orMissing } from '@/lib/format';

type Version = NonNullable<ReturnType<typeof useProgramVersions>['data']>[number];

function versionColumns(
  prefix: string,
  current: number,
  onRevert: (version: number) => void,
): ColumnDef<Version>[] {
  return [
    {
      id: 'version',
      header: 'Version',
      cell: ({ row }) => (
        <Stack direction="row" align="center" gap="2">
          <Text>{row.original.version}</Text>
          {row.original.version === current && <Badge colorPalette="green">Current</Badge>}
          {row.original.revertedFrom !== undefined && (
            <Badge>Reverted to {row.original.revertedFrom}</Badge>
          )}
        </Stack>
      ),
    },
    {
      id: 'saved',
      header: 'Saved',
      cell: ({ row }) => formatSavedAt(row.original.updatedAt ?? row.original.createdAt),
    },
    {
      id: 'by',
      header: 'By',
      cell: ({ row }) => row.original.updatedBy ?? orMissing(row.original.createdBy),
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => <Text textTransform="capitalize">{row.original.status}</Text>,
    },
    {
      id: 'actions',
      header: '',
      cell: ({ row }) =>
        row.original.version !== current && (
          <HStack gap="2">
            <Button asChild size="xs" variant="outline">
              <RouterLink
                to={paths.programEdit.href({ prefix }, { version: row.original.version })}
                aria-label={`View version ${row.original.version}`}
              >
                View
              </RouterLink>
            </Button>
            <Button size="xs" variant="outline" onClick={() => onRevert(row.original.version)}>
              Revert to version {row.original.version}
            </Button>
          </HStack>
        ),
    },
  ];
}

/**
 * Every saved version of the program, each one openable read-only, and any but the current one
 * restorable: "Revert to version N" saves N's rules as the next version and upgrades the accounts.
 */
export function VersionHistory({
  prefix,
  current,
  onReverted,
}: {
  prefix: string;
  current: number;
  /** The upgrade the revert made, with the accounts whose status changed. */
  onReverted: (result: ProgramUpgradeResult) => void;
}) {
  const versions = useProgramVersions(prefix);
  const revert = useRevertProgram(prefix);
  const [reverting, setReverting] = useState<number>();
  const confirmRevert = (version: number, resume?: string) =>
    revert.mutate(resume ? { version, resume } : version, {
      onSuccess: ({ result }) => {
        setReverting(undefined);
        toaster.create({
          type: result.errors > 0 ? 'warning' : 'success',
          title: `${prefix} reverted to version ${version} as version ${result.programVersion}`,
          description: `Updated: ${result.updated}, Errors: ${result.errors}`,
        });
        onReverted(result);
      },
      onError: (error) => {
        setReverting(undefined);
        toaster.create({
          type: 'error',
          title: `Failed to revert to version ${version}`,
          description: errorText(error),
          duration: 10_000,
          closable: true,
          // The new version is saved; a stopped upgrade of its accounts continues from here.
          ...resumeAction(error, (jobId) => confirmRevert(version, jobId)),
        });
      },
    });
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Card.Title>Version History</Card.Title>
      </Card.Header>
      <Card.Body>
        {versions.isPending && <Text color="fg.muted">Loading versions...</Text>}
        {versions.isError && (
          <PageError
            title="Failed to load the version history"
            error={versions.error}
            onRetry={() => void versions.refetch()}
          />
        )}
        {versions.data && (
          <DataTable
            label="Program versions"
            compact
            data={versions.data}
            columns={versionColumns(prefix, current, setReverting)}
            getRowId={(version) => String(version.version)}
          />
        )}
      </Card.Body>
      <ConfirmDialog
        open={reverting !== undefined}
        title={`Revert to version ${reverting ?? ''}`}
        message={`This saves the rules of version ${reverting ?? ''} as version ${current + 1} of ${prefix} and upgrades every account of the program to it. Unsaved changes in the form are lost. Continue?`}
        confirmLabel="Revert and Upgrade Accounts"
        destructive
        isPending={revert.isPending}
        onConfirm={() => reverting !== undefined && confirmRevert(reverting)}
        onClose={() => setReverting(undefined)}
      />
    </Card.Root>
  );
}
