import * as z from 'zod';
import { tradingDateSchema } from './day-input';
import { violationSchema } from './conformance';
import { drawdownDaySchema } from './drawdown-day';
import { emptyViolationLog, logViolations, violationLogSchema } from './violation-log';

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

const engineStateShape = {
  version: z.literal(2),
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
  violationLog: violationLogSchema,
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
};

const currentStateSchema = z.object(engineStateShape);
export type EngineState = z.infer<typeof currentStateSchema>;

/**
 * A state stored before the violations were kept in aggregates (version 1): it carried every
 * violation of the phase in one list, which grew by one a day for a failed account that kept
 * breaching.
 */
const { version: _version, violationLog: _log, ...unchanged } = engineStateShape;
const legacyStateSchema = z.object({
  ...unchanged,
  version: z.literal(1),
  violations: z.array(violationSchema),
});
type LegacyState = z.infer<typeof legacyStateSchema>;

/** A version-1 state as the engine keeps it now: its list folded into the log, day by day. */
export function migrateLegacyState({ violations, version: _v, ...rest }: LegacyState): EngineState {
  const breaches = rest.breaches;
  let log = emptyViolationLog();
  for (let start = 0; start < violations.length;) {
    const date = violations[start]!.date;
    let end = start;
    while (end < violations.length && violations[end]!.date === date) end += 1;
    const day = violations.slice(start, end);
    log = logViolations(log, day, (ruleId) => breaches[ruleId] === date, rest.failedDate === date);
    start = end;
  }
  // `lastDay` holds only the violations of the last day with data.
  if (log.lastDay.length > 0 && log.lastDay[0]!.date !== rest.lastDate) log.lastDay = [];
  return { version: 2, ...rest, violationLog: log };
}

/**
 * The engine state as stored (DynamoDB, evidence packs): the current shape, or a version-1 state,
 * migrated on read so it is judged on like any other.
 */
export const engineStateSchema = z.union([
  currentStateSchema,
  legacyStateSchema.transform(migrateLegacyState),
]);
