import { Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import type { DailyRevenueRecord } from '@shared/revenue/daily-revenue';
import { DataTable } from '@/components/data-table/data-table';
import { SectionCard } from '@/components/section/section-card';
import { MISSING, formatMoney } from '@/lib/format';
import { dollarsOf } from '../revenue-figures';
import { formatDate } from '@/lib/format';

const countFormatter = new Intl.NumberFormat('en-US');
const localTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short' });

const columns: ColumnDef<DailyRevenueRecord>[] = [
  {
    id: 'date',
    header: 'Date',
    accessorFn: (record) => record.date,
    cell: ({ row }) => formatDate(row.original.date),
  },
  {
    id: 'provider',
    header: 'Provider',
    accessorFn: (record) => record.provider,
    cell: ({ row }) => row.original.provider.toUpperCase(),
  },
  {
    id: 'grossIncome',
    header: 'Gross Income',
    accessorFn: (record) => record.metrics.grossIncome,
    meta: { numeric: true },
    cell: ({ row }) => formatMoney(dollarsOf(row.original.metrics.grossIncome)),
  },
  {
    id: 'netIncome',
    header: 'Net Income',
    accessorFn: (record) => record.metrics.netIncome,
    meta: { numeric: true },
    cell: ({ row }) => (
      <Text as="span" color={row.original.metrics.netIncome >= 0 ? 'fg.success' : 'fg.error'}>
        {formatMoney(dollarsOf(row.original.metrics.netIncome))}
      </Text>
    ),
  },
  {
    id: 'totalFees',
    header: 'Total Fees',
    accessorFn: (record) => record.metrics.totalFees,
    meta: { numeric: true },
    cell: ({ row }) => formatMoney(dollarsOf(row.original.metrics.totalFees)),
  },
  {
    id: 'transactions',
    header: 'Transactions',
    accessorFn: (record) => record.metrics.transactionCount,
    meta: { numeric: true },
    cell: ({ row }) => countFormatter.format(row.original.metrics.transactionCount),
  },
  {
    id: 'traders',
    header: 'Traders',
    accessorFn: (record) => record.metrics.traderCount,
    meta: { numeric: true },
    cell: ({ row }) => countFormatter.format(row.original.metrics.traderCount),
  },
  {
    id: 'collectionTime',
    header: 'Collection Time',
    accessorFn: (record) => record.collectionTimestamp,
    sortUndefined: 'last',
    cell: ({ row }) =>
      row.original.collectionTimestamp
        ? localTime.format(new Date(row.original.collectionTimestamp))
        : MISSING,
  },
];

/** 'Daily Revenue Details' (spec 001 §2.13): cents ÷ 100 in USD, provider upper case, net coloured. */
export function RevenueTable({ records }: { records: readonly DailyRevenueRecord[] }) {
  return (
    <SectionCard title="Daily Revenue Details">
      {/* Newest day first until a header is clicked. */}
      <DataTable
        label="Daily Revenue Details"
        data={[...records].reverse()}
        columns={columns}
        getRowId={(record) => `${record.date}#${record.provider}`}
      />
    </SectionCard>
  );
}
