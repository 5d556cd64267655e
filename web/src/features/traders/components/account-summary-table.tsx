import { Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import type { TraderAccount } from '@shared/traders/trader-account';
import {
  AccountStatusBadge,
  ComplianceBadge,
  PhaseBadge,
  RithmicStatusBadge,
} from '@/components/badges/badges';
import { DataTable } from '@/components/data-table/data-table';
import { signColor } from '@/components/figures/figures';
import { MISSING, formatCount, formatDate, formatFractionPercent, formatMoney } from '@/lib/format';
import { AccountLink } from '@/components/account-links/account-links';

export function accountBalanceOf(account: TraderAccount): number | undefined {
  return account.accountSummary?.currentBalance ?? account.summary?.balance;
}

const summaryColumns: ColumnDef<TraderAccount>[] = [
  {
    id: 'accountId',
    header: 'Account ID',
    accessorFn: (account) => account.accountId,
    cell: ({ row }) => <AccountLink accountId={row.original.accountId} />,
  },
  {
    id: 'program',
    header: 'Program',
    accessorFn: (account) => account.program?.name ?? '',
    cell: ({ getValue }) => String(getValue()) || MISSING,
  },
  {
    id: 'phase',
    header: 'Phase',
    accessorFn: (account) => account.phase,
    cell: ({ row }) => <PhaseBadge phase={row.original.phase} />,
  },
  {
    id: 'rithmicStatus',
    header: 'Broker Status',
    accessorFn: (account) => account.rithmicStatus,
    cell: ({ row }) => <RithmicStatusBadge status={row.original.rithmicStatus} />,
  },
  {
    id: 'status',
    header: 'Status',
    accessorFn: (account) => account.status,
    cell: ({ row }) => <AccountStatusBadge status={row.original.status} />,
  },
  {
    id: 'balance',
    header: 'Balance',
    accessorFn: (account) => accountBalanceOf(account) ?? null,
    cell: ({ getValue }) => formatMoney(getValue() as number | null),
    meta: { numeric: true },
  },
  {
    id: 'profit',
    header: 'Total Profit',
    accessorFn: (account) => account.accountSummary?.totalProfit ?? null,
    cell: ({ getValue }) => {
      const value = getValue() as number | null;
      return <Text color={signColor(value)}>{formatMoney(value)}</Text>;
    },
    meta: { numeric: true },
  },
  {
    id: 'progress',
    header: 'Profit Target',
    accessorFn: (account) => account.accountSummary?.profitTargetProgress ?? null,
    cell: ({ getValue }) => formatFractionPercent(getValue() as number | null, 1),
    meta: { numeric: true },
  },
  {
    id: 'days',
    header: 'Trading Days',
    accessorFn: (account) => account.accountSummary?.tradingDaysCompleted ?? null,
    cell: ({ getValue }) => formatCount(getValue() as number | null),
    meta: { numeric: true },
  },
  {
    id: 'compliance',
    header: 'Compliance',
    accessorFn: (account) => account.accountSummary?.conformanceStatus ?? '',
    cell: ({ row }) => (
      <ComplianceBadge status={row.original.accountSummary?.conformanceStatus ?? null} />
    ),
  },
  {
    id: 'lastDay',
    header: 'Last Calculated',
    accessorFn: (account) => account.accountSummary?.lastCalculationDate ?? '',
    cell: ({ getValue }) => formatDate(getValue() as string),
  },
];

/** The account-summary table: every account of the trader with its summary figures. */
export function AccountSummaryTable({ accounts }: { accounts: TraderAccount[] }) {
  if (accounts.length === 0) {
    return <Text color="fg.muted">This trader has no accounts yet.</Text>;
  }
  return (
    <DataTable
      label="Account summary"
      data={accounts}
      columns={summaryColumns}
      getRowId={(account) => account.accountId}
      urlKey="accounts"
    />
  );
}
