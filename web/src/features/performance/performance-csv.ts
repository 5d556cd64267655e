import type { PerformanceListRow } from '@shared/performance/performance-list';
import { toCsv } from '@/components/data-table/csv';
import { formatDate } from '@/lib/format';

const amount = (value: number | undefined) => (value === undefined ? '' : value.toFixed(2));
const count = (value: number | undefined) => (value === undefined ? '' : String(value));

/**
 * Latest Performance as CSV (issue 24): one line per account in the given order, the table's
 * columns plus the date and broker status; the whole account id; amounts in USD as plain numbers
 * with two decimals (a spreadsheet sums them); WinPct a percentage with one decimal.
 */
export function performanceCsv(rows: readonly PerformanceListRow[], date: string): string {
  const header = [
    'Date',
    'Account',
    'Trader Email',
    'Phase Type',
    'Broker Status',
    'Status',
    'ClosedPnl (USD)',
    'NetPnl (USD)',
    'Commissions (USD)',
    'Trades',
    'WinTrades',
    'LoserTrades',
    'WinPct',
    'CashBal (USD)',
    'AcctBal (USD)',
  ];
  return toCsv(
    header,
    rows.map((row) => [
      formatDate(date),
      row.Account,
      row.traderEmail ?? '',
      row.accountType,
      row.rithmicStatus,
      row.status ?? '',
      amount(row.ClosedPnl),
      amount(row.NetPnl),
      amount(row.Commissions),
      count(row.Trades),
      count(row.WinTrades),
      count(row.LoserTrades),
      row.WinPct === undefined ? '' : row.WinPct.toFixed(1),
      amount(row.CashBal),
      amount(row.AcctBal),
    ]),
  );
}
