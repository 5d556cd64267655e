import { Badge, Button, Card, Stack, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link as RouterLink } from 'react-router-dom';
import { DataTable } from '@/components/data-table/data-table';
import { PageError } from '@/components/ui/page-states';
import { useProgramVersions } from '@/api/programs';
import { formatSavedAt } from '../saved-at';
import { paths } from '@/config/paths';
import { orMissing } from '@/lib/format';

type Version = NonNullable<ReturnType<typeof useProgramVersions>['data']>[number];

function versionColumns(prefix: string, current: number): ColumnDef<Version>[] {
  return [
    {
      id: 'version',
      header: 'Version',
      cell: ({ row }) => (
        <Stack direction="row" align="center" gap="2">
          <Text>{row.original.version}</Text>
          {row.original.version === current && <Badge colorPalette="green">Current</Badge>}
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
          <Button asChild size="xs" variant="outline">
            <RouterLink
              to={paths.programEdit.href({ prefix }, { version: row.original.version })}
              aria-label={`View version ${row.original.version}`}
            >
              View
            </RouterLink>
          </Button>
        ),
    },
  ];
}

/** Every saved version of the program, each one openable read-only. */
export function VersionHistory({ prefix, current }: { prefix: string; current: number }) {
  const versions = useProgramVersions(prefix);
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
            columns={versionColumns(prefix, current)}
            getRowId={(version) => String(version.version)}
          />
        )}
      </Card.Body>
    </Card.Root>
  );
}
