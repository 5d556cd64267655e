import { Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import type { SyncFileCount } from '@shared/sync/sync-run';
import { DataTable } from '@/components/data-table/data-table';
import { formatCount, formatDate } from '@/lib/format';
import { fileKindLabels } from '../summary-fields';

interface DateCount {
  date: string;
  files: number;
  accepted: number;
  rejected: number;
}

/** Files grouped by date: each date's files, rows accepted and rejected. */
function perDate(files: readonly SyncFileCount[]): DateCount[] {
  const dates = new Map<string, DateCount>();
  for (const file of files) {
    const entry = dates.get(file.date) ?? { date: file.date, files: 0, accepted: 0, rejected: 0 };
    entry.files += 1;
    entry.accepted += file.accepted;
    entry.rejected += file.rejected;
    dates.set(file.date, entry);
  }
  return [...dates.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** A right-aligned count column. */
const count = <Row,>(id: string, header: string, value: (row: Row) => number): ColumnDef<Row> => ({
  id,
  header,
  meta: { numeric: true },
  cell: ({ row }) => formatCount(value(row.original)),
});

const dateColumns: ColumnDef<DateCount>[] = [
  { id: 'date', header: 'Date', cell: ({ row }) => formatDate(row.original.date) },
  count('files', 'Files', (entry) => entry.files),
  count('accepted', 'Accepted', (entry) => entry.accepted),
  count('rejected', 'Rejected', (entry) => entry.rejected),
];

/** The run's rows per trading date. */
export function DatesTable({ files }: { files: readonly SyncFileCount[] }) {
  return (
    <DataTable
      label="Rows per date"
      sortable={false}
      data={perDate(files)}
      columns={dateColumns}
      getRowId={(entry) => entry.date}
    />
  );
}

/** The broker file's name, in the run's tables of files and of rejected rows. */
export function fileNameColumn<Row extends { file: string }>(): ColumnDef<Row> {
  return {
    id: 'file',
    header: 'File',
    cell: ({ row }) => (
      <Text as="span" fontFamily="mono">
        {row.original.file}
      </Text>
    ),
  };
}

const fileColumns: ColumnDef<SyncFileCount>[] = [
  fileNameColumn<SyncFileCount>(),
  { id: 'kind', header: 'Kind', cell: ({ row }) => fileKindLabels[row.original.kind] },
  count('accepted', 'Accepted', (file) => file.accepted),
  {
    id: 'rejected',
    header: 'Rejected',
    meta: { numeric: true },
    cell: ({ row }) => (
      <Text as="span" color={row.original.rejected > 0 ? 'fg.error' : undefined}>
        {formatCount(row.original.rejected)}
      </Text>
    ),
  },
];

/** The run's rows per file, in a frame that scrolls past a few dozen files. */
export function FilesTable({ files }: { files: readonly SyncFileCount[] }) {
  return (
    <DataTable
      label="Rows per file"
      sortable={false}
      maxH="md"
      data={files}
      columns={fileColumns}
      getRowId={(file) => file.file}
    />
  );
}
