import { HStack, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LuRefreshCw } from 'react-icons/lu';
import type { SyncRun } from '@shared/sync/sync-run';
import { PageEmpty, PageError, PageLoading } from '@/components/ui/page-states';
import { useSyncRuns } from '@/api/sync';
import { MISSING, formatCount, formatDateTime, formatDuration } from '@/lib/format';
import { formatRunProgress, formatTradingDates } from '../format';
import { rejectedTotal, rowsIngested } from '../summary-fields';
import { SyncRunStatusBadge, triggerLabels } from './sync-run-badges';
import { paths } from '@/config/paths';

function RunsTable({ runs }: { runs: SyncRun[] }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label="Recent sync runs">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Started</Table.ColumnHeader>
            <Table.ColumnHeader>Trigger</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Dates</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Rows ingested</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Rows rejected</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Duration</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {runs.map((run) => (
            <Table.Row key={run.runId}>
              <Table.Cell whiteSpace="nowrap">
                <Link asChild colorPalette="blue">
                  <RouterLink
                    to={paths.syncRun.href({ runId: run.runId })}
                    aria-label={`Open the run started ${formatDateTime(run.startedAt)}`}
                  >
                    {formatDateTime(run.startedAt)}
                  </RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell>{triggerLabels[run.trigger]}</Table.Cell>
              <Table.Cell>
                <HStack gap="2" whiteSpace="nowrap">
                  <SyncRunStatusBadge status={run.status} />
                  {run.status === 'running' && run.progress && (
                    <Text textStyle="xs" color="fg.muted">
                      {formatRunProgress(run.progress)}
                    </Text>
                  )}
                </HStack>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatTradingDates(run.dates)}</Table.Cell>
              <Table.Cell textAlign="end">
                {run.summary ? formatCount(rowsIngested(run.summary)) : MISSING}
              </Table.Cell>
              <Table.Cell textAlign="end">
                {run.summary ? formatCount(rejectedTotal(run.summary)) : MISSING}
              </Table.Cell>
              <Table.Cell textAlign="end">
                {run.finishedAt === null
                  ? MISSING
                  : formatDuration(Date.parse(run.finishedAt) - Date.parse(run.startedAt))}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
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
