import * as z from 'zod';
import { countSchema } from '../common/fields';
import { overallStatusSchema } from '../rules/conformance';
import { tradingDateSchema } from '../rules/day-input';

/**
 * Figures of one account-day as the broker's `daily-performance.csv` gives them (money in dollars).
 * WinPct and LoserPct are percentages (55.5 is 55.5%) as the broker-files contract fixes; spec 001 §3
 * calls WinPct a fraction but its daily report divides it by 100 for display, which is the contract's
 * reading.
 */
const percentage = z.number().min(0).max(100);

export const performanceFiguresShape = {
  ClosedPnl: z.number().optional(),
  NetPnl: z.number(),
  Commissions: z.number().optional(),
  CashBal: z.number().optional(),
  AcctBal: z.number(),
  AutoLiquidateThresholdValue: z.number().optional(),
  HighPnl: z.number().optional(),
  LowPnl: z.number().optional(),
  AvgWin: z.number().optional(),
  AvgLoss: z.number().optional(),
  Trades: countSchema,
  WinTrades: countSchema.optional(),
  LoserTrades: countSchema.optional(),
  WinPct: percentage.optional(),
  LoserPct: percentage.optional(),
  NoTradingDays: countSchema.optional(),
  BuyQty: countSchema.optional(),
  SellQty: countSchema.optional(),
  NetQty: z.number().int().optional(),
  QtyTraded: countSchema.optional(),
  MaxConsecWin: countSchema.optional(),
  MaxConsecLoss: countSchema.optional(),
  /** Average holding time of winning and losing trades, in days. */
  AvgWinDuration: z.number().min(0).optional(),
  AvgLossDuration: z.number().min(0).optional(),
};

/**
 * The day's conformance in brief, as the account's daily rows show it: status, score and the number
 * of violations in force (spec 000 `Conformance {overallStatus, violations}`, spec 001
 * `conformance {overallStatus, overallScore}`). Null score: the day has no conformance yet.
 */
export const dailyConformanceSummarySchema = z.object({
  overallStatus: overallStatusSchema,
  overallScore: z.number().int().min(0).max(100).nullable(),
  violations: countSchema,
});
export type DailyConformanceSummary = z.infer<typeof dailyConformanceSummarySchema>;

/**
 * Daily performance row (spec 000 §3 "Daily performance", spec 001 §3 "Daily performance row"): one
 * account-day with its conformance in brief. The account page lists these newest first.
 */
export const dailyPerformanceSchema = z.object({
  Account: z.string().min(1),
  date: tradingDateSchema,
  ...performanceFiguresShape,
  conformance: dailyConformanceSummarySchema.nullable(),
});
export type DailyPerformance = z.infer<typeof dailyPerformanceSchema>;
