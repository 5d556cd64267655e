import { createRulesEngine } from '@shared/rules';
import { accountDays, benchDefinitions, benchPhase } from '../../../scripts/bench/engine-data';

/** How the bench's accounts end after their 60 days, judged by the engine from source. */
function outcomes(accounts: number) {
  const engine = createRulesEngine({ phase: benchPhase, definitions: benchDefinitions });
  const counts = { passed: 0, active: 0, failed: 0 };
  const failedBy = new Set<string>();
  for (let account = 0; account < accounts; account += 1) {
    let state = engine.initialState();
    for (const day of accountDays(account)) {
      const result = engine.evaluateDay(state, day);
      state = result.state;
      if (state.failedDate === day.date) {
        for (const violation of result.conformance.newViolations) failedBy.add(violation.ruleId);
      }
    }
    if (state.failedDate !== null) counts.failed += 1;
    else if (state.passedDate !== null) counts.passed += 1;
    else counts.active += 1;
  }
  return { counts, failedBy };
}

describe('engine bench data', () => {
  it('is the same for the same account on every run', () => {
    expect(accountDays(42)).toEqual(accountDays(42));
    expect(accountDays(42)).not.toEqual(accountDays(43));
  });

  it('ends with passed, active and failed accounts, failed by more than one rule', () => {
    const { counts, failedBy } = outcomes(300);
    // Like the demo data: each outcome is common and none is (nearly) everyone.
    for (const count of Object.values(counts)) {
      expect(count).toBeGreaterThan(300 * 0.15);
      expect(count).toBeLessThan(300 * 0.6);
    }
    expect([...failedBy]).toEqual(expect.arrayContaining(['max-drawdown', 'daily-loss']));
  });

  it('makes each trading day coherent: trades add up to the net, balances run on', () => {
    let balance = 50_000;
    for (const day of accountDays(7)) {
      const performance = day.performance!;
      const tradesCents = (day.trades ?? []).reduce(
        (sum, trade) => sum + Math.round((trade.Pnl ?? 0) * 100),
        0,
      );
      expect(tradesCents).toBe(Math.round(performance.NetPnl * 100));
      balance = Math.round((balance + performance.NetPnl) * 100) / 100;
      expect(performance.AcctBal).toBeCloseTo(balance, 2);
      expect(performance.LowPnl!).toBeLessThanOrEqual(Math.min(performance.NetPnl, 0));
      expect(performance.HighPnl!).toBeGreaterThanOrEqual(Math.max(performance.NetPnl, 0));
      expect(performance.Trades).toBe(day.trades?.length ?? 0);
    }
  });
});
