import { Link, Text } from '@chakra-ui/react';
import type { ColumnDef, SortingFn } from '@tanstack/react-table';
import { Link as RouterLink } from 'react-router-dom';
import { listStatusOf } from '@shared/accounts/account';
import type { PerformanceListRow } from '@shared/performance/performance-list';
import { paths } from '@/config/paths';
import { PhaseBadge } from '@/components/badges/badges';
import { ListStatusCell, roomToBreachColumn } from '@/components/limit-distance/room-to-breach';
import { formatCount, formatDate, orMissing } from '@/lib/format';
import { Money, Percent } from '@/components/figures/money-text';
import { shortAccountId } from './performance-sort';

type Figure = 'ClosedPnl' | 'NetPnl' | 'Commissions' | 'Trades' | 'WinTrades' | 'LoserTrades';
type Amount = Figure | 'CashBal' | 'AcctBal' | 'WinPct';

/** Spec 000 §2: NetPnl descending until a header is clicked. */
export const DEFAULT_PERFORMANCE_SORTING = [{ id: 'NetPnl', desc: true }];

const byAccount: SortingFn<PerformanceListRow> = (left, right) =>
  left.original.Account.localeCompare(right.original.Account);

const amount = (value: number | undefined) => (value === undefined ? '' : value.toFixed(2));

/**
 * A figure's column: right-aligned, sorted with missing figures last either way (the rows come in
 * account order, which breaks ties), written to CSV as a plain number (amounts with two decimals, in
 * USD, so a spreadsheet sums them).
 */
function figure(
  id: Amount,
  cell: (row: PerformanceListRow) => React.ReactNode,
  csv: { header: string; value: (row: PerformanceListRow) => string },
): ColumnDef<PerformanceListRow> {
  return {
    id,
    header: id,
    accessorFn: (row) => row[id],
    sortingFn: 'basic',
    sortUndefined: 'last',
    cell: ({ row }) => cell(row.original),
    meta: { numeric: true, csv },
  };
}

const money = (id: Amount, signed = false) =>
  figure(id, (row) => <Money value={row[id]} signed={signed} />, {
    header: `${id} (USD)`,
    value: (row) => amount(row[id]),
  });
const count = (id: Figure) =>
  figure(id, (row) => formatCount(row[id]), {
    header: id,
    value: (row) => (row[id] === undefined ? '' : String(row[id])),
  });

/**
 * Latest Performance's columns (spec 000 §2) for the day `date`: Trader Email, Phase Type and Status
 * are not sortable; Status is the judged status, or held. Room to Breach (after the account's last
 * judged day) sorts closest to breach first. The CSV adds the date and the broker status and writes
 * the whole account id.
 */
export function performanceColumns(date: string | null): ColumnDef<PerformanceListRow>[] {
  return [
    {
      id: 'date',
      header: 'Date',
      enableSorting: false,
      meta: { csvOnly: true, csv: { value: () => (date ? formatDate(date) : '') } },
    },
    {
      id: 'Account',
      header: 'Account',
      accessorFn: (row) => row.Account,
      sortingFn: byAccount,
      cell: ({ row }) => (
        <Link asChild fontFamily="mono" colorPalette="blue">
          <RouterLink
            to={paths.accountDetails.href({ accountId: row.original.Account })}
            title={row.original.Account}
          >
            {shortAccountId(row.original.Account)}
          </RouterLink>
        </Link>
      ),
    },
    {
      id: 'traderEmail',
      header: 'Trader Email',
      accessorFn: (row) => row.traderEmail,
      enableSorting: false,
      // Long addresses are cut with an ellipsis (the whole one in the title) so the figures fit.
      cell: ({ row }) => (
        <Text as="span" display="block" truncate maxW="48" title={row.original.traderEmail}>
          {orMissing(row.original.traderEmail)}
        </Text>
      ),
    },
    {
      id: 'accountType',
      header: 'Phase Type',
      accessorFn: (row) => row.accountType,
      enableSorting: false,
      cell: ({ row }) => <PhaseBadge phase={row.original.accountType} />,
    },
    {
      id: 'rithmicStatus',
      header: 'Broker Status',
      accessorFn: (row) => row.rithmicStatus,
      enableSorting: false,
      meta: { csvOnly: true },
    },
    {
      id: 'status',
      header: 'Status',
      accessorFn: (row) => listStatusOf(row),
      enableSorting: false,
      cell: ({ row }) => (
        <ListStatusCell status={row.original.status} heldSince={row.original.heldSince} />
      ),
    },
    roomToBreachColumn((row) => row.room),
    money('ClosedPnl', true),
    money('NetPnl', true),
    money('Commissions'),
    count('Trades'),
    count('WinTrades'),
    count('LoserTrades'),
    figure('WinPct', (row) => <Percent value={row.WinPct} decimals={1} />, {
      header: 'WinPct',
      value: (row) => (row.WinPct === undefined ? '' : row.WinPct.toFixed(1)),
    }),
    money('CashBal'),
    money('AcctBal'),
  ];
}
