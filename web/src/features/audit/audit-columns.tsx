import { Code, DataList } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import type { AuditTrailRecord } from '@shared/audit/audit-trail';
import { formatCount, formatDate, formatNumber, formatTime, orMissing } from '@/lib/format';

/**
 * The 16 columns (decision 28): every field but `message` and `positionDisposition`, which a row's
 * details show. Sorting is the server's: only the three columns of the stored orders sort, and a
 * newly chosen one starts newest first.
 */

export const auditColumns: ColumnDef<AuditTrailRecord>[] = [
  {
    id: 'serverProcessDate',
    accessorFn: (row) => row.serverProcessDate,
    header: 'Process Date',
    sortDescFirst: true,
    cell: ({ row }) => formatDate(row.original.serverProcessDate),
  },
  {
    id: 'serverTimestamp',
    accessorFn: (row) => row.serverTimestamp,
    header: 'Time',
    sortDescFirst: true,
    cell: ({ row }) => formatTime(row.original.serverTimestamp, 'milliseconds'),
  },
  {
    id: 'accountNumber',
    header: 'Account',
    cell: ({ row }) => <Code variant="plain">{row.original.accountNumber}</Code>,
  },
  { id: 'firmUserId', header: 'Firm User', cell: ({ row }) => orMissing(row.original.firmUserId) },
  { id: 'instrument', header: 'Instrument', cell: ({ row }) => orMissing(row.original.instrument) },
  { id: 'action', header: 'Action', cell: ({ row }) => row.original.action },
  { id: 'status', header: 'Status', cell: ({ row }) => orMissing(row.original.status) },
  {
    id: 'quantity',
    header: 'Qty',
    meta: { numeric: true },
    cell: ({ row }) => formatCount(row.original.quantity),
  },
  {
    id: 'buySellIndicator',
    header: 'B/S',
    cell: ({ row }) => orMissing(row.original.buySellIndicator),
  },
  {
    id: 'limitPrice',
    header: 'Limit',
    meta: { numeric: true },
    cell: ({ row }) => formatNumber(row.original.limitPrice),
  },
  {
    id: 'stopPrice',
    header: 'Stop',
    meta: { numeric: true },
    cell: ({ row }) => formatNumber(row.original.stopPrice),
  },
  {
    id: 'fillPrice',
    header: 'Fill',
    meta: { numeric: true },
    cell: ({ row }) => formatNumber(row.original.fillPrice),
  },
  {
    id: 'orderNumber',
    header: 'Order #',
    cell: ({ row }) => <Code variant="plain">{orMissing(row.original.orderNumber)}</Code>,
  },
  { id: 'orderType', header: 'Order Type', cell: ({ row }) => orMissing(row.original.orderType) },
  {
    id: 'serverTransactionNumber',
    accessorFn: (row) => row.serverTransactionNumber,
    header: 'Txn #',
    sortDescFirst: true,
    cell: ({ row }) => <Code variant="plain">{row.original.serverTransactionNumber}</Code>,
  },
  { id: 'exchange', header: 'Exchange', cell: ({ row }) => orMissing(row.original.exchange) },
];

export const auditRowId = (row: AuditTrailRecord) =>
  `${row.accountNumber}#${row.serverProcessDate}#${row.serverTransactionNumber}`;

/** A row's details: its message and position disposition. */
export function AuditRecordDetails({ record }: { record: AuditTrailRecord }) {
  return (
    <DataList.Root orientation="horizontal" size="sm">
      <DataList.Item>
        <DataList.ItemLabel>Message</DataList.ItemLabel>
        <DataList.ItemValue whiteSpace="normal">{orMissing(record.message)}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Position Disposition</DataList.ItemLabel>
        <DataList.ItemValue>{orMissing(record.positionDisposition)}</DataList.ItemValue>
      </DataList.Item>
    </DataList.Root>
  );
}
