import { Badge, Link } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link as RouterLink } from 'react-router-dom';
import type { DailySummaryRow } from '@shared/summaries/daily-summary';
import { AccountStatusBadge } from '@/components/badges/badges';
import { toCsv } from '@/components/data-table/csv';
import { dateInputValue, formatCount, formatDate, formatFractionPercent } from '@/lib/format';
import { Money } from '@/components/figures/money-text';
import { paths } from '@/config/paths';

/** The tick or cross of the Consistency column (spec 001 §2.8). */
export function consistencyText(violation: boolean): string {
  return violation ? '✗' : '✓';
}

/** The Performance Report of the row's account-day (the URL date has dashes, decision 10). */
export function reportPath(row: DailySummaryRow): string {
  return paths.performanceReport.href({
    id: row.traderId,
    accountId: row.accountId,
    date: dateInputValue(row.date),
  });
}

function link(to: string, text: string, mono = false) {
  return (
    <Link asChild colorPalette="blue" fontFamily={mono ? 'mono' : undefined}>
      <RouterLink to={to}>{text}</RouterLink>
    </Link>
  );
}

/**
 * The daily summary columns (spec 001 §2.8, §3 daily summary row): 13 with Trader (firm), 12
 * without (one trader). Every column sorts; its id names it in the URL. Rates and progress are
 * fractions on the wire, shown as percentages with one decimal (spec 001 §9).
 */
export function dailySummaryColumns(withTrader: boolean): ColumnDef<DailySummaryRow>[] {
  const columns: (ColumnDef<DailySummaryRow> | false)[] = [
    {
      id: 'date',
      header: 'Date',
      accessorFn: (row) => row.date,
      cell: ({ row }) => link(reportPath(row.original), formatDate(row.original.date)),
    },
    withTrader && {
      id: 'trader',
      header: 'Trader',
      accessorFn: (row) => row.traderId,
      cell: ({ row }) =>
        link(
          paths.traderDailySummary.href({ traderId: row.original.traderId }),
          row.original.traderId,
          true,
        ),
    },
    {
      id: 'account',
      header: 'Account',
      accessorFn: (row) => row.accountId,
      cell: ({ row }) =>
        link(
          paths.accountDetails.href({ accountId: row.original.accountId }),
          row.original.accountId,
          true,
        ),
    },
    {
      id: 'tradingDay',
      header: 'Trading Day',
      accessorFn: (row) => row.tradingDay,
      cell: ({ row }) => formatCount(row.original.tradingDay),
      meta: { numeric: true },
    },
    {
      id: 'pnl',
      header: 'PnL',
      accessorFn: (row) => row.dailyPnl,
      cell: ({ row }) => <Money value={row.original.dailyPnl} signed />,
      meta: { numeric: true },
    },
    {
      id: 'trades',
      header: 'Trades',
      accessorFn: (row) => row.dailyTrades,
      cell: ({ row }) => formatCount(row.original.dailyTrades),
      meta: { numeric: true },
    },
    {
      id: 'winRate',
      header: 'Win Rate',
      accessorFn: (row) => row.dailyWinRate ?? undefined,
      sortUndefined: 'last',
      cell: ({ row }) => formatFractionPercent(row.original.dailyWinRate, 1),
      meta: { numeric: true },
    },
    {
      id: 'startBalance',
      header: 'Start Balance',
      accessorFn: (row) => row.startingBalance,
      cell: ({ row }) => <Money value={row.original.startingBalance} />,
      meta: { numeric: true },
    },
    {
      id: 'endBalance',
      header: 'End Balance',
      accessorFn: (row) => row.endingBalance,
      cell: ({ row }) => <Money value={row.original.endingBalance} />,
      meta: { numeric: true },
    },
    {
      id: 'drawdown',
      header: 'Drawdown',
      accessorFn: (row) => row.runningDrawdown,
      cell: ({ row }) => <Money value={row.original.runningDrawdown} />,
      meta: { numeric: true },
    },
    {
      id: 'profitTarget',
      header: 'Profit Target %',
      accessorFn: (row) => row.profitTargetProgress ?? undefined,
      sortUndefined: 'last',
      cell: ({ row }) => formatFractionPercent(row.original.profitTargetProgress, 1),
      meta: { numeric: true },
    },
    {
      id: 'consistency',
      header: 'Consistency',
      accessorFn: (row) => (row.consistencyViolation ? 1 : 0),
      cell: ({ row }) => {
        const violation = row.original.consistencyViolation;
        const label = violation ? 'Consistency violation' : 'Consistent';
        return (
          <Badge
            colorPalette={violation ? 'red' : 'green'}
            variant="subtle"
            aria-label={label}
            title={label}
          >
            {consistencyText(violation)}
          </Badge>
        );
      },
    },
    {
      id: 'status',
      header: 'Status',
      accessorFn: (row) => row.accountStatus,
      cell: ({ row }) => <AccountStatusBadge status={row.original.accountStatus} />,
    },
  ];
  return columns.filter((column): column is ColumnDef<DailySummaryRow> => column !== false);
}

function amount(value: number): string {
  return value.toFixed(2);
}

/**
 * The rows as CSV, in the table's columns and order: dates MM/DD/YYYY, amounts in USD as plain
 * numbers with two decimals (a spreadsheet sums them), rates as the table shows them.
 */
export function dailySummaryCsv(rows: readonly DailySummaryRow[], withTrader: boolean): string {
  const header = [
    'Date',
    ...(withTrader ? ['Trader'] : []),
    'Account',
    'Trading Day',
    'PnL (USD)',
    'Trades',
    'Win Rate',
    'Start Balance (USD)',
    'End Balance (USD)',
    'Drawdown (USD)',
    'Profit Target %',
    'Consistency',
    'Status',
  ];
  const lines = rows.map((row) => [
    formatDate(row.date),
    ...(withTrader ? [row.traderId] : []),
    row.accountId,
    String(row.tradingDay),
    amount(row.dailyPnl),
    String(row.dailyTrades),
    formatFractionPercent(row.dailyWinRate, 1),
    amount(row.startingBalance),
    amount(row.endingBalance),
    amount(row.runningDrawdown),
    formatFractionPercent(row.profitTargetProgress, 1),
    consistencyText(row.consistencyViolation),
    row.accountStatus,
  ]);
  return toCsv(header, lines);
}
