import * as z from 'zod';
import { countSchema, isoTimestampSchema } from '../common/fields';
import { conformanceSchema } from '../rules/conformance';
import { tradingDateSchema } from '../rules/day-input';
import { performanceFiguresShape } from './daily-performance';

/** One closed trade of the day (`daily-trades.csv`), as the report's Trade Details table shows it. */
export const performanceTradeSchema = z.object({
  Symbol: z.string().min(1),
  Exchange: z.string().optional(),
  FillPrice: z.number().optional(),
  FillSize: z.number().int().optional(),
  OrderId: z.string().optional(),
  FillId: z.string().min(1),
  Pnl: z.number().optional(),
  NetChange: z.number().optional(),
  TradeDate: tradingDateSchema.optional(),
  Commission: z.number().optional(),
});
export type PerformanceTrade = z.infer<typeof performanceTradeSchema>;

/** One symbol's figures of the day (`daily-symbols.csv`); WinPct and LoserPct are percentages. */
export const performanceSymbolSchema = z.object({
  Symbol: z.string().min(1),
  Exchange: z.string().optional(),
  ClosedPnl: z.number().optional(),
  NetPnl: z.number().optional(),
  Commissions: z.number().optional(),
  Trades: countSchema.optional(),
  WinTrades: countSchema.optional(),
  LoserTrades: countSchema.optional(),
  WinPct: z.number().min(0).max(100).optional(),
  LoserPct: z.number().min(0).max(100).optional(),
  BuyQty: countSchema.optional(),
  SellQty: countSchema.optional(),
  NetQty: z.number().int().optional(),
  QtyTraded: countSchema.optional(),
});
export type PerformanceSymbol = z.infer<typeof performanceSymbolSchema>;

/**
 * `GET /api/performance/account/{accountId}/{YYYYMMDD}`: the performance report of spec 000 §3, which
 * is also spec 001's detailed daily report. `conformance` is the engine's judgement of the day (its
 * `rules` are the conformance rule entries); null until the day is judged.
 */
export const performanceReportSchema = z.object({
  date: tradingDateSchema,
  Account: z.string().min(1),
  fcm: z.string().optional(),
  ib: z.string().optional(),
  ...performanceFiguresShape,
  traderId: z.string().optional(),
  traderEmail: z.string().optional(),
  fileModifiedDate: isoTimestampSchema.optional(),
  trades: z.array(performanceTradeSchema).default([]),
  symbols: z.array(performanceSymbolSchema).default([]),
  conformance: conformanceSchema.nullable(),
});
export type PerformanceReport = z.infer<typeof performanceReportSchema>;
