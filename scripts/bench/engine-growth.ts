import type { Conformance, DayInput, EngineState } from '@shared/rules';
import { accountRepository } from '../../functions/lib/repositories/account-repository';
import { performanceRepository } from '../../functions/lib/repositories/performance-repository';
import { loadBundledRules, type RulesModule } from './engine-bundle';
import { benchDefinitions, benchPhase } from './engine-data';
import { failedAccountDay } from './failed-account';
import type { Bench } from './types';

/*
 * Growth of a failed account's cost with its history (docs/rules-engine.md, "A failed account's later
 * days"): the account of failed-account.ts fails on day 1 and breaches the daily loss every day after.
 *
 * - `engine.historyGrowth`: the cost of one account-day as the nightly sync pays it — read the stored
 *   state (JSON parse and schema), judge the day, write the day's state and report (JSON) — for 30
 *   days from day 1,000 ÷ for 30 days from day 30, medians of alternating rounds (goal ≤ 1.2).
 * - `state.maxItemKb`: the largest item the account stores over its 1,000 days (its day item with the
 *   report and state, its summary row, its account item with the state and summary), JSON bytes as
 *   DynamoDB counts them near enough (goal ≤ 64 KB; DynamoDB refuses items over 400 KB).
 */

const DAYS = 1_000;
const WINDOW = 30;
const ROUNDS = 9;
/** Accounts judged per window and round, so one timing spans enough work to read. */
const ACCOUNTS = 40;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** The account's days and the states after day 30 and day 1,000 (untimed). */
function prepare(rules: RulesModule) {
  const engine = rules.createRulesEngine({ phase: benchPhase, definitions: benchDefinitions });
  const days: DayInput[] = Array.from({ length: DAYS + WINDOW }, (_, index) =>
    failedAccountDay(index),
  );
  let state = engine.initialState();
  const after: Record<number, EngineState> = {};
  for (let index = 0; index < DAYS; index += 1) {
    state = engine.evaluateDay(state, days[index]!).state;
    if (index + 1 === WINDOW || index + 1 === DAYS) after[index + 1] = state;
  }
  return { engine, days, after };
}

/** Seconds per account-day for the `WINDOW` days after `from`, each night reading and writing. */
function timeWindow(rules: RulesModule, setup: ReturnType<typeof prepare>, from: number): number {
  const { engine, days, after } = setup;
  const stored = JSON.stringify(after[from]);
  let checksum = 0;
  const started = process.hrtime.bigint();
  for (let account = 0; account < ACCOUNTS; account += 1) {
    let text = stored;
    for (let index = from; index < from + WINDOW; index += 1) {
      const state = rules.engineStateSchema.parse(JSON.parse(text));
      const result = engine.evaluateDay(state, days[index]!);
      text = JSON.stringify(result.state);
      checksum += JSON.stringify(result.conformance).length + text.length;
    }
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (checksum === 0) throw new Error('Nothing was written');
  return seconds / (ACCOUNTS * WINDOW);
}

/** The largest item of the account over its days, in KB, and which kind it is. */
function largestItem(rules: RulesModule) {
  const engine = rules.createRulesEngine({ phase: benchPhase, definitions: benchDefinitions });
  let state = engine.initialState();
  let largest = { kb: 0, kind: '' };
  let conformance: Conformance | null = null;
  const consider = (kind: string, item: unknown) => {
    const kb = Buffer.byteLength(JSON.stringify(item)) / 1024;
    if (kb > largest.kb) largest = { kb, kind };
  };
  for (let index = 0; index < DAYS; index += 1) {
    const day = failedAccountDay(index);
    ({ state, conformance } = engine.evaluateDay(state, day));
    const items = performanceRepository.dayItemsOf({
      Account: 'BENCH-000001',
      Date: day.date,
      ...day.performance!,
      traderId: 'T1',
      conformance,
      engineState: state,
      judgedBy: 'BENCH#1#evaluation-1',
    });
    for (const item of items) consider(String(item.SK).split('#')[0]!, item);
    const summary = engine.summarizeAccount(state, conformance);
    consider(
      'ACCOUNT',
      accountRepository.itemOf({
        accountId: 'BENCH-000001',
        traderId: 'T1',
        phase: 'evaluation',
        rithmicStatus: 'Active',
        engineState: state,
        engineStateDate: day.date,
        engineStateKey: 'BENCH#1#evaluation-1',
        accountSummary: {
          ...summary,
          accountId: 'BENCH-000001',
          traderId: 'T1',
          phase: 'evaluation',
          payoutHistory: [],
          lastconformanceCheck: '2026-01-01T00:00:00.000Z',
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
      }),
    );
  }
  return { ...largest, violations: state.violationLog.count };
}

export const engineGrowthBench: Bench = {
  name: 'engine-growth',
  async run() {
    const rules = loadBundledRules();
    const setup = prepare(rules);
    // Warm the JIT on both windows before measuring.
    timeWindow(rules, setup, WINDOW);
    timeWindow(rules, setup, DAYS);
    const early: number[] = [];
    const late: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      early.push(timeWindow(rules, setup, WINDOW));
      late.push(timeWindow(rules, setup, DAYS));
    }
    const at30 = median(early);
    const at1000 = median(late);
    const growth = at1000 / at30;
    console.log(
      `failed account, ${ACCOUNTS} accounts × ${WINDOW} nights, medians of ${ROUNDS} rounds: ` +
        `${(at30 * 1e6).toFixed(1)} µs per account-day from day ${WINDOW}, ` +
        `${(at1000 * 1e6).toFixed(1)} µs from day ${DAYS}; ratio ${growth.toFixed(2)}`,
    );
    const largest = largestItem(rules);
    console.log(
      `after ${DAYS} days (${largest.violations} violations recorded): largest item ` +
        `${largest.kb.toFixed(1)} KB (${largest.kind})`,
    );
    return {
      'engine.historyGrowth': { value: Number(growth.toFixed(2)), unit: 'x' },
      'state.maxItemKb': { value: Number(largest.kb.toFixed(1)), unit: 'KB' },
    };
  },
};
