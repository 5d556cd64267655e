import type { DailyPerformance } from '@shared/performance/daily-performance';
import type { Phase } from '@shared/programs/program';
import { currentPhaseOf as phaseIn } from '@shared/programs/current-phase';
import type { DrawdownDay } from '@shared/rules/drawdown-day';
import type { AccountDetail, BalanceSeriesPoint } from '@shared/summaries/account-detail';

/** The phase the account is in, from the program version it trades. */
export function currentPhaseOf(detail: AccountDetail): Phase | undefined {
  const { program, programVersion } = detail;
  return program && programVersion ? phaseIn(programVersion, program) : undefined;
}

function numberParameter(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * A parameter of the phase's first enabled rule of `category`: the phase's override, else the
 * definition's value (decision 22).
 */
function phaseRuleParameter(
  detail: AccountDetail,
  category: string,
  parameter: string,
): number | undefined {
  const phase = currentPhaseOf(detail);
  const definitions = new Map(detail.rules.map((rule) => [rule.ruleId, rule]));
  for (const reference of phase?.rules.rules ?? []) {
    const definition = definitions.get(reference.ruleId);
    if (!reference.enabled || definition?.category !== category) continue;
    const value =
      numberParameter(reference.parameterOverrides[parameter]) ??
      numberParameter(definition.testParameters[parameter]);
    if (value !== undefined) return value;
  }
  return undefined;
}

export interface ChartTargets {
  /** The profit-target amount above the starting balance; null without a profit-target rule. */
  profitTarget: number | null;
  /** The drawdown rule's allowed fall from the peak; null without a drawdown rule. */
  maxDrawdown: number | null;
  /** The minimum trading days; null without a trading-days rule or when it counts payout days. */
  minDays: number | null;
}

/** The engine's drawdown of the account's last day with data (decision 34); null without one. */
export function latestDrawdown(detail: AccountDetail): DrawdownDay | null {
  return detail.summary?.drawdown ?? detail.drawdowns.at(-1) ?? null;
}

/**
 * Targets of the chart and progress bars (spec 001 §2.9, decision 22): the profit target from the
 * phase's profit-target benchmark (the summary's amount, which resolves a percentage target), the
 * drawdown from its drawdown rule, the days from its trading-days rule.
 */
export function chartTargets(detail: AccountDetail): ChartTargets {
  const phase = currentPhaseOf(detail);
  const profitTarget =
    detail.summary?.profitTarget ??
    phase?.benchmarkRules?.profitTarget?.target ??
    phaseRuleParameter(detail, 'profit-target', 'target') ??
    null;
  const maxDrawdown =
    phase?.violationRules?.drawdowns[0]?.maxDrawdown ??
    phaseRuleParameter(detail, 'drawdown', 'maxDrawdown') ??
    null;
  // In a payout phase the trading-days rule counts Payout Days (decision 35): no days-traded minimum.
  const payoutPhase = (detail.summary?.payoutDaysRequired ?? null) !== null;
  const minDays = payoutPhase
    ? null
    : (detail.summary?.minTradingDaysRequired ??
      phaseRuleParameter(detail, 'trading-days', 'minDays') ??
      null);
  return { profitTarget, maxDrawdown, minDays };
}

export interface AccountProgress {
  /** Percentages 0–100 before capping. */
  profit: number;
  drawdown: number;
  days: number;
  /** The drawdown the engine counts: used at the close, or the breaching one on a breach day. */
  drawdownAmount: number;
  /** Days traded (decision 35). */
  tradedDays: number;
  /** Payout Days and their progress, in a phase with a payout rule; null elsewhere. */
  payoutDays: { completed: number; required: number; percent: number } | null;
}

/**
 * The progress figures (spec 000 §9): profit = progress toward the target; drawdown = the engine's
 * drawdown of the last day against the allowed drawdown (decision 34: measured from the floor as it
 * trailed and locked, the same figure as the dashboard's); trading days = days with trades against
 * the minimum, 100 without a minimum; Payout Days against their minimum where a payout rule counts them.
 */
export function accountProgress(detail: AccountDetail, targets: ChartTargets): AccountProgress {
  const summary = detail.summary;
  const starting =
    summary?.startingBalance ?? detail.program?.currentPhaseData.startingBalance ?? 0;
  const latest = summary?.currentBalance ?? detail.performances[0]?.AcctBal ?? starting;
  const drawdown = latestDrawdown(detail);
  const tradedDays =
    summary?.tradingDaysCompleted ?? detail.performances.filter((day) => day.Trades > 0).length;
  const profit =
    summary !== null && summary !== undefined
      ? summary.profitTargetProgress * 100
      : targets.profitTarget
        ? ((latest - starting) / targets.profitTarget) * 100
        : 0;
  const payoutRequired = summary?.payoutDaysRequired ?? null;
  const payoutCompleted = summary?.payoutDaysCompleted ?? 0;
  return {
    profit,
    drawdown: drawdown ? drawdown.usage * 100 : 0,
    days: targets.minDays ? (tradedDays / targets.minDays) * 100 : 100,
    drawdownAmount: drawdown?.decided ?? 0,
    tradedDays,
    payoutDays:
      payoutRequired === null
        ? null
        : {
            completed: payoutCompleted,
            required: payoutRequired,
            percent: payoutRequired > 0 ? (payoutCompleted / payoutRequired) * 100 : 100,
          },
  };
}

export interface BalancePoint {
  date: string;
  accountBalance: number;
  cashBalance: number | null;
  profitTarget: number | null;
  drawdownLine: number | null;
}

/**
 * The balance chart's points, oldest first (spec 001 §2.9), from the account's balance series (one
 * point a day, `GET /api/summaries/account/{accountId}/balances`): account and cash balance, the
 * profit target line (starting balance + target) and the drawdown limit: the engine's floor after
 * each day, as it trailed and locked (decision 34), none on a day the engine has no drawdown for.
 */
export function balancePoints(
  series: readonly BalanceSeriesPoint[],
  startingBalance: number,
  targets: ChartTargets,
): BalancePoint[] {
  const days = [...series].sort((a, b) => a.date.localeCompare(b.date));
  return days.map((day) => ({
    date: day.date,
    accountBalance: day.accountBalance,
    cashBalance: day.cashBalance,
    profitTarget: targets.profitTarget === null ? null : startingBalance + targets.profitTarget,
    drawdownLine: day.floor,
  }));
}

/** Newest first, as the daily table shows them. */
export function newestFirst(performances: readonly DailyPerformance[]): DailyPerformance[] {
  return [...performances].sort((a, b) => b.date.localeCompare(a.date));
}
