import fc from 'fast-check';
import {
  conformanceSchema,
  engineStateSchema,
  type Conformance,
  type EngineState,
  type RulesEngine,
} from '@shared/rules';
import { drawdownSpec, fullPhase, history, START, toDays } from './arbitraries';
import { engineWith } from './fixtures';

/** Property tests of the engine: floors, incremental = full, failures stick, score bounds. */

const RUNS = { numRuns: 120 };

const floorsOf = (conformances: Conformance[]) =>
  conformances.map((conformance) => conformance.rules[0]!.details as Record<string, unknown>);

/** The stored state as the nightly sync gets it back from DynamoDB. */
const stored = (state: EngineState): EngineState =>
  engineStateSchema.parse(JSON.parse(JSON.stringify(state)));

describe('engine properties', () => {
  it('eod / daily-highs / trailing: the floor never falls and never exceeds the lock', () => {
    fc.assert(
      fc.property(drawdownSpec, history, (params, sketches) => {
        const engine = engineWith([{ category: 'drawdown', params }]);
        const lock = params.lockOffset === undefined ? Infinity : 50_000 + params.lockOffset;

        const details = floorsOf(engine.evaluateHistory(toDays(sketches)).conformances);

        let previous = 50_000 - params.maxDrawdown;
        for (const day of details) {
          expect(day.floorInForce).toBe(previous);
          if (day.floorAfter === null) break; // breached: the floor is history
          expect(day.floorAfter as number).toBeGreaterThanOrEqual(previous);
          expect(day.floorAfter as number).toBeLessThanOrEqual(
            Math.max(lock, 50_000 - params.maxDrawdown),
          );
          if (params.resetType === 'static') expect(day.floorAfter).toBe(previous);
          previous = day.floorAfter as number;
        }
      }),
      RUNS,
    );
  });

  it('drawdown agrees with the contract’s formulas computed over the whole history', () => {
    fc.assert(
      fc.property(drawdownSpec, history, (params, sketches) => {
        const engine = engineWith([{ category: 'drawdown', params }]);
        const days = toDays(sketches);
        const max = params.maxDrawdown * 100;
        const lock = params.lockOffset === undefined ? Infinity : START + params.lockOffset * 100;

        const breaches = engine
          .evaluateHistory(days)
          .conformances.map((conformance) => conformance.rules[0]!.outcome === 'breached');

        // The contract, day by day, straight from its text.
        let floor = START - max;
        let sod = START;
        let breachedBefore = false;
        const expected = sketches.map((sketch) => {
          const eod = sod + sketch.netCents;
          const high = sketch.reportsExtremes
            ? Math.max(sketch.netCents, 0) + sketch.highExtraCents
            : null;
          const low = sketch.reportsExtremes
            ? Math.min(sketch.netCents, 0) - sketch.lowExtraCents
            : null;
          const peak = high === null ? eod : Math.max(sod + Math.max(high, 0), eod);
          const trough = low === null ? eod : Math.min(sod + Math.min(low, 0), eod);
          const raisedTo = {
            static: floor,
            eod: eod - max,
            'daily-highs': peak - max,
            trailing: peak - max,
          }[params.resetType];
          // The engine's choice where the contract is silent: after a breach the floor stays put.
          const after = breachedBefore ? floor : Math.max(floor, Math.min(raisedTo, lock));
          // Each day is judged on its own (contract "Day result"), against the floor in force.
          const breach = trough < floor || (params.resetType === 'trailing' && eod < after);
          if (!breach && !breachedBefore) floor = after;
          breachedBefore ||= breach;
          sod = eod;
          return breach;
        });

        expect(breaches).toEqual(expected);
      }),
      RUNS,
    );
  });

  it('consistency agrees with period sums computed over the whole history', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 95 }),
        fc.constantFrom('daily', 'weekly', 'monthly'),
        history,
        (percent, period, sketches) => {
          const engine = engineWith([
            { category: 'consistency', params: { minConsistency: percent / 100, period } },
          ]);
          const days = toDays(sketches);

          const met = engine
            .evaluateHistory(days)
            .conformances.map((conformance) => conformance.rules[0]!.outcome === 'met');

          const key = (date: string) => {
            if (period === 'daily') return date;
            if (period === 'monthly') return date.slice(0, 6);
            const time = Date.UTC(+date.slice(0, 4), +date.slice(4, 6) - 1, +date.slice(6, 8));
            const weekday = (new Date(time).getUTCDay() + 6) % 7;
            return String(time - weekday * 86_400_000);
          };
          const expected = days.map((_, index) => {
            const sums = new Map<string, number>();
            let total = 0;
            for (const day of days.slice(0, index + 1)) {
              const cents = Math.round(day.performance!.NetPnl * 100);
              sums.set(key(day.date), (sums.get(key(day.date)) ?? 0) + cents);
              total += cents;
            }
            const best = Math.max(0, ...sums.values());
            return total > 0 && best * 100 < percent * total;
          });

          expect(met).toEqual(expected);
        },
      ),
      RUNS,
    );
  });

  it('judging day by day from the stored state equals judging the whole history', () => {
    fc.assert(
      fc.property(fullPhase, history, fc.nat(), fc.boolean(), (specs, sketches, cut, given) => {
        const engine: RulesEngine = engineWith(specs);
        const days = toDays(sketches);
        // The sync gives the phase start; here it may lie before the first day of data.
        const start = () => engine.initialState(given ? { startDate: '20251229' } : {});
        const whole = engine.evaluateHistory(days, start());

        let state = start();
        const nightly: Conformance[] = [];
        for (const day of days) {
          const result = engine.evaluateDay(stored(state), day);
          nightly.push(result.conformance);
          state = result.state;
        }
        const split = cut % (days.length + 1);
        const head = engine.evaluateHistory(days.slice(0, split), start());
        const tail = engine.evaluateHistory(days.slice(split), stored(head.state));

        expect(nightly).toEqual(whole.conformances);
        expect(stored(state)).toEqual(stored(whole.state));
        expect([...head.conformances, ...tail.conformances]).toEqual(whole.conformances);
        if (!given) {
          // A state stored before `firstDataDate` existed (no field) resumes the same way.
          const { firstDataDate: _dropped, ...older } = stored(head.state);
          const olderTail = engine.evaluateHistory(days.slice(split), older);
          expect([...head.conformances, ...olderTail.conformances]).toEqual(whole.conformances);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('a breach stays a failure, and the score stays an integer within 0..100', () => {
    fc.assert(
      fc.property(fullPhase, history, (specs, sketches) => {
        const engine = engineWith(specs);

        const { conformances } = engine.evaluateHistory(toDays(sketches));

        let failedOn: string | null = null;
        for (const conformance of conformances) {
          expect(Number.isInteger(conformance.overallScore)).toBe(true);
          expect(conformance.overallScore).toBeGreaterThanOrEqual(0);
          expect(conformance.overallScore).toBeLessThanOrEqual(100);
          if (failedOn !== null) {
            expect(conformance.overallStatus).toBe('violation');
            expect(conformance.phaseFailedDate).toBe(failedOn);
          }
          if (conformance.overallStatus === 'violation') failedOn = conformance.phaseFailedDate;
        }
        expect(() => conformanceSchema.parse(conformances.at(-1))).not.toThrow();
      }),
      { numRuns: 60 },
    );
  });
});

describe('exact money over thousands of days', () => {
  it('adds 5,000 days of ten cents without drifting a cent', () => {
    const engine = engineWith([
      { category: 'consistency', params: { minConsistency: 0.5, period: 'daily' } },
      { category: 'profit-target', params: { target: 500, type: 'absolute' } },
    ]);
    let state = engine.initialState();
    let conformance: Conformance | undefined;
    let balance = 50_000;
    let time = Date.UTC(2000, 0, 1);

    for (let index = 0; index < 5_000; index += 1) {
      balance += 0.1; // floating point: drifts on purpose, the engine must not follow it
      const date = new Date(time).toISOString().slice(0, 10).replaceAll('-', '');
      time += 86_400_000;
      const result = engine.evaluateDay(state, {
        date,
        performance: { AcctBal: Math.round(balance * 100) / 100, NetPnl: 0.1, Trades: 1 },
        trades: [{ Pnl: 0.1 }, { Pnl: -0.07 }],
      });
      state = result.state;
      conformance = result.conformance;
    }

    const summary = engine.summarizeAccount(state, conformance!);
    expect(balance).not.toBe(50_500); // the float sum drifted…
    expect(conformance!.rules[0]!.details).toMatchObject({ total: 500, bestPeriod: 0.1 });
    expect(conformance!.rules[1]).toMatchObject({ outcome: 'met', currentValue: 500 });
    expect(summary).toMatchObject({
      currentBalance: 50_500,
      totalProfit: 500,
      averageWin: 0.1,
      averageLoss: -0.07,
    });
    expect(state).toMatchObject({ grossWinCents: 50_000, grossLossCents: 35_000 });
    expect(summary.profitFactor).toBe(50_000 / 35_000);
  });
});
