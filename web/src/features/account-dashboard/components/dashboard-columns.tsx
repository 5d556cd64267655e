import { Badge, HStack, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import type { DashboardRow, NeedsAttentionAccount } from '@shared/dashboard/dashboard-api';
import { AccountStatusBadge, PhaseBadge, SeverityBadge } from '@/components/badges/badges';
import { formatDate } from '@/lib/format';
import { Money } from '@/components/figures/money-text';
import { ProgressBar } from '@/components/progress-bar/progress-bar';
import { ATTENTION_REASON_LABELS, violationValueText, type ViolationRow } from '../dashboard-rows';
import { AccountLink, TraderLink } from '@/components/account-links/account-links';

type Account = Pick<DashboardRow, 'accountId' | 'traderId' | 'phase'>;

/** Account, trader and phase: the columns every dashboard table starts with. */
function accountColumns<Row extends Account>(): ColumnDef<Row>[] {
  return [
    {
      id: 'accountId',
      header: 'Account',
      accessorFn: (row) => row.accountId,
      cell: ({ row }) => <AccountLink accountId={row.original.accountId} />,
    },
    {
      id: 'traderId',
      header: 'Trader',
      accessorFn: (row) => row.traderId,
      cell: ({ row }) => <TraderLink traderId={row.original.traderId} />,
    },
    {
      id: 'phase',
      header: 'Phase',
      accessorFn: (row) => row.phase,
      cell: ({ row }) => <PhaseBadge phase={row.original.phase} />,
    },
  ];
}

const statusColumn: ColumnDef<DashboardRow> = {
  id: 'accountStatus',
  header: 'Status',
  accessorFn: (row) => row.accountStatus,
  cell: ({ row }) => <AccountStatusBadge status={row.original.accountStatus} />,
};

const balanceColumn: ColumnDef<DashboardRow> = {
  id: 'currentBalance',
  header: 'Balance',
  accessorFn: (row) => row.currentBalance,
  cell: ({ row }) => <Money value={row.original.currentBalance} />,
  meta: { numeric: true },
};

/** An account's profit-target progress as a small bar. */
function profitColumn<Row extends Account & Pick<DashboardRow, 'profitTargetProgress'>>(
  minW: string,
): ColumnDef<Row> {
  return {
    id: 'profitTargetProgress',
    header: 'Profit Progress',
    accessorFn: (row) => row.profitTargetProgress,
    meta: { minW },
    cell: ({ row }) => (
      <ProgressBar
        size="sm"
        kind="profit"
        label={`Profit progress of ${row.original.accountId}`}
        percent={row.original.profitTargetProgress * 100}
      />
    ),
  };
}

/** How much of an account's drawdown is used, as a small bar (`-` when it has no drawdown rule). */
function drawdownColumn<
  Row extends Account & Pick<DashboardRow, 'drawdownUsage'>,
>(): ColumnDef<Row> {
  return {
    id: 'drawdownUsage',
    header: 'Drawdown Used',
    accessorFn: (row) => row.drawdownUsage ?? undefined,
    sortUndefined: 'last',
    meta: { minW: '36' },
    cell: ({ row }) =>
      row.original.drawdownUsage === null ? (
        '-'
      ) : (
        <ProgressBar
          size="sm"
          kind="drawdown"
          label={`Drawdown used of ${row.original.accountId}`}
          percent={row.original.drawdownUsage * 100}
        />
      ),
  };
}

/** Overview: every account. */
export const overviewColumns: ColumnDef<DashboardRow>[] = [
  ...accountColumns<DashboardRow>(),
  statusColumn,
  balanceColumn,
  profitColumn('36'),
  drawdownColumn(),
  {
    id: 'lastCalculationDate',
    header: 'Last Calculation',
    accessorFn: (row) => row.lastCalculationDate ?? undefined,
    sortUndefined: 'last',
    cell: ({ row }) => formatDate(row.original.lastCalculationDate),
  },
];

/** Rule Violations: one row per violation in force. */
export const violationColumns: ColumnDef<ViolationRow>[] = [
  {
    id: 'date',
    header: 'Date',
    accessorFn: (row) => row.date,
    cell: ({ row }) => formatDate(row.original.date),
  },
  ...accountColumns<ViolationRow>().slice(0, 2),
  {
    id: 'rule',
    header: 'Rule',
    accessorFn: (row) => row.name || row.ruleId,
    cell: ({ row }) => (
      <>
        <Text>{row.original.name || row.original.ruleId}</Text>
        <Text fontSize="xs" color="fg.muted">
          {row.original.category}
        </Text>
      </>
    ),
  },
  {
    id: 'severity',
    header: 'Severity',
    accessorFn: (row) => row.severity,
    cell: ({ row }) => <SeverityBadge severity={row.original.severity} />,
  },
  {
    id: 'value',
    header: 'Value',
    accessorFn: (row) => row.value ?? undefined,
    sortUndefined: 'last',
    meta: { numeric: true },
    cell: ({ row }) => violationValueText(row.original.category, row.original.value),
  },
  {
    id: 'threshold',
    header: 'Threshold',
    accessorFn: (row) => row.threshold ?? undefined,
    sortUndefined: 'last',
    meta: { numeric: true },
    cell: ({ row }) => violationValueText(row.original.category, row.original.threshold),
  },
  {
    id: 'description',
    header: 'Description',
    accessorFn: (row) => row.description,
    enableSorting: false,
    meta: { wrap: true, minW: '60' },
    cell: ({ row }) => (
      <Text as="span" fontSize="xs">
        {row.original.description}
      </Text>
    ),
  },
];

/** Top Performers: the rank is the order of the list. */
export const topColumns: ColumnDef<DashboardRow>[] = [
  {
    id: 'rank',
    header: '#',
    accessorFn: (_row, index) => index + 1,
    cell: ({ row }) => row.index + 1,
  },
  ...accountColumns<DashboardRow>(),
  statusColumn,
  profitColumn('40'),
  {
    id: 'totalProfit',
    header: 'Total Profit',
    accessorFn: (row) => row.totalProfit,
    meta: { numeric: true },
    cell: ({ row }) => <Money value={row.original.totalProfit} signed />,
  },
  balanceColumn,
];

const REASON_PALETTE = { 'close-to-passing': 'green', drawdown: 'red', inactivity: 'yellow' };

/** Needs Attention: why each account is listed. */
export const attentionColumns: ColumnDef<NeedsAttentionAccount>[] = [
  {
    ...accountColumns<NeedsAttentionAccount>()[0]!,
    cell: ({ row }) => (
      <>
        <AccountLink accountId={row.original.accountId} />
        <Text fontSize="xs" color="fg.muted">
          {row.original.name}
        </Text>
      </>
    ),
  },
  ...accountColumns<NeedsAttentionAccount>().slice(1),
  {
    id: 'reasons',
    header: 'Why',
    enableSorting: false,
    cell: ({ row }) => (
      <HStack gap="1" wrap="wrap">
        {row.original.reasons.map((reason) => (
          <Badge key={reason} colorPalette={REASON_PALETTE[reason]}>
            {ATTENTION_REASON_LABELS[reason]}
          </Badge>
        ))}
      </HStack>
    ),
  },
  profitColumn('36'),
  drawdownColumn(),
];
