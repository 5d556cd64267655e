import * as z from 'zod';
import { countSchema, requestDateSchema } from '../common/fields';
import { accountPhaseSchema, rithmicStatusSchema } from '../accounts/account';
import { accountStatusSchema } from '../rules/account-summary';
import { tradingDateSchema } from '../rules/day-input';
import { roomToBreachSchema } from '../rules/limit-distance';

/** One row of Latest Performance (spec 000 §3 "Performance list row"); WinPct is a percentage. */
export const performanceListRowSchema = z.object({
  Account: z.string().min(1),
  accountType: accountPhaseSchema,
  traderEmail: z.string().optional(),
  rithmicStatus: rithmicStatusSchema,
  /**
   * The account's judged status (active / passed / failed), as All Accounts shows it: a failed
   * account the broker still lists as Active is marked.
   */
  status: accountStatusSchema.optional(),
  /** The day a breach of the account was held for review; absent when none is. */
  heldSince: tradingDateSchema.optional(),
  /** Room to the drawdown floor and daily loss limit after the account's last judged day. */
  room: roomToBreachSchema.optional(),
  ClosedPnl: z.number().optional(),
  NetPnl: z.number(),
  Commissions: z.number().optional(),
  Trades: countSchema,
  WinTrades: countSchema.optional(),
  LoserTrades: countSchema.optional(),
  WinPct: z.number().min(0).max(100).optional(),
  CashBal: z.number().optional(),
  AcctBal: z.number(),
});
export type PerformanceListRow = z.infer<typeof performanceListRowSchema>;

/**
 * `GET /api/performance/today[?date=YYYYMMDD]` answer: every account's row of the asked date, by
 * default the latest date that has data. `meta.date` is the date shown (null when no date has data
 * yet: the screen's empty state); `meta.latestDate` the latest date with data (the picker's end).
 */
export const performanceListResponseSchema = z.object({
  success: z.boolean(),
  data: z.array(performanceListRowSchema),
  meta: z.object({
    date: tradingDateSchema.nullable(),
    latestDate: tradingDateSchema.nullable().optional(),
  }),
});

/** `GET /api/performance/today` query: another day than the latest. */
export const performanceListQuerySchema = z.strictObject({
  date: requestDateSchema('date').optional(),
});
export type PerformanceListQuery = z.infer<typeof performanceListQuerySchema>;
export type PerformanceListResponse = z.infer<typeof performanceListResponseSchema>;

/** The sortable columns of Latest Performance; default NetPnl descending (spec 000 §2). */
export const performanceSortColumnSchema = z.enum([
  'Account',
  'ClosedPnl',
  'NetPnl',
  'Commissions',
  'Trades',
  'WinTrades',
  'LoserTrades',
  'WinPct',
  'CashBal',
  'AcctBal',
]);
export type PerformanceSortColumn = z.infer<typeof performanceSortColumnSchema>;
