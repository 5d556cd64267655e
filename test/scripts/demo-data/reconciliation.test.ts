import type { Program } from '@shared/programs/program';
import { compareFloors } from '@shared/reconciliation/floor-comparison';
import { drawdownOfDay } from '@shared/rules/drawdown-day';
import { createRulesEngine, type RuleDefinition } from '@shared/rules';
import {
  RMS_LATE_TRAIL_ACCOUNT,
  RMS_OFFSET_ACCOUNT,
} from '../../../scripts/demo-data/broker-floor';
import { DEMO_DATA } from '../../../scripts/local-stack/seed';
import { generateToTemp, groupBy, loadDataset, readJson } from './support';

/**
 * The demo's broker floors (`AutoLiquidateThresholdValue`) are the engine's drawdown floors after
 * each day, for every account of the local stack's demo firm, except the two scenario accounts whose
 * RMS is set up otherwise on purpose (scripts/demo-data/broker-floor.ts).
 */
describe.each(['20261125', '20260313'])("the demo firm's broker floors, ending %s", (endDate) => {
  it("agree with the engine's except on the deliberate mismatches", async () => {
    const generated = await generateToTemp({ ...DEMO_DATA, endDate, accountsPerTrader: 2 });
    try {
      const data = loadDataset(generated.dir, generated.result.dates);
      const programs = readJson<Program[]>(generated.dir, 'seed/programs.json');
      const rules = readJson<RuleDefinition[]>(generated.dir, 'seed/rules.json');
      const mismatched = new Set<string>();
      let compared = 0;
      for (const [accountId, rows] of groupBy(data['daily-performance'], (row) => row.Account!)) {
        const program = programs
          .filter((candidate) => accountId.startsWith(candidate.prefix))
          .sort((a, b) => b.prefix.length - a.prefix.length)[0]!;
        const engine = createRulesEngine({ phase: program.phases[0]!, definitions: rules });
        let state = engine.initialState();
        for (const row of rows) {
          const day = engine.evaluateDay(state, {
            date: row.Date!,
            performance: {
              AcctBal: Number(row.AcctBal),
              NetPnl: Number(row.NetPnl),
              HighPnl: Number(row.HighPnl),
              LowPnl: Number(row.LowPnl),
              Trades: Number(row.Trades),
            },
            fills: [],
            trades: [],
          });
          state = day.state;
          if (row.AutoLiquidateThresholdValue === '') continue;
          compared += 1;
          const comparison = compareFloors({
            brokerFloor: Number(row.AutoLiquidateThresholdValue),
            engine: drawdownOfDay({ conformance: day.conformance }),
            startBalance: Number(row.AcctBal) - Number(row.NetPnl),
            previousBalance: null,
            previous: null,
          });
          if (!comparison.agrees) mismatched.add(accountId);
        }
      }
      expect(compared).toBeGreaterThan(500);
      expect([...mismatched].sort()).toEqual([RMS_OFFSET_ACCOUNT, RMS_LATE_TRAIL_ACCOUNT].sort());
    } finally {
      generated.remove();
    }
  });
});
