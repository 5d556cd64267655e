import { HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link as RouterLink } from 'react-router-dom';
import { LuRefreshCw } from 'react-icons/lu';
import type { SyncRun } from '@shared/sync/sync-run';
import { DataTable } from '@/components/data-table/data-table';
import { PageEmpty, PageError, PageLoading } from '@/components/ui/page-states';
import { useSyncRuns } from '@/api/sync';
import { MISSING, formatCount, formatDateTime, formatDuration } from '@/lib/format';
import { formatRunProgress, formatTradingDates } from '../format';
import { rejectedTotal, rowsIngested } from '../summary-fields';
import { SyncRunStatusBadge, triggerLabels } from './sync-run-badges';
import { paths } from '@/config/paths';

const runColumns: ColumnDef<SyncRun>[] = [
  {
    id: 'startedAt',
    header: 'Started',
    cell: ({ row }) => (
      <Link asChild colorPalette="blue">
        <RouterLink
          to={paths.syncRun.href({ runId: row.original.runId })}
          aria-label={`Open the run started ${formatDateTime(row.original.startedAt)}`}
        >
          {formatDateTime(row.original.startedAt)}
        </RouterLink>
      </Link>
    ),
  },
  { id: 'trigger', header: 'Trigger', cell: ({ row }) => triggerLabels[row.original.trigger] },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: run } }) => (
      <HStack gap="2" whiteSpace="nowrap">
        <SyncRunStatusBadge status={run.status} />
        {run.status === 'running' && run.progress && (
          <Text textStyle="xs" color="fg.muted">
            {formatRunProgress(run.progress)}
          </Text>
        )}
      </HStack>
    ),
  },
  { id: 'dates', header: 'Dates', cell: ({ row }) => formatTradingDates(row.original.dates) },
  {
    id: 'ingested',
    header: 'Rows ingested',
    meta: { numeric: true },
    cell: ({ row: { original: run } }) =>
      run.summary ? formatCount(rowsIngested(run.summary)) : MISSING,
  },
  {
    id: 'rejected',
    header: 'Rows rejected',
    meta: { numeric: true },
    cell: ({ row: { original: run } }) =>
      run.summary ? formatCount(rejectedTotal(run.summary)) : MISSING,
  },
  {
    id: 'duration',
    header: 'Duration',
    meta: { numeric: true },
    cell: ({ row: { original: run } }) =>
      run.finishedAt === null
        ? MISSING
        : formatDuration(Date.parse(run.finishedAt) - Date.parse(run.startedAt)),
  },
];

function RunsTable({ runs }: { runs: SyncRun[] }) {
  return (
    <DataTable
      label="Recent sync runs"
      sortable={false}
      data={runs}
      columns={runColumns}
      getRowId={(run) => run.runId}
    />
  );
}

function RecentRunsContent() {
  const runs = useSyncRuns();

  // A retry after an error shows the spinner again, so the click visibly does something.
  if (runs.isPending || (runs.isError && runs.isFetching)) {
    return <PageLoading label="Loading sync runs..." />;
  }
  if (runs.isError) {
    return (
      <PageError
        title="Could not load sync runs"
        error={runs.error}
        onRetry={() => void runs.refetch()}
      />
    );
  }
  if (runs.data.data.length === 0) {
    return (
      <PageEmpty
        icon={<LuRefreshCw />}
        title="No sync runs yet"
        description="Runs appear here once a sync has been started, by hand or by the nightly schedule."
      />
    );
  }
  return <RunsTable runs={runs.data.data} />;
}

export function RecentSyncRuns() {
  return (
    <Stack as="section" aria-labelledby="recent-runs-heading" gap="3">
      <Heading as="h2" size="md" id="recent-runs-heading">
        Recent runs
      </Heading>
      <RecentRunsContent />
    </Stack>
  );
}
