import { Badge, HStack, Link, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link as RouterLink } from 'react-router-dom';
import type {
  DashboardRow,
  FailedAccount,
  NeedsAttentionAccount,
} from '@shared/dashboard/dashboard-api';
import { AccountStatusBadge, PhaseBadge, SeverityBadge } from '@/components/badges/badges';
import type { Violation } from '@shared/rules/conformance';
import { MISSING, formatDate } from '@/lib/format';
import { Money } from '@/components/figures/money-text';
import { ProgressBar } from '@/components/progress-bar/progress-bar';
import { ATTENTION_REASON_LABELS, violationValueText, type ViolationRow } from '../dashboard-rows';
import { AccountLink, TraderLink } from '@/components/account-links/account-links';
import { paths } from '@/config/paths';

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

/** An account id linking to its page, its name under it. */
function namedAccountColumn<Row extends Account & { name: string }>(): ColumnDef<Row> {
  return {
    ...accountColumns<Row>()[0]!,
    cell: ({ row }) => (
      <>
        <AccountLink accountId={row.original.accountId} />
        <Text fontSize="xs" color="fg.muted">
          {row.original.name}
        </Text>
      </>
    ),
  };
}

/** A violation's rule (name, category), value, threshold and description; '-' without one. */
function breachColumns<Row>(
  header: string,
  of: (row: Row) => Violation | null,
): { rule: ColumnDef<Row>; figures: ColumnDef<Row>[] } {
  const figure = (id: 'value' | 'threshold', label: string): ColumnDef<Row> => ({
    id,
    header: label,
    accessorFn: (row) => of(row)?.[id] ?? undefined,
    sortUndefined: 'last',
    meta: { numeric: true },
    cell: ({ row }) => {
      const breach = of(row.original);
      return breach ? violationValueText(breach.category, breach[id]) : MISSING;
    },
  });
  return {
    rule: {
      id: 'rule',
      header,
      accessorFn: (row) => of(row)?.name || of(row)?.ruleId || undefined,
      sortUndefined: 'last',
      cell: ({ row }) => {
        const breach = of(row.original);
        if (breach === null) return <Text color="fg.muted">Not recorded (re-judge)</Text>;
        return (
          <>
            <Text>{breach.name || breach.ruleId}</Text>
            <Text fontSize="xs" color="fg.muted">
              {breach.category}
            </Text>
          </>
        );
      },
    },
    figures: [
      figure('value', 'Value'),
      figure('threshold', 'Threshold'),
      {
        id: 'description',
        header: 'Description',
        accessorFn: (row) => of(row)?.description ?? '',
        enableSorting: false,
        meta: { wrap: true, minW: '60' },
        cell: ({ row }) => (
          <Text as="span" fontSize="xs">
            {of(row.original)?.description ?? ''}
          </Text>
        ),
      },
    ],
  };
}

const decisive = breachColumns<FailedAccount>('Decisive Rule', (row) => row.decisiveBreach);

/** Failed Accounts: every failed account with the rule and day that failed it. */
export const failureColumns: ColumnDef<FailedAccount>[] = [
  {
    id: 'failedDate',
    header: 'Failed On',
    accessorFn: (row) => row.failedDate,
    // The day links to its conformance detail, where the breach's figures are.
    cell: ({ row }) => (
      <Link asChild colorPalette="blue" minH="6">
        <RouterLink
          to={paths.conformanceDetail.href({
            accountId: row.original.accountId,
            date: row.original.failedDate,
          })}
        >
          {formatDate(row.original.failedDate)}
        </RouterLink>
      </Link>
    ),
  },
  namedAccountColumn<FailedAccount>(),
  ...accountColumns<FailedAccount>().slice(1),
  decisive.rule,
  ...decisive.figures,
];

const inForce = breachColumns<ViolationRow>('Rule', (row) => row);

/** Rule Violations: one row per violation in force. */
export const violationColumns: ColumnDef<ViolationRow>[] = [
  {
    id: 'date',
    header: 'Date',
    accessorFn: (row) => row.date,
    cell: ({ row }) => formatDate(row.original.date),
  },
  ...accountColumns<ViolationRow>().slice(0, 2),
  inForce.rule,
  {
    id: 'severity',
    header: 'Severity',
    accessorFn: (row) => row.severity,
    cell: ({ row }) => <SeverityBadge severity={row.original.severity} />,
  },
  ...inForce.figures,
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
  namedAccountColumn<NeedsAttentionAccount>(),
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
