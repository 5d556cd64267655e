import { centsToDollars, dollarsToCents } from '../money/decimal';
import { epochDayOfDate, monthKey } from './calendar';
import {
  compilePhase,
  type CompiledPhase,
  type CompiledRule,
  type PhaseRulesSource,
} from './compile-phase';
import type {
  Conformance,
  ConformanceRule,
  OverallStatus,
  RuleResult,
  Severity,
  Violation,
} from './conformance';
import type { DayInput } from './day-input';
import type { DrawdownDay } from './drawdown-day';
import type { DrawdownState, EngineState, RuleState } from './engine-state';
import { resetJudgement, type DayContext, type Judgement } from './evaluation';
import { emptyFills, noPositions, prepareFills } from './fill-book';
import type { RuleDefinition } from './rule-definition';
import { summarizeAccount, type AccountSummary } from './account-summary';
import { latestPayoutBefore, PAYOUT_WINDOWED_CATEGORIES } from './payout-window';
import { emptyViolationLog, logViolations, violationsSoFar } from './violation-log';

export interface DayEvaluation {
  state: EngineState;
  conformance: Conformance;
}

export interface HistoryEvaluation {
  state: EngineState;
  /** One conformance per day, in the order of the days. */
  conformances: Conformance[];
}

/** The rules engine of one phase: its rules resolved and compiled once, then any number of accounts. */
export interface RulesEngine {
  readonly phase: CompiledPhase;
  /** The state of an account that has not traded yet in the phase. */
  initialState(options?: { startDate?: string }): EngineState;
  /**
   * Judges one account-day from the state after the previous day. Days must come in increasing date
   * order (RangeError otherwise); `state` is not modified.
   */
  evaluateDay(state: EngineState, day: DayInput): DayEvaluation;
  /** Judges days in order from `state` (default: the initial state); the same as folding evaluateDay. */
  evaluateHistory(days: readonly DayInput[], state?: EngineState): HistoryEvaluation;
  /** The account summary after the last evaluated day, given that day's conformance. */
  summarizeAccount(state: EngineState, latest: Conformance | null): AccountSummary;
  /**
   * The paid payout a day's windows count after in this phase (the latest of `payoutDates` before
   * `date`); always null in a phase that is not payout-eligible.
   */
  payoutWindowOf(payoutDates: readonly string[] | undefined, date: string): string | null;
  /**
   * Whether a stored state was judged with the payouts `payoutDates` as they stand: false when a
   * payout dated before its last day was added since (or removed). The next day must not start from
   * such a state: judge again from the first day after the payout (functions/lib/judging/rejudge.ts).
   */
  fitsPayouts(state: EngineState, payoutDates: readonly string[] | undefined): boolean;
}

export interface RulesEngineSource {
  phase: PhaseRulesSource;
  definitions: Iterable<RuleDefinition>;
}

/** Builds the engine of a phase: resolves its rule references against the definitions once. */
export function createRulesEngine({ phase, definitions }: RulesEngineSource): RulesEngine {
  const compiled = compilePhase(phase, definitions);
  const initialState = (options: { startDate?: string } = {}): EngineState =>
    startState(compiled, options.startDate ?? null);
  const evaluateDay = (state: EngineState, day: DayInput): DayEvaluation =>
    judgeDay(compiled, state, day);
  const payoutWindowOf = (payoutDates: readonly string[] | undefined, date: string) =>
    compiled.payoutEligible ? latestPayoutBefore(payoutDates, date) : null;
  return {
    phase: compiled,
    initialState,
    evaluateDay,
    evaluateHistory(days, state = initialState()) {
      const conformances: Conformance[] = [];
      let current = state;
      for (const day of days) {
        const result = evaluateDay(current, day);
        current = result.state;
        conformances.push(result.conformance);
      }
      return { state: current, conformances };
    },
    summarizeAccount: (state, latest) => summarizeAccount(compiled, state, latest),
    payoutWindowOf,
    fitsPayouts: (state, payoutDates) =>
      state.lastDate === null ||
      (state.payoutWindowAfter ?? null) === payoutWindowOf(payoutDates, state.lastDate),
  };
}

function startState(phase: CompiledPhase, startDate: string | null): EngineState {
  const start = phase.startingBalanceCents;
  return {
    version: 2,
    startingBalanceCents: start,
    startDate,
    firstDataDate: null,
    lastDate: null,
    daysEvaluated: 0,
    balanceCents: start,
    peakBalanceCents: start,
    maxDrawdownCents: 0,
    tradingDays: 0,
    lastTradingDate: null,
    winningDayStreak: 0,
    losingDayStreak: 0,
    totalTrades: 0,
    winningTrades: 0,
    losingTrades: 0,
    grossWinCents: 0,
    grossLossCents: 0,
    tradeWins: 0,
    tradeLosses: 0,
    winStreak: 0,
    lossStreak: 0,
    maxWinStreak: 0,
    maxLossStreak: 0,
    month: 0,
    monthTrades: 0,
    positions: {},
    failedDate: null,
    passedDate: null,
    breaches: {},
    violationLog: emptyViolationLog(),
    rules: {},
    drawdown: null,
  };
}

/** Reused across days: the engine is synchronous and rules read them only within one call. */
const judgement: Judgement = {
  breached: false,
  met: false,
  nearLimit: false,
  closeness: 0,
  currentValue: null,
  thresholdValue: null,
  details: undefined,
  drawdown: undefined,
  actualText: undefined,
  note: undefined,
};

const dayContext: DayContext = {
  date: '',
  epochDay: 0,
  startCents: 0,
  sodCents: 0,
  eodCents: 0,
  netCents: 0,
  lowPnlCents: null,
  peakCents: 0,
  troughCents: 0,
  peakBalanceCents: 0,
  isTradingDay: false,
  lastActiveEpochDay: 0,
  fills: emptyFills(noPositions),
};

const cents = (dollars: number | undefined): number | null =>
  dollars === undefined ? null : dollarsToCents(dollars);

function judgeDay(phase: CompiledPhase, state: EngineState, day: DayInput): DayEvaluation {
  const { date } = day;
  const epochDay = epochDayOfDate(date);
  if (Number.isNaN(epochDay)) throw new RangeError(`Not a trading date (YYYYMMDD): ${date}`);
  if (state.lastDate !== null && date <= state.lastDate) {
    throw new RangeError(`Day ${date} does not follow the last evaluated day ${state.lastDate}`);
  }
  const performance = day.performance;
  if (!performance) return { state, conformance: conformanceWithoutData(phase, state, date) };

  // The account-day in cents, with the derived figures of the contract.
  const startCents = state.startingBalanceCents;
  const sodCents = state.balanceCents;
  const eodCents = dollarsToCents(performance.AcctBal);
  const netCents = dollarsToCents(performance.NetPnl);
  const highCents = cents(performance.HighPnl);
  const lowCents = cents(performance.LowPnl);
  const trades = performance.Trades;
  const isTradingDay = trades > 0;
  const startDate = state.startDate ?? date;
  // States stored before `firstDataDate` existed began their data on `startDate`.
  const firstDataDate =
    state.firstDataDate ?? (state.daysEvaluated > 0 ? state.startDate : null) ?? date;
  const peakBalanceCents = Math.max(state.peakBalanceCents, eodCents);
  const positionsBefore = state.positions;
  const fills = day.fills ?? [];
  // A payout paid since the state's window: the windowed benchmarks start again from nothing today.
  const payoutWindow = phase.payoutEligible ? latestPayoutBefore(day.payoutDates, date) : null;
  const newPayoutWindow = payoutWindow !== (state.payoutWindowAfter ?? null);
  const context = dayContext;
  context.date = date;
  context.epochDay = epochDay;
  context.startCents = startCents;
  context.sodCents = sodCents;
  context.eodCents = eodCents;
  context.netCents = netCents;
  context.lowPnlCents = lowCents;
  // The day's extremes also bound its closing balance (a commission can take EOD below LowPnl).
  context.peakCents =
    highCents === null ? eodCents : Math.max(sodCents + Math.max(highCents, 0), eodCents);
  context.troughCents =
    lowCents === null ? eodCents : Math.min(sodCents + Math.min(lowCents, 0), eodCents);
  context.peakBalanceCents = peakBalanceCents;
  context.isTradingDay = isTradingDay;
  context.lastActiveEpochDay = epochDayOfDate(state.lastTradingDate ?? firstDataDate);
  context.fills = phase.usesFills
    ? prepareFills(fills, positionsBefore, phase.tracksPositions)
    : emptyFills(positionsBefore);

  // Judge every rule in evaluation order.
  const { rules } = phase;
  const entries: ConformanceRule[] = new Array<ConformanceRule>(rules.length);
  const violationRules: RuleResult[] = [];
  const benchmarkRules: RuleResult[] = [];
  let newViolations: Violation[] | undefined;
  let nextRuleStates: Record<string, RuleState> | undefined;
  let nextBreaches: Record<string, string> | undefined;
  let scoreSum = 0;
  let hardBreach = false;
  let softBreach = false;
  let nearLimit = false;
  let drawdown: DrawdownDay | null = null;
  let benchmarks = 0;
  let benchmarksMet = true;
  // Every breach is also a violation: without violations there is no breach to look up.
  const log = state.violationLog;
  const mayBeBreached = log.count > 0;
  for (let index = 0; index < rules.length; index += 1) {
    const rule = rules[index]!;
    const previous =
      !rule.evaluator.stateful || (newPayoutWindow && PAYOUT_WINDOWED_CATEGORIES.has(rule.category))
        ? undefined
        : state.rules[rule.ruleId];
    const sticky = rule.type === 'violation' && rule.isMultiday;
    const breachedOn = sticky && mayBeBreached ? state.breaches[rule.ruleId] : undefined;
    resetJudgement(judgement);
    const next = rule.evaluator.evaluate(context, previous, breachedOn !== undefined, judgement);
    if (next !== previous && next !== undefined) {
      nextRuleStates ??= { ...state.rules };
      nextRuleStates[rule.ruleId] = next;
    }
    const entry = ruleEntry(rule, judgement);
    entries[index] = entry;
    if (rule.ruleId === phase.drawdownRuleId && judgement.drawdown) drawdown = judgement.drawdown;
    scoreSum += entry.score;
    const result: RuleResult = {
      ruleId: rule.ruleId,
      ruleType: rule.category,
      target: entry.thresholdValue,
      actual: entry.currentValue,
      passed: entry.passed,
      closePct: Math.round(judgement.closeness * 10_000) / 100,
      message: entry.message,
    };
    if (rule.type === 'benchmark') {
      benchmarks += 1;
      benchmarksMet &&= entry.outcome === 'met';
      benchmarkRules.push(result);
      continue;
    }
    violationRules.push(result);
    if (entry.outcome === 'breached') {
      if (rule.evaluator.soft) softBreach = true;
      else hardBreach = true;
    } else if (judgement.nearLimit) {
      nearLimit = true;
    }
    if (judgement.breached && breachedOn === undefined) {
      (newViolations ??= []).push({
        ruleId: rule.ruleId,
        name: rule.name,
        // Every violation category has its violation type; only benchmarks have none.
        ruleType: rule.violationType!,
        category: rule.category,
        severity: entry.severity,
        date,
        value: entry.currentValue,
        threshold: entry.thresholdValue,
        description: entry.message,
        soft: rule.evaluator.soft,
        ...(entry.details !== undefined && { details: entry.details }),
      });
      if (sticky) {
        nextBreaches ??= { ...state.breaches };
        nextBreaches[rule.ruleId] = date;
      }
    }
  }

  // The account after the day.
  const failedDate = state.failedDate ?? (hardBreach ? date : null);
  const passedDate =
    state.passedDate ?? (benchmarks > 0 && benchmarksMet && failedDate === null ? date : null);
  // The log changes on a day with violations, and on the day after (its `lastDay` empties).
  const violationLog = newViolations
    ? logViolations(
        log,
        newViolations,
        (ruleId) => nextBreaches?.[ruleId] === date,
        state.failedDate === null && failedDate !== null,
      )
    : log.lastDay.length > 0
      ? { ...log, lastDay: [] }
      : log;
  const ruleStates = nextRuleStates ?? state.rules;
  const tradeStats = foldTrades(state, day.trades);
  const month = monthKey(date);
  const winningDay = isTradingDay && netCents > 0;
  const losingDay = isTradingDay && netCents < 0;
  const nextState: EngineState = {
    version: 2,
    startingBalanceCents: startCents,
    startDate,
    firstDataDate,
    lastDate: date,
    daysEvaluated: state.daysEvaluated + 1,
    balanceCents: eodCents,
    peakBalanceCents,
    maxDrawdownCents: Math.max(state.maxDrawdownCents, peakBalanceCents - eodCents),
    tradingDays: state.tradingDays + (isTradingDay ? 1 : 0),
    lastTradingDate: isTradingDay ? date : state.lastTradingDate,
    winningDayStreak: isTradingDay
      ? winningDay
        ? state.winningDayStreak + 1
        : 0
      : state.winningDayStreak,
    losingDayStreak: isTradingDay
      ? losingDay
        ? state.losingDayStreak + 1
        : 0
      : state.losingDayStreak,
    totalTrades: state.totalTrades + trades,
    winningTrades:
      state.winningTrades + (performance.WinTrades ?? tradeStats.tradeWins - state.tradeWins),
    losingTrades:
      state.losingTrades + (performance.LoserTrades ?? tradeStats.tradeLosses - state.tradeLosses),
    grossWinCents: tradeStats.grossWinCents,
    grossLossCents: tradeStats.grossLossCents,
    tradeWins: tradeStats.tradeWins,
    tradeLosses: tradeStats.tradeLosses,
    winStreak: tradeStats.winStreak,
    lossStreak: tradeStats.lossStreak,
    maxWinStreak: tradeStats.maxWinStreak,
    maxLossStreak: tradeStats.maxLossStreak,
    month,
    monthTrades: (month === state.month ? state.monthTrades : 0) + trades,
    positions: phase.tracksPositions ? context.fills.closing : state.positions,
    failedDate,
    passedDate,
    breaches: nextBreaches ?? state.breaches,
    violationLog,
    rules: ruleStates,
    drawdown,
    // Only once a payout opened a window, so states without payouts stay as they were.
    ...(payoutWindow !== null && { payoutWindowAfter: payoutWindow }),
  };

  const overallStatus: OverallStatus =
    failedDate !== null ? 'violation' : softBreach || nearLimit ? 'warning' : 'compliant';
  const conformance: Conformance = {
    evaluationDate: date,
    overallStatus,
    hasViolations: violationLog.count > 0,
    benchmarksMet,
    overallScore: rules.length ? Math.round((100 * scoreSum) / rules.length + 1e-9) : 100,
    violationRules,
    benchmarkRules,
    violations: violationsSoFar(violationLog, phase.ruleIds),
    newViolations: newViolations ?? [],
    rules: entries,
    unresolvedRules: phase.problems.length ? [...phase.problems] : [],
    phasePassedDate: passedDate,
    phaseFailedDate: failedDate,
    daysTradedCount: nextState.tradingDays,
    consecutiveLossDays: nextState.losingDayStreak,
    maxDrawdownFromHigh: centsToDollars(nextState.maxDrawdownCents),
    currentBalance: centsToDollars(eodCents),
    startingBalance: centsToDollars(startCents),
    profitTarget: phase.profitTargetCents === null ? null : centsToDollars(phase.profitTargetCents),
    trailingDrawdown: drawdownFloor(phase, ruleStates),
    drawdown,
    performance: {
      balance: centsToDollars(eodCents),
      dailyPnl: centsToDollars(netCents),
      trades,
      winRate:
        trades > 0 && performance.WinTrades !== undefined
          ? Math.min(performance.WinTrades / trades, 1)
          : null,
    },
  };
  return { state: nextState, conformance };
}

/** The floor of the phase's first drawdown rule, in dollars, once it has one. */
function drawdownFloor(phase: CompiledPhase, ruleStates: EngineState['rules']): number | null {
  if (phase.drawdownRuleId === null) return null;
  const floor = (ruleStates[phase.drawdownRuleId] as DrawdownState | undefined)?.floorCents;
  return floor === undefined ? null : centsToDollars(floor);
}

/**
 * The conformance entry of one rule from the day's own judgement (the specs' display quirk on
 * `passed`). An earlier breach is not repeated here: a failed account stays `violation` through the
 * day's `overallStatus` and `violations`.
 */
function ruleEntry(rule: CompiledRule, judged: Judgement): ConformanceRule {
  const { messages, evaluator } = rule;
  let passed: boolean;
  let outcome: ConformanceRule['outcome'];
  let severity: Severity = 'info';
  let template = messages.success;
  if (rule.type === 'benchmark') {
    passed = judged.met;
    outcome = passed ? 'met' : 'not-met';
    if (!passed) template = messages.failure;
  } else if (judged.breached) {
    passed = true;
    outcome = 'breached';
    severity = evaluator.soft ? 'warning' : 'violation';
    template = messages.failure;
  } else {
    passed = false;
    outcome = 'ok';
    if (judged.nearLimit) {
      severity = 'warning';
      template = messages.warning ?? messages.success;
    }
  }
  return {
    ruleId: rule.ruleId,
    name: rule.name,
    description: rule.description,
    category: rule.category,
    type: rule.type,
    isMultiday: rule.isMultiday,
    passed,
    outcome,
    currentValue: judged.currentValue,
    thresholdValue: judged.thresholdValue,
    severity,
    message: messageOf(rule, template, judged, outcome === 'breached'),
    score: rule.type === 'benchmark' ? judged.closeness : outcome === 'breached' ? 0 : 1,
    // Always present (undefined when there is nothing to add) so that every entry has one shape.
    details: judged.details,
  };
}

/** The rule's message for the day; a breach adds what decided it (the trough under the floor). */
function messageOf(
  rule: CompiledRule,
  template: CompiledRule['messages']['success'],
  judged: Judgement,
  breached: boolean,
): string {
  const text = rule.renderer.render(
    template,
    judged.currentValue,
    judged.thresholdValue,
    judged.actualText,
  );
  return breached && judged.note !== undefined ? `${text} (${judged.note})` : text;
}

/** Running statistics of the closed trades; reused, read right after each fold. */
const closedTrades = {
  grossWinCents: 0,
  grossLossCents: 0,
  tradeWins: 0,
  tradeLosses: 0,
  winStreak: 0,
  lossStreak: 0,
  maxWinStreak: 0,
  maxLossStreak: 0,
};

/**
 * The day's closed trades folded into the running trade statistics. Win and loss counts come from the
 * performance row when it has them (the broker's own count), else from the trade list; amounts and
 * streaks come from the trade list, in file order. A trade at exactly zero breaks both streaks.
 */
function foldTrades(state: EngineState, trades: DayInput['trades']): typeof closedTrades {
  const stats = closedTrades;
  stats.grossWinCents = state.grossWinCents;
  stats.grossLossCents = state.grossLossCents;
  stats.tradeWins = state.tradeWins;
  stats.tradeLosses = state.tradeLosses;
  stats.winStreak = state.winStreak;
  stats.lossStreak = state.lossStreak;
  stats.maxWinStreak = state.maxWinStreak;
  stats.maxLossStreak = state.maxLossStreak;
  if (!trades) return stats;
  for (let index = 0; index < trades.length; index += 1) {
    const dollars = trades[index]!.Pnl;
    if (dollars === undefined) continue;
    const pnl = dollarsToCents(dollars);
    if (pnl > 0) {
      stats.grossWinCents += pnl;
      stats.tradeWins += 1;
      stats.winStreak += 1;
      stats.lossStreak = 0;
      if (stats.winStreak > stats.maxWinStreak) stats.maxWinStreak = stats.winStreak;
    } else if (pnl < 0) {
      stats.grossLossCents -= pnl;
      stats.tradeLosses += 1;
      stats.lossStreak += 1;
      stats.winStreak = 0;
      if (stats.lossStreak > stats.maxLossStreak) stats.maxLossStreak = stats.lossStreak;
    } else {
      stats.winStreak = 0;
      stats.lossStreak = 0;
    }
  }
  return stats;
}

/** A day without a performance row: No Data, unless the account has already failed. */
function conformanceWithoutData(
  phase: CompiledPhase,
  state: EngineState,
  date: string,
): Conformance {
  return {
    evaluationDate: date,
    overallStatus: state.failedDate !== null ? 'violation' : 'unknown',
    hasViolations: state.violationLog.count > 0,
    benchmarksMet: false,
    overallScore: 0,
    violationRules: [],
    benchmarkRules: [],
    violations: violationsSoFar(state.violationLog, phase.ruleIds),
    newViolations: [],
    rules: [],
    unresolvedRules: phase.problems.length ? [...phase.problems] : [],
    phasePassedDate: state.passedDate,
    phaseFailedDate: state.failedDate,
    daysTradedCount: state.tradingDays,
    consecutiveLossDays: state.losingDayStreak,
    maxDrawdownFromHigh: centsToDollars(state.maxDrawdownCents),
    currentBalance: centsToDollars(state.balanceCents),
    startingBalance: centsToDollars(state.startingBalanceCents),
    profitTarget: phase.profitTargetCents === null ? null : centsToDollars(phase.profitTargetCents),
    trailingDrawdown: drawdownFloor(phase, state.rules),
    // A day without data moves nothing: the drawdown of the last day with data.
    drawdown: state.drawdown ?? null,
    performance: null,
  };
}
