import type { DayInput } from '@shared/rules';
import type { Bench } from './types';
import { loadBundledRules, type RulesModule } from './engine-bundle';
import { accountDays, benchDefinitions, benchPhase } from './engine-data';

const ACCOUNTS = 10_000;

interface Measure {
  accountDays: number;
  seconds: number;
  /** The floor's time over the same account-days: one plain pass reading every input field. */
  floorSeconds: number;
  failed: number;
  passed: number;
  meanScore: number;
}

/** Every character of a text field: what any parser of it must at least look at. */
function readText(text: string | undefined): number {
  if (text === undefined) return 0;
  let sum = 0;
  for (let index = 0; index < text.length; index += 1) sum += text.charCodeAt(index);
  return sum;
}

/**
 * The least any engine must do with an account's days: one pass that reads every input field (each
 * number, each character of each text) of the performance row, the fills and the trades, folding them
 * into a checksum the caller keeps, so the JIT cannot drop the reads.
 */
export function readEveryField(days: readonly DayInput[]): number {
  let sum = 0;
  for (const day of days) {
    sum += readText(day.date);
    const row = day.performance;
    if (row) {
      sum += row.AcctBal + row.NetPnl + row.Trades;
      sum += (row.ClosedPnl ?? 0) + (row.HighPnl ?? 0) + (row.LowPnl ?? 0);
      sum += (row.Commissions ?? 0) + (row.WinTrades ?? 0) + (row.LoserTrades ?? 0);
    }
    for (const fill of day.fills ?? []) {
      sum += readText(fill.FillTime) + readText(fill.Symbol) + readText(fill.Side);
      sum += fill.FillSize + (fill.FillPrice ?? 0);
    }
    for (const trade of day.trades ?? []) sum += readText(trade.Symbol) + (trade.Pnl ?? 0);
  }
  return sum;
}

/** Judges `accounts` accounts day by day, timing the engine only (each account's days are generated first). */
function measure(rules: RulesModule, accounts: number): Measure {
  const engine = rules.createRulesEngine({ phase: benchPhase, definitions: benchDefinitions });
  if (engine.phase.problems.length) throw new Error(JSON.stringify(engine.phase.problems));
  let elapsed = 0n;
  let floorElapsed = 0n;
  let checksum = 0;
  let judged = 0;
  let scoreSum = 0;
  let failed = 0;
  let passed = 0;
  for (let account = 0; account < accounts; account += 1) {
    const days = accountDays(account);
    const floorStarted = process.hrtime.bigint();
    checksum += readEveryField(days);
    floorElapsed += process.hrtime.bigint() - floorStarted;
    const started = process.hrtime.bigint();
    let state = engine.initialState();
    for (const day of days) {
      const result = engine.evaluateDay(state, day);
      state = result.state;
      scoreSum += result.conformance.overallScore;
    }
    elapsed += process.hrtime.bigint() - started;
    judged += days.length;
    if (state.failedDate !== null) failed += 1;
    else if (state.passedDate !== null) passed += 1;
  }
  if (Number.isNaN(checksum)) throw new Error('The floor read no numbers');
  return {
    accountDays: judged,
    seconds: Number(elapsed) / 1e9,
    floorSeconds: Number(floorElapsed) / 1e9,
    failed,
    passed,
    meanScore: scoreSum / judged,
  };
}

/**
 * Rules engine against its floor and throughput: 10,000 accounts × 60 days × 10 rules, ~20 fills a trading day,
 * one thread, the engine bundled as deployed (see docs/rules-engine.md for why not as tsx loads it).
 */
export const engineBench: Bench = {
  name: 'engine',
  async run() {
    const bundled = measure(loadBundledRules(), ACCOUNTS);
    const throughput = Math.round(bundled.accountDays / bundled.seconds);
    const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
    console.log(
      `${bundled.accountDays} account-days in ${bundled.seconds.toFixed(2)} s ` +
        `(engine time only) = ${throughput} account-days/s; peak RSS ${peakRssMb} MB; ` +
        `of ${ACCOUNTS} accounts ${bundled.passed} passed, ${ACCOUNTS - bundled.passed - bundled.failed} ` +
        `active, ${bundled.failed} failed; mean score ${bundled.meanScore.toFixed(1)}`,
    );
    const vsFloor = bundled.seconds / bundled.floorSeconds;
    console.log(
      `floor (one pass reading every input field of the same account-days): ` +
        `${bundled.floorSeconds.toFixed(3)} s; engine ÷ floor = ${vsFloor.toFixed(1)}`,
    );
    return {
      // Measured against its floor in the same run (goal ≤ 5); the rate is information.
      'engine.vsFloor': { value: Number(vsFloor.toFixed(2)), unit: 'x' },
      'engine.accountDaysPerSecond': { value: throughput, unit: 'account-days/s' },
      'engine.peakRssMb': { value: peakRssMb, unit: 'MB' },
    };
  },
};
