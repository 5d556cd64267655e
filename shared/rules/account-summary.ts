import * as z from 'zod';
import { centsToDollars } from '../money/decimal';
import type { CompiledPhase } from './compile-phase';
import {
  overallStatusSchema,
  violationSchema,
  type Conformance,
  type ConformanceRule,
} from './conformance';
import { decisiveBreach } from './decisive-breach';
import { tradingDateSchema } from './day-input';
import { drawdownDaySchema, drawdownOfDay } from './drawdown-day';
import type { EngineState } from './engine-state';
import type { RuleCategory } from './rule-definition';
import { violationsInForce } from './violation-log';

/**
 * The account summary of both specs (spec 001 §3 "Account summary", spec 000 §3 "Account summary
 * card"), computed from the engine state and the conformance of the last evaluated day.
 */

/** Where the account stands in its phase: still trading, passed, or failed (a hard breach). */
export const accountStatusSchema = z.enum(['active', 'passed', 'failed']);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

const money = z.number();
const count = z.number().int().min(0);
const fraction = z.number().min(0).max(1);

export const accountSummarySchema = z.object({
  accountStatus: accountStatusSchema,
  conformanceStatus: overallStatusSchema,
  overallScore: z.number().int().min(0).max(100).nullable(),
  startingBalance: money,
  currentBalance: money,
  /** Highest end-of-day balance, at least the starting balance. */
  peakBalance: money,
  totalProfit: money,
  /** Peak balance minus current balance. */
  currentDrawdown: money,
  /** Largest fall of an end-of-day balance below the peak before it. */
  totalDrawdown: money,
  profitTarget: money.nullable(),
  profitTargetProgress: fraction,
  profitTargetAchieved: z.boolean(),
  totalTrades: count,
  winningTrades: count,
  losingTrades: count,
  /** Winning trades / trades, as a fraction. */
  winRate: fraction.nullable(),
  /** Mean P&L of the winning trades (positive) and of the losing trades (negative). */
  averageWin: money.nullable(),
  averageLoss: money.nullable(),
  /** Gross wins / gross losses; null without a losing trade. */
  profitFactor: z.number().min(0).nullable(),
  maxConsecutiveWins: count,
  maxConsecutiveLosses: count,
  monthlyTradeCount: count,
  /** Days with trades (decision 35: "Trading Days" everywhere). */
  tradingDaysCompleted: count,
  /** The trading-days benchmark's minimum in a phase without payouts; null otherwise. */
  minTradingDaysRequired: count.nullable(),
  /**
   * In a payout-eligible phase, the days its trading-days rule counts toward a payout ("Payout
   * Days", decision 35) and how many it needs; null elsewhere and on records stored before.
   */
  payoutDaysCompleted: count.nullable().optional(),
  payoutDaysRequired: count.nullable().optional(),
  consecutiveWinningDays: count,
  consistencyRuleCompliant: z.boolean(),
  trailingDrawdownCompliant: z.boolean(),
  /** The drawdown rule on the last day with data (decision 34); absent on records stored before. */
  drawdown: drawdownDaySchema.nullable().optional(),
  /**
   * The daily loss rule on the last day with data: the loss it counted (min of LowPnl and NetPnl,
   * as a positive amount) and its limit; with several, the one with the least room. Null without
   * the rule; absent on records stored before it existed.
   */
  dailyLoss: z
    .object({ loss: z.number().min(0), limit: money })
    .nullable()
    .optional(),
  activeRuleViolations: count,
  activeViolations: z.array(violationSchema),
  inactivityWarning: z.boolean(),
  firstPayoutRequirementsMet: z.boolean(),
  payoutEligible: z.boolean(),
  phasePassed: z.boolean(),
  phasePassedDate: tradingDateSchema.nullable(),
  phaseFailed: z.boolean(),
  phaseFailedDate: tradingDateSchema.nullable(),
  /**
   * The hard breach that failed the phase (`decisiveBreach` of the engine state), kept after its day
   * leaves `activeViolations` so a failed account always names its rule; null while not failed,
   * absent on records stored before (re-judge to fill).
   */
  decisiveBreach: violationSchema.nullable().optional(),
  startDate: tradingDateSchema.nullable(),
  lastTradingDate: tradingDateSchema.nullable(),
  lastCalculationDate: tradingDateSchema.nullable(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

/** Spec 001 §9: "close to passing" needs at least 90% of the profit target. */
export const CLOSE_TO_PASSING_PROGRESS = 0.9;

/** The inactivity warning comes up at 80% of the allowed idle days, like the other limits. */
const INACTIVITY_WARNING_SHARE = 0.8;

/**
 * Spec 001 §9, the dashboard's "close to passing": profit target progress of at least 0.9, not yet
 * achieved, consistency and trailing drawdown compliant, account active.
 */
export function isCloseToPassing(
  summary: Pick<
    AccountSummary,
    | 'profitTargetProgress'
    | 'profitTargetAchieved'
    | 'consistencyRuleCompliant'
    | 'trailingDrawdownCompliant'
    | 'accountStatus'
  >,
): boolean {
  return (
    summary.profitTargetProgress >= CLOSE_TO_PASSING_PROGRESS &&
    !summary.profitTargetAchieved &&
    summary.consistencyRuleCompliant &&
    summary.trailingDrawdownCompliant &&
    summary.accountStatus === 'active'
  );
}

function rulesOf(latest: Conformance | null, category: RuleCategory): ConformanceRule[] {
  return latest ? latest.rules.filter((rule) => rule.category === category) : [];
}

/** The daily loss rule of the last day with the least room left (limit − loss); null without one. */
function dailyLossOf(latest: Conformance | null): AccountSummary['dailyLoss'] {
  let tightest: { loss: number; limit: number } | null = null;
  for (const rule of rulesOf(latest, 'daily-loss')) {
    if (rule.thresholdValue === null) continue;
    const entry = { loss: rule.currentValue ?? 0, limit: rule.thresholdValue };
    if (!tightest || entry.limit - entry.loss < tightest.limit - tightest.loss) tightest = entry;
  }
  return tightest;
}

/** The status an engine state decides: failed once it failed, passed once it passed; active before any day. */
export function statusOfState(state: EngineState | undefined): AccountStatus {
  if (!state) return 'active';
  return state.failedDate !== null ? 'failed' : state.passedDate !== null ? 'passed' : 'active';
}

/**
 * The account summary after the last evaluated day. `latest` is that day's conformance (null before
 * any day): rule-based figures (progress, compliance, required days) are read from it, so the summary
 * always agrees with what the conformance screens show.
 */
export function summarizeAccount(
  phase: CompiledPhase,
  state: EngineState,
  latest: Conformance | null,
): AccountSummary {
  const profitRule = rulesOf(latest, 'profit-target')[0];
  const tradingDaysRule = rulesOf(latest, 'trading-days')[0];
  // In a payout-eligible phase the trading-days rule counts payout days, not days traded.
  const payoutRule = phase.payoutEligible ? tradingDaysRule : undefined;
  const inactivityRule = rulesOf(latest, 'inactivity')[0];
  const failed = state.failedDate !== null;
  const passed = state.passedDate !== null;
  const totalProfitCents = state.balanceCents - state.startingBalanceCents;
  const firstPayoutRequirementsMet = latest !== null && latest.benchmarksMet && !failed;
  const active = violationsInForce(state);
  return {
    accountStatus: statusOfState(state),
    conformanceStatus: latest?.overallStatus ?? 'unknown',
    overallScore: latest?.overallScore ?? null,
    startingBalance: centsToDollars(state.startingBalanceCents),
    currentBalance: centsToDollars(state.balanceCents),
    peakBalance: centsToDollars(state.peakBalanceCents),
    totalProfit: centsToDollars(totalProfitCents),
    currentDrawdown: centsToDollars(state.peakBalanceCents - state.balanceCents),
    totalDrawdown: centsToDollars(state.maxDrawdownCents),
    profitTarget: phase.profitTargetCents === null ? null : centsToDollars(phase.profitTargetCents),
    profitTargetProgress: profitRule?.score ?? 0,
    profitTargetAchieved: profitRule?.outcome === 'met',
    totalTrades: state.totalTrades,
    winningTrades: state.winningTrades,
    losingTrades: state.losingTrades,
    winRate: state.totalTrades > 0 ? Math.min(state.winningTrades / state.totalTrades, 1) : null,
    averageWin:
      state.tradeWins > 0
        ? centsToDollars(Math.round(state.grossWinCents / state.tradeWins))
        : null,
    averageLoss:
      state.tradeLosses > 0
        ? centsToDollars(-Math.round(state.grossLossCents / state.tradeLosses))
        : null,
    profitFactor: state.grossLossCents > 0 ? state.grossWinCents / state.grossLossCents : null,
    maxConsecutiveWins: state.maxWinStreak,
    maxConsecutiveLosses: state.maxLossStreak,
    monthlyTradeCount: state.monthTrades,
    tradingDaysCompleted: state.tradingDays,
    minTradingDaysRequired: payoutRule ? null : (tradingDaysRule?.thresholdValue ?? null),
    payoutDaysCompleted: payoutRule ? (payoutRule.currentValue ?? 0) : null,
    payoutDaysRequired: payoutRule ? payoutRule.thresholdValue : null,
    consecutiveWinningDays: state.winningDayStreak,
    consistencyRuleCompliant: rulesOf(latest, 'consistency').every(
      (rule) => rule.outcome === 'met',
    ),
    // The entries report the day's own judgement: a drawdown breached earlier in the phase stays
    // non-compliant through the violations.
    trailingDrawdownCompliant: rulesOf(latest, 'drawdown').every(
      (rule) => rule.outcome === 'ok' && state.violationLog.rules[rule.ruleId] === undefined,
    ),
    drawdown: drawdownOfDay({ conformance: latest, state }),
    dailyLoss: dailyLossOf(latest),
    activeRuleViolations: active.length,
    activeViolations: active,
    inactivityWarning:
      inactivityRule !== undefined &&
      (inactivityRule.outcome === 'breached' ||
        (inactivityRule.currentValue ?? 0) >=
          INACTIVITY_WARNING_SHARE * (inactivityRule.thresholdValue ?? 0)),
    firstPayoutRequirementsMet,
    payoutEligible: phase.payoutEligible && firstPayoutRequirementsMet && totalProfitCents > 0,
    phasePassed: passed,
    phasePassedDate: state.passedDate,
    phaseFailed: failed,
    phaseFailedDate: state.failedDate,
    decisiveBreach: decisiveBreach(state),
    startDate: state.startDate,
    lastTradingDate: state.lastTradingDate,
    lastCalculationDate: state.lastDate,
  };
}
