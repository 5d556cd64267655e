import { Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import type { DateVoid } from '@shared/sync/held-breaches';
import { DataTable } from '@/components/data-table/data-table';
import { MISSING, formatMoney } from '@/lib/format';
import { formatDate } from '@/lib/format';

const columns: ColumnDef<DateVoid>[] = [
  { id: 'date', header: 'Date', cell: ({ row }) => formatDate(row.original.date) },
  {
    id: 'account',
    header: 'Account',
    cell: ({ row }) => (
      <Text as="span" fontFamily="mono">
        {row.original.accountId}
      </Text>
    ),
  },
  {
    id: 'AcctBal',
    header: 'AcctBal',
    meta: { numeric: true },
    cell: ({ row }) =>
      row.original.AcctBal === undefined ? MISSING : formatMoney(row.original.AcctBal),
  },
  {
    id: 'NetPnl',
    header: 'NetPnl',
    meta: { numeric: true },
    cell: ({ row }) =>
      row.original.NetPnl === undefined ? MISSING : formatMoney(row.original.NetPnl),
  },
  {
    id: 'voidedBy',
    header: 'Voided by',
    cell: ({ row }) => (
      <>
        <Text>{row.original.voidedBy}</Text>
        <Text textStyle="xs" color="fg.muted">
          {new Date(row.original.voidedAt).toLocaleString()}
        </Text>
      </>
    ),
  },
  {
    id: 'reason',
    header: 'Reason',
    meta: { wrap: true, minW: '48' },
    cell: ({ row }) => row.original.reason,
  },
];

/** Voided account-dates: who voided them, when and why, with the day's figures that no longer count. */
export function VoidsTable({ voids, label }: { voids: readonly DateVoid[]; label: string }) {
  return (
    <DataTable
      label={label}
      data={voids}
      columns={columns}
      getRowId={(entry) => `${entry.accountId}#${entry.date}`}
      sortable={false}
      rowProps={() => ({ verticalAlign: 'top' })}
    />
  );
}
