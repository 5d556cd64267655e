import * as z from 'zod';
import { tradingDateSchema } from './day-input';
import { violationSchema } from './conformance';
import { drawdownDaySchema } from './drawdown-day';

/**
 * What the engine remembers of an account between days: stored after each nightly run (DynamoDB) so
 * the next night judges only the new day. Compact and JSON-only; money in integer cents.
 */

export const drawdownStateSchema = z.strictObject({ floorCents: z.number().int() });
export type DrawdownState = z.infer<typeof drawdownStateSchema>;

export const consistencyStateSchema = z.strictObject({
  /** Largest period sum among the periods already closed. */
  bestCents: z.number().int(),
  /** Key of the open period (epoch day, Monday's epoch day or YYYYMM) and its sum so far. */
  periodKey: z.number().int(),
  periodCents: z.number().int(),
  totalCents: z.number().int(),
});
export type ConsistencyState = z.infer<typeof consistencyStateSchema>;

export const tradingDaysStateSchema = z.strictObject({ count: z.number().int().min(0) });
export type TradingDaysState = z.infer<typeof tradingDaysStateSchema>;

export const ruleStateSchema = z.union([
  drawdownStateSchema,
  consistencyStateSchema,
  tradingDaysStateSchema,
]);
export type RuleState = z.infer<typeof ruleStateSchema>;

const cents = z.number().int();
const count = z.number().int().min(0);

export const engineStateSchema = z.object({
  version: z.literal(1),
  startingBalanceCents: cents,
  /** First day of the phase: given, or the first day evaluated. */
  startDate: tradingDateSchema.nullable(),
  /**
   * First day evaluated with performance data: inactivity counts from it before the first trading
   * day. Absent in states stored before it existed; the engine then reads `startDate`.
   */
  firstDataDate: tradingDateSchema.nullable().optional(),
  /** Last day evaluated with performance data. */
  lastDate: tradingDateSchema.nullable(),
  daysEvaluated: count,
  balanceCents: cents,
  /** Highest end-of-day balance, never below the starting balance. */
  peakBalanceCents: cents,
  /** Largest fall of an end-of-day balance below the peak before it. */
  maxDrawdownCents: cents,
  tradingDays: count,
  lastTradingDate: tradingDateSchema.nullable(),
  winningDayStreak: count,
  losingDayStreak: count,
  totalTrades: count,
  winningTrades: count,
  losingTrades: count,
  /** Sums and counts of the closed trades' P&L (the per-trade list), for averages and profit factor. */
  grossWinCents: cents,
  grossLossCents: cents,
  tradeWins: count,
  tradeLosses: count,
  winStreak: count,
  lossStreak: count,
  maxWinStreak: count,
  maxLossStreak: count,
  /** YYYYMM of the last day and the trades of that month. */
  month: z.number().int(),
  monthTrades: count,
  /** Net open position per symbol carried into the next day (flat symbols left out). */
  positions: z.record(z.string(), z.number()),
  failedDate: tradingDateSchema.nullable(),
  passedDate: tradingDateSchema.nullable(),
  /** Multiday violation rules breached so far, with the day of the breach: they stay breached. */
  breaches: z.record(z.string(), tradingDateSchema),
  violations: z.array(violationSchema),
  rules: z.record(z.string(), ruleStateSchema),
  /**
   * The phase's drawdown rule on the last day with data (floors, trough, deciding value; dollars, as
   * the screens read it). Absent in states stored before it existed: `drawdownOfDay` derives it.
   */
  drawdown: drawdownDaySchema.nullable().optional(),
  /**
   * In a payout-eligible phase, the date of the paid payout the consistency and trading-days sums
   * count after (their window starts on the first day after it); absent before any payout.
   */
  payoutWindowAfter: tradingDateSchema.optional(),
});
export type EngineState = z.infer<typeof engineStateSchema>;
