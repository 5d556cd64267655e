import { Code, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import type { AuditOperation } from '@shared/audit/audit-operations';
import { useAuditOperations } from '@/api/audit';
import { DataTable } from '@/components/data-table/data-table';
import { SectionCard } from '@/components/section/section-card';
import { formatCount, formatDateTime } from '@/lib/format';

function describeFilters(filters: AuditOperation['filters']): string {
  return Object.entries(filters)
    .map(([name, value]) => `${name}=${value}`)
    .join(', ');
}

const columns: ColumnDef<AuditOperation>[] = [
  { id: 'startedAt', header: 'When', cell: ({ row }) => formatDateTime(row.original.startedAt) },
  {
    id: 'requestedBy',
    header: 'By',
    cell: ({ row }) => row.original.requestedBy.email ?? row.original.requestedBy.userId,
  },
  {
    id: 'filters',
    header: 'Filters',
    meta: { wrap: true },
    cell: ({ row }) => <Code variant="plain">{describeFilters(row.original.filters)}</Code>,
  },
  {
    id: 'deleted',
    header: 'Deleted',
    meta: { numeric: true },
    cell: ({ row }) => formatCount(row.original.deleted),
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => (row.original.status === 'completed' ? 'Completed' : 'Started'),
  },
];

/** The operations log: who deleted which records and when, so a bulk delete leaves a trace. */
export function AuditOperationsLog() {
  const operations = useAuditOperations();
  const entries = operations.data?.data ?? [];
  return (
    <SectionCard title="Bulk Delete Log">
      {operations.isError ? (
        <Text color="fg.error">Failed to load the bulk delete log.</Text>
      ) : (
        <DataTable
          label="Bulk delete log"
          compact
          data={entries}
          columns={columns}
          getRowId={(entry) => entry.id}
          empty={operations.isPending ? 'Loading...' : 'No bulk deletes yet.'}
        />
      )}
    </SectionCard>
  );
}
