import { Alert, DataList, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { BROKER_FILE_KINDS } from '@shared/broker-files/kinds';
import {
  SYNC_REJECTED_ROWS_KEPT,
  syncResultOf,
  type RejectedRow,
  type SyncRunView,
  type SyncSummary,
} from '@shared/sync/sync-run';
import { DataTable } from '@/components/data-table/data-table';
import { fileNameColumn } from './sync-file-tables';
import { formatCount, formatDuration } from '@/lib/format';
import {
  fileKindLabels,
  recordCountFields,
  recordCountLabels,
  rejectedTotal,
} from '../summary-fields';

/** Spec 000 §8: a failure without a message still says something. */
export const UNKNOWN_ERROR = 'An unknown error occurred';

export function UpdateFailed({ message }: { message: string }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Update Failed</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function SummaryCounts({ summary }: { summary: SyncSummary }) {
  return (
    <Stack gap="3">
      <Text>
        Processed {formatCount(summary.processedFiles)} of {formatCount(summary.totalFiles)} files
        in {formatDuration(summary.processingTimeMs)}.
      </Text>
      <DataList.Root orientation="horizontal" size="sm" aria-label="Records synced">
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gapX="8" gapY="2">
          {recordCountFields.map((field) => (
            <DataList.Item key={field}>
              <DataList.ItemLabel>{recordCountLabels[field]}</DataList.ItemLabel>
              <DataList.ItemValue fontVariantNumeric="tabular-nums">
                {formatCount(summary[field])}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </SimpleGrid>
      </DataList.Root>
    </Stack>
  );
}

function RejectedRows({ summary }: { summary: SyncSummary }) {
  const kinds = BROKER_FILE_KINDS.filter((kind) => summary.rejectedRecords[kind] > 0);
  const total = rejectedTotal(summary);
  return (
    <Stack as="section" aria-labelledby="rejected-rows-heading" gap="3">
      <Heading as="h2" size="md" id="rejected-rows-heading">
        Rejected rows
      </Heading>
      <Text color="fg.muted">
        {formatCount(total)} {total === 1 ? 'row was' : 'rows were'} refused and left out; every
        other row was synced. The first {SYNC_REJECTED_ROWS_KEPT} are listed here; the run's page
        lists every one.
      </Text>
      <DataList.Root orientation="horizontal" size="sm" aria-label="Rejected rows per file kind">
        {kinds.map((kind) => (
          <DataList.Item key={kind}>
            <DataList.ItemLabel>{fileKindLabels[kind]}</DataList.ItemLabel>
            <DataList.ItemValue fontVariantNumeric="tabular-nums">
              {formatCount(summary.rejectedRecords[kind])}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      <RejectedRowsTable rows={summary.rejectedRows} maxH="md" />
    </Stack>
  );
}

const rejectedColumns: ColumnDef<RejectedRow>[] = [
  fileNameColumn<RejectedRow>(),
  { id: 'line', header: 'Line', meta: { numeric: true }, cell: ({ row }) => row.original.line },
  {
    id: 'reason',
    header: 'Reason',
    meta: { wrap: true, minW: '60' },
    cell: ({ row }) => row.original.reason,
  },
];

/** Rejected rows with their file, line and reason: the run's first ones here, a page on the run page. */
export function RejectedRowsTable({
  rows,
  maxH,
}: {
  rows: readonly RejectedRow[];
  maxH: 'md' | 'lg';
}) {
  return (
    <DataTable
      label="Rejected rows"
      sortable={false}
      maxH={maxH}
      data={rows}
      columns={rejectedColumns}
      getRowId={(row, index) => `${row.file}:${row.line}:${index}`}
    />
  );
}

/**
 * A finished run as spec 000 §2 words it: success with the summary counts, or 'Update Failed' with
 * the message. Rejected rows do not fail a run, so they are listed under either outcome.
 */
export function SyncRunResult({ run }: { run: SyncRunView }) {
  const result = run.result ?? syncResultOf(run);
  if (result === undefined) return null;
  const { summary } = result;
  return (
    <Stack gap="6">
      {result.success ? (
        <Alert.Root status="success" role="status" alignItems="flex-start">
          <Alert.Indicator />
          <Alert.Content gap="3">
            <Alert.Title>Update Successful</Alert.Title>
            {summary && <SummaryCounts summary={summary} />}
          </Alert.Content>
        </Alert.Root>
      ) : (
        <UpdateFailed message={result.error ?? UNKNOWN_ERROR} />
      )}
      {summary && rejectedTotal(summary) > 0 && <RejectedRows summary={summary} />}
    </Stack>
  );
}
