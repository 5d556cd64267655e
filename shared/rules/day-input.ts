import * as z from 'zod';
import { isCalendarDate } from './calendar';

/**
 * One account-day as the engine judges it: the broker's daily performance row and that day's fills and
 * closed trades, with the column names of contracts/broker-files.md so the sync passes parsed rows
 * through. Money is decimal dollars, as in the files; the engine turns it into integer cents.
 */

export const tradingDateSchema = z
  .string()
  .refine(isCalendarDate, { error: 'Date must be a calendar date written YYYYMMDD' });

export const performanceRowSchema = z.object({
  AcctBal: z.number(),
  NetPnl: z.number(),
  ClosedPnl: z.number().optional(),
  HighPnl: z.number().optional(),
  LowPnl: z.number().optional(),
  Trades: z.number().int().min(0),
  Commissions: z.number().optional(),
  WinTrades: z.number().int().min(0).optional(),
  LoserTrades: z.number().int().min(0).optional(),
});
export type PerformanceRow = z.infer<typeof performanceRowSchema>;

export const dayFillSchema = z.object({
  FillTime: z.iso.datetime({ offset: true }),
  Symbol: z.string().trim().min(1),
  Side: z.enum(['B', 'S']),
  FillSize: z.number().positive(),
  FillPrice: z.number().optional(),
});
export type DayFill = z.infer<typeof dayFillSchema>;

export const dayTradeSchema = z.object({
  Symbol: z.string().optional(),
  Pnl: z.number().optional(),
});
export type DayTrade = z.infer<typeof dayTradeSchema>;

/**
 * `performance: null` is a day without a performance row: its conformance is `unknown` (No Data).
 * `payoutDates`: the dates of the account's paid payouts (any order; those on or after the day are
 * ignored): in a payout-eligible phase the consistency and trading-days benchmarks count only the
 * days after the latest one before the day (payout-window.ts). Absent or empty: no payout.
 */
export const dayInputSchema = z.object({
  date: tradingDateSchema,
  performance: performanceRowSchema.nullable(),
  fills: z.array(dayFillSchema).default([]),
  trades: z.array(dayTradeSchema).default([]),
  payoutDates: z.array(tradingDateSchema).optional(),
});
export type DayInput = z.input<typeof dayInputSchema>;
