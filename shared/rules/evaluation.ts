import type { DayFill } from './day-input';
import type { DrawdownDay } from './drawdown-day';
import type { RuleState } from './engine-state';

/**
 * The contract between the engine and the rule categories: the engine prepares one account-day once
 * (`DayContext`), each compiled rule judges it into a reusable `Judgement` and returns its next state.
 * Everything here is internal to shared/rules; the public shapes are in conformance.ts.
 */

/**
 * The day's fills in time order, parsed once and shared by every fill-based rule. Symbols are numbered
 * per day so that rules work on small arrays instead of maps keyed by strings.
 */
export interface FillBook {
  count: number;
  /** The fills as given, and per fill in time order its index among them. */
  source: readonly DayFill[];
  sourceIndexes: Int32Array;
  /** Per fill in time order: milliseconds since the epoch, the size (positive for a buy, negative for
   *  a sell) and the index of its symbol among the day's symbols. */
  instants: Float64Array;
  signedSizes: Float64Array;
  symbolIndexes: Int32Array;
  /** The day's distinct symbols, upper-cased (those held at the open first), and their roots. */
  symbols: string[];
  roots: string[];
  /** Per day symbol: fills traded, and the net position before the first fill. */
  fillCounts: Int32Array;
  openingNets: Float64Array;
  /** Net position per symbol after the last fill, flat symbols left out (tracked phases only). */
  closing: Readonly<Record<string, number>>;
}

/** One account-day in integer cents, with the derived figures of the rules contract. */
export interface DayContext {
  date: string;
  epochDay: number;
  startCents: number;
  /** SOD_d: the previous end-of-day balance, or the starting balance on the first day. */
  sodCents: number;
  /** EOD_d: AcctBal. */
  eodCents: number;
  netCents: number;
  lowPnlCents: number | null;
  /** PEAK_d and TROUGH_d of the contract. */
  peakCents: number;
  troughCents: number;
  /** Highest end-of-day balance so far, today included, never below the starting balance. */
  peakBalanceCents: number;
  isTradingDay: boolean;
  /** Last trading day before this one, or else the account's first day of data (epoch days). */
  lastActiveEpochDay: number;
  fills: FillBook;
}

/** What a rule says about a day; the engine turns it into the conformance entry. */
export interface Judgement {
  /** Violation rule: the rule was breached on this day. */
  breached: boolean;
  /** Benchmark: the benchmark is met. */
  met: boolean;
  /** Violation rule: 80% or more of a limit is used (drawdown, daily loss). */
  nearLimit: boolean;
  /** 0..1: share of the limit used (violation) or progress (benchmark). */
  closeness: number;
  currentValue: number | null;
  thresholdValue: number | null;
  details: Record<string, unknown> | undefined;
  /** Drawdown rule: the day's floors, trough and deciding value (decision 34). */
  drawdown: DrawdownDay | undefined;
  /** Written in messages for `{actual}` instead of the formatted current value (a fill's time). */
  actualText: string | undefined;
  /** Added to the failure message of a breach: what decided it (the trough under the floor). */
  note: string | undefined;
}

export interface RuleEvaluator {
  /** Writes a value of this rule (current or threshold) into a message. */
  format(value: number): string;
  /** Needs the day's fills parsed. */
  readonly usesFills: boolean;
  /** Needs net positions carried across days. */
  readonly tracksPositions: boolean;
  /** A breach makes the day a warning instead of failing the account (daily loss `pause`). */
  readonly soft: boolean;
  /** Keeps a state from day to day (drawdown floor, consistency sums, trading-day count). */
  readonly stateful: boolean;
  /**
   * Judges the day into `out` and returns the rule's next state. `breachedBefore` is set when this
   * multiday rule was breached on an earlier day (the drawdown floor stops moving); the judgement is
   * still the day's own.
   */
  evaluate(
    day: DayContext,
    state: RuleState | undefined,
    breachedBefore: boolean,
    out: Judgement,
  ): RuleState | undefined;
}

/** The time of the `index`-th fill (in time order) as the broker wrote it, for explanations. */
export function fillTime(book: FillBook, index: number): string {
  return book.source[book.sourceIndexes[index]!]!.FillTime;
}

/**
 * A fill that broke a fill-based rule, as the rule records it in its details for the explanation
 * (shared/rules/explain): the broker's time (an instant with offset) and the symbol.
 */
export interface OffendingFill {
  time: string;
  symbol: string;
}

/** How many offending fills a rule keeps per day: enough to explain, small to store. */
export const OFFENDING_FILLS_KEPT = 5;

/** The `index`-th fill (in time order) as an offending fill. */
export function offendingFill(book: FillBook, index: number): OffendingFill {
  const fill = book.source[book.sourceIndexes[index]!]!;
  return { time: fill.FillTime, symbol: fill.Symbol.toUpperCase() };
}

export function resetJudgement(out: Judgement): void {
  out.breached = false;
  out.met = false;
  out.nearLimit = false;
  out.closeness = 0;
  out.currentValue = null;
  out.thresholdValue = null;
  out.details = undefined;
  out.drawdown = undefined;
  out.actualText = undefined;
  out.note = undefined;
}

export function clamp01(value: number): number {
  return value < 0 ? 0 : value > 1 ? 1 : value;
}
