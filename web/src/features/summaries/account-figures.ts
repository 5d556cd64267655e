import type { DailyPerformance } from '@shared/performance/daily-performance';
import type { Phase } from '@shared/programs/program';
import type { AccountDetail } from '@shared/summaries/account-detail';

/** The phase the account is in, from the program version it trades. */
export function currentPhaseOf(detail: AccountDetail): Phase | undefined {
  const phaseId = detail.program?.currentPhase;
  return detail.programVersion?.phases.find((phase) => phase.phaseId === phaseId);
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
  /** The minimum trading days; null without a trading-days rule. */
  minDays: number | null;
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
  const minDays =
    detail.summary?.minTradingDaysRequired ??
    phaseRuleParameter(detail, 'trading-days', 'minDays') ??
    null;
  return { profitTarget, maxDrawdown, minDays };
}

export interface AccountProgress {
  /** Percentages 0–100 before capping. */
  profit: number;
  drawdown: number;
  days: number;
  drawdownAmount: number;
}

/**
 * The three progress figures (spec 000 §9): profit = progress toward the target; drawdown = peak
 * balance (at least the starting balance) minus the latest balance, against the allowed drawdown;
 * trading days = days with trades against the minimum, 100 without a minimum-days rule.
 */
export function accountProgress(detail: AccountDetail, targets: ChartTargets): AccountProgress {
  const summary = detail.summary;
  const starting =
    summary?.startingBalance ?? detail.program?.currentPhaseData.startingBalance ?? 0;
  const latest = summary?.currentBalance ?? detail.performances[0]?.AcctBal ?? starting;
  const peak = Math.max(starting, summary?.peakBalance ?? starting);
  const drawdownAmount = Math.max(0, peak - latest);
  const tradedDays =
    summary?.tradingDaysCompleted ?? detail.performances.filter((day) => day.Trades > 0).length;
  const profit =
    summary !== null && summary !== undefined
      ? summary.profitTargetProgress * 100
      : targets.profitTarget
        ? ((latest - starting) / targets.profitTarget) * 100
        : 0;
  return {
    profit,
    drawdown: targets.maxDrawdown ? (drawdownAmount / targets.maxDrawdown) * 100 : 0,
    days: targets.minDays ? (tradedDays / targets.minDays) * 100 : 100,
    drawdownAmount,
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
 * The balance chart's points, oldest first (spec 001 §2.9): account and cash balance, the profit
 * target line (starting balance + target) and the drawdown line (the peak so far − max drawdown).
 */
export function balancePoints(
  performances: readonly DailyPerformance[],
  startingBalance: number,
  targets: ChartTargets,
): BalancePoint[] {
  const days = [...performances].sort((a, b) => a.date.localeCompare(b.date));
  let peak = startingBalance;
  return days.map((day) => {
    peak = Math.max(peak, day.AcctBal);
    return {
      date: day.date,
      accountBalance: day.AcctBal,
      cashBalance: day.CashBal ?? null,
      profitTarget: targets.profitTarget === null ? null : startingBalance + targets.profitTarget,
      drawdownLine: targets.maxDrawdown === null ? null : peak - targets.maxDrawdown,
    };
  });
}

/** Newest first, as the daily table shows them. */
export function newestFirst(performances: readonly DailyPerformance[]): DailyPerformance[] {
  return [...performances].sort((a, b) => b.date.localeCompare(a.date));
}
