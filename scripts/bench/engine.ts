import type { Bench } from './types';
import { loadBundledRules, type RulesModule } from './engine-bundle';
import { accountDays, benchDefinitions, benchPhase } from './engine-data';

const ACCOUNTS = 10_000;

interface Measure {
  accountDays: number;
  seconds: number;
  failed: number;
  meanScore: number;
}

/** Judges `accounts` accounts day by day, timing the engine only (each account's days are generated first). */
function measure(rules: RulesModule, accounts: number): Measure {
  const engine = rules.createRulesEngine({ phase: benchPhase, definitions: benchDefinitions });
  if (engine.phase.problems.length) throw new Error(JSON.stringify(engine.phase.problems));
  let elapsed = 0n;
  let judged = 0;
  let scoreSum = 0;
  let failed = 0;
  for (let account = 0; account < accounts; account += 1) {
    const days = accountDays(account);
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
  }
  return {
    accountDays: judged,
    seconds: Number(elapsed) / 1e9,
    failed,
    meanScore: scoreSum / judged,
  };
}

/**
 * Rules engine throughput (issue 4): 10,000 accounts × 60 days × 10 rules, ~20 fills a trading day,
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
        `${bundled.failed} of ${ACCOUNTS} accounts failed, mean score ${bundled.meanScore.toFixed(1)}`,
    );
    return {
      'engine.accountDaysPerSecond': { value: throughput, unit: 'account-days/s' },
      'engine.peakRssMb': { value: peakRssMb, unit: 'MB' },
    };
  },
};
