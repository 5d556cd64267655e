import type { AccountSummaryRecord } from '@shared/summaries/account-summary-record';
import { formatCount, formatDecimal, formatFractionPercent } from '@/lib/format';
import type { FieldRow } from './field-list';
import { Money } from './money-text';

/**
 * The trade statistics of an account summary as every screen that shows the summary lists them: win
 * rate with 1 decimal and profit factor with 2 (spec 001 §9), average win and loss signed.
 */
export function tradeStatisticRows(summary: AccountSummaryRecord | null | undefined): FieldRow[] {
  return [
    ['Total Trades', formatCount(summary?.totalTrades)],
    ['Winning Trades', formatCount(summary?.winningTrades)],
    ['Losing Trades', formatCount(summary?.losingTrades)],
    ['Win Rate', formatFractionPercent(summary?.winRate, 1)],
    ['Average Win', <Money value={summary?.averageWin} signed />],
    ['Average Loss', <Money value={summary?.averageLoss} signed />],
    ['Profit Factor', formatDecimal(summary?.profitFactor, 2)],
  ];
}
