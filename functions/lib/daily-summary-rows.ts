import * as z from 'zod';
import { conformanceSchema } from '@shared/rules/conformance';
import { tradingDateSchema } from '@shared/rules/day-input';
import type { DailySummaryRow } from '@shared/summaries/daily-summary';
import type { ListSort } from '@shared/common/list-page';
import type { DailySummarySort, DailySummaryTotals } from '@shared/summaries/daily-summary-query';
import { compareOn } from './sorted-page';

/**
 * What a daily summary row is computed from (projection of the summary-day access patterns): the
 * day's figures, the parts of its conformance the row reads, and the peak balance of the engine state
 * after the day, not the rest of the state or the conformance's violation lists.
 */
export const summaryDaySchema = z.object({
  Account: z.string().min(1),
  Date: tradingDateSchema,
  traderId: z.string().optional(),
  NetPnl: z.number(),
  Trades: z.number().int().min(0),
  WinPct: z.number().optional(),
  AcctBal: z.number(),
  conformance: conformanceSchema
    .pick({
      performance: true,
      daysTradedCount: true,
      currentBalance: true,
      phasePassedDate: true,
      phaseFailedDate: true,
      rules: true,
    })
    .nullable()
    .optional(),
  engineState: z.object({ peakBalanceCents: z.number().int() }).nullable().optional(),
});
export type SummaryDay = z.infer<typeof summaryDaySchema>;

const toCents = (dollars: number) => Math.round(dollars * 100);
const toDollars = (cents: number) => cents / 100;

/**
 * A daily summary row (spec 001 §3 "Account summary for day lists") from a stored account-day. The
 * judged figures come from the day's conformance, so the row agrees with the account page and the
 * report; a day not judged yet (an account without a program) shows its broker figures, trading day
 * 0 and no progress. `startingBalance` is the balance the day opened with (ending balance minus the
 * day's P&L); `runningDrawdown` is the peak so far minus the ending balance; `consistencyViolation`
 * is set when a consistency rule of the phase is not met, the account summary's
 * `consistencyRuleCompliant` for that day.
 */
export function dailySummaryRowOf(day: SummaryDay, traderId: string): DailySummaryRow {
  const judged = day.conformance ?? undefined;
  const dailyPnl = judged?.performance?.dailyPnl ?? day.NetPnl;
  const endingBalance = judged?.currentBalance ?? day.AcctBal;
  const dailyTrades = judged?.performance?.trades ?? day.Trades;
  const brokerWinRate =
    day.WinPct !== undefined && day.Trades > 0 ? Math.min(Math.max(day.WinPct / 100, 0), 1) : null;
  const peakCents = day.engineState?.peakBalanceCents;
  const rules = judged?.rules ?? [];
  const profitRule = rules.find((rule) => rule.category === 'profit-target');
  return {
    date: day.Date,
    traderId: day.traderId ?? traderId,
    accountId: day.Account,
    tradingDay: judged?.daysTradedCount ?? 0,
    dailyPnl,
    dailyTrades,
    dailyWinRate: judged?.performance ? judged.performance.winRate : brokerWinRate,
    startingBalance: toDollars(toCents(endingBalance) - toCents(dailyPnl)),
    endingBalance,
    runningDrawdown:
      peakCents === undefined ? 0 : toDollars(Math.max(0, peakCents - toCents(endingBalance))),
    profitTargetProgress: profitRule ? profitRule.score : null,
    consistencyViolation: rules.some(
      (rule) => rule.category === 'consistency' && rule.outcome !== 'met',
    ),
    accountStatus: judged?.phaseFailedDate
      ? 'failed'
      : judged?.phasePassedDate
        ? 'passed'
        : 'active',
  };
}

/** Rows newest date first, then by account id: the daily summaries' default order. */
export function byDateThenAccount(a: DailySummaryRow, b: DailySummaryRow): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0;
}

const SORT_VALUES: Record<
  DailySummarySort,
  (row: DailySummaryRow) => string | number | null | undefined
> = {
  date: (row) => row.date,
  trader: (row) => row.traderId,
  account: (row) => row.accountId,
  tradingDay: (row) => row.tradingDay,
  pnl: (row) => row.dailyPnl,
  trades: (row) => row.dailyTrades,
  winRate: (row) => row.dailyWinRate,
  startBalance: (row) => row.startingBalance,
  endBalance: (row) => row.endingBalance,
  drawdown: (row) => row.runningDrawdown,
  profitTarget: (row) => row.profitTargetProgress,
  consistency: (row) => (row.consistencyViolation ? 1 : 0),
  status: (row) => row.accountStatus,
};

/**
 * The daily summary tables' order by one column (the tables' column ids), missing values last,
 * ties in the default order (newest date, then account id) so every page follows on the last.
 */
export function dailySummaryOrder(
  sort: ListSort<DailySummarySort>,
): (a: DailySummaryRow, b: DailySummaryRow) => number {
  return compareOn(SORT_VALUES[sort.id], sort.desc, byDateThenAccount);
}

/** The totals of summary rows: how many, their P&L and trades, accounts by status. */
export function dailySummaryTotalsOf(rows: readonly DailySummaryRow[]): DailySummaryTotals {
  const totals = { rows: 0, dailyPnl: 0, dailyTrades: 0, active: 0, passed: 0, failed: 0 };
  let pnlCents = 0;
  for (const row of rows) {
    totals.rows += 1;
    pnlCents += Math.round(row.dailyPnl * 100);
    totals.dailyTrades += row.dailyTrades;
    totals[row.accountStatus] += 1;
  }
  return { ...totals, dailyPnl: pnlCents / 100 };
}
