import type { Conformance, Violation } from '../rules/conformance';
import type { DayFill, DayTrade, PerformanceRow } from '../rules/day-input';
import { decisiveBreach } from '../rules/decisive-breach';
import type { EngineState } from '../rules/engine-state';
import { canonicalSha256 } from './canonical-json';
import {
  ENGINE_VERSION,
  EVIDENCE_FORMAT,
  EVIDENCE_FORMAT_VERSION,
  type EvidenceComputedDay,
  type EvidenceInputDay,
  type EvidenceInputs,
  type EvidencePack,
  type EvidenceProgram,
  type EvidenceScope,
  type EvidenceVerdict,
} from './evidence-pack';

/** One stored account-day: its broker rows and what judging it stored. */
export interface StoredEvidenceDay {
  date: string;
  judgedBy: string | null;
  performance: PerformanceRow;
  fills: readonly DayFill[];
  trades: readonly DayTrade[];
  state: EngineState | null;
  conformance: Conformance | null;
}

/** The program rules key of a `judgedBy` key: without the `#reset<N>` of a staff reset. */
export const programKeyOfJudgedBy = (judgedBy: string): string =>
  judgedBy.replace(/#reset\d+$/, '');

/**
 * The days a pack of `scope` holds, oldest first: every day of an account, or for one breach the days
 * from the start of the judging run the breach day belongs to (the first day whose state did not carry
 * from the day before) up to the breach day, which is all the breach was computed from. Undefined
 * when the account has no breach recorded on that day.
 */
export function daysInScope(
  days: readonly StoredEvidenceDay[],
  scope: EvidenceScope,
): readonly StoredEvidenceDay[] | undefined {
  if (scope.kind === 'account') return days;
  const index = days.findIndex((day) => day.date === scope.date);
  const breachDay = days[index];
  if (!breachDay?.state || breachDay.state.lastDate !== scope.date) return undefined;
  if (!breachDay.state.violationLog.lastDay.some((violation) => violation.date === scope.date)) {
    return undefined;
  }
  let start = index;
  while (start > 0 && days[start - 1]!.judgedBy === breachDay.judgedBy) start -= 1;
  return days.slice(start, index + 1);
}

/** The engine's rows of a day: only the fields the engine reads, so the hash covers nothing else. */
function inputDayOf(day: StoredEvidenceDay): EvidenceInputDay {
  const p = day.performance;
  return {
    date: day.date,
    judgedBy: day.judgedBy,
    program: day.judgedBy === null ? null : programKeyOfJudgedBy(day.judgedBy),
    performance: {
      AcctBal: p.AcctBal,
      NetPnl: p.NetPnl,
      ClosedPnl: p.ClosedPnl,
      HighPnl: p.HighPnl,
      LowPnl: p.LowPnl,
      Trades: p.Trades,
      Commissions: p.Commissions,
      WinTrades: p.WinTrades,
      LoserTrades: p.LoserTrades,
    },
    fills: day.fills.map((fill) => ({
      FillTime: fill.FillTime,
      Symbol: fill.Symbol,
      Side: fill.Side,
      FillSize: fill.FillSize,
      FillPrice: fill.FillPrice,
    })),
    trades: day.trades.map((trade) => ({ Symbol: trade.Symbol, Pnl: trade.Pnl })),
  };
}

/**
 * Every violation recorded in the phase of the last judged day, oldest first: the state keeps them
 * only in aggregates, each stays on its own day's conformance (`newViolations`), so they are read back
 * from the days, walking back until the state's count of them is reached.
 */
function violationsOfPhase(
  computed: readonly Pick<EvidenceComputedDay, 'state' | 'conformance'>[],
  state: EngineState,
): Violation[] {
  const found: Violation[][] = [];
  let count = 0;
  for (
    let index = computed.length - 1;
    index >= 0 && count < state.violationLog.count;
    index -= 1
  ) {
    const added = computed[index]!.conformance?.newViolations ?? [];
    found.push(added);
    count += added.length;
  }
  return found.reverse().flat();
}

/** The standing after the last judged day of `computed`, limited to the breach day for a breach pack. */
export function verdictOf(
  computed: readonly Pick<EvidenceComputedDay, 'state' | 'conformance'>[],
  scope: EvidenceScope,
): EvidenceVerdict {
  const state = computed.findLast((day) => day.state !== null)?.state ?? null;
  if (!state) {
    return {
      status: 'not-judged',
      failedDate: null,
      passedDate: null,
      decisiveBreach: null,
      violations: [],
    };
  }
  return {
    status: state.failedDate !== null ? 'failed' : state.passedDate !== null ? 'passed' : 'active',
    failedDate: state.failedDate,
    passedDate: state.passedDate,
    decisiveBreach: decisiveBreach(state),
    violations:
      scope.kind === 'breach'
        ? state.violationLog.lastDay.filter((violation) => violation.date === scope.date)
        : violationsOfPhase(computed, state),
  };
}

/** Without the members whose value is undefined, as the JSON file will have it. */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export interface EvidenceSource {
  accountId: string;
  traderId: string;
  generatedAt: string;
  scope: EvidenceScope;
  /** The program phases that judged the days (any extra is left out of the pack). */
  programs: readonly EvidenceProgram[];
  /** The account's stored days, oldest first. */
  days: readonly StoredEvidenceDay[];
  /** The dates of the account's paid payouts (its summary's `payoutHistory`), any order. */
  payoutDates?: readonly string[];
}

/**
 * The evidence pack of an account from its stored days; undefined for a breach scope whose day holds
 * no breach. Pure: the caller reads the days and programs.
 */
export async function buildEvidencePack(source: EvidenceSource): Promise<EvidencePack | undefined> {
  const days = daysInScope(source.days, source.scope);
  if (!days) return undefined;
  const used = new Set(
    days.flatMap((day) => (day.judgedBy ? [programKeyOfJudgedBy(day.judgedBy)] : [])),
  );
  const inputs: EvidenceInputs = asJson({
    accountId: source.accountId,
    programs: source.programs
      .filter((program) => used.has(program.key))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
    days: days.map(inputDayOf),
    ...(source.payoutDates?.length ? { payoutDates: [...source.payoutDates].sort() } : {}),
  });
  const computed: EvidenceComputedDay[] = asJson(
    days.map((day) => ({ date: day.date, state: day.state, conformance: day.conformance })),
  );
  return {
    format: EVIDENCE_FORMAT,
    formatVersion: EVIDENCE_FORMAT_VERSION,
    accountId: source.accountId,
    traderId: source.traderId,
    generatedAt: source.generatedAt,
    scope: source.scope,
    engine: ENGINE_VERSION,
    inputs,
    inputsSha256: await canonicalSha256(inputs),
    computed,
    verdict: asJson(verdictOf(computed, source.scope)),
  };
}
