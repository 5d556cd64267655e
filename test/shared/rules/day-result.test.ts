import { conformanceSchema, createRulesEngine } from '@shared/rules';
import { day, definition, engineWith, fill, phaseWith } from './fixtures';

const evaluation = engineWith([
  { category: 'drawdown', params: { maxDrawdown: 2000, resetType: 'static' } },
  { category: 'daily-loss', params: { maxDailyLoss: 1000, kind: 'pause' } },
  { category: 'profit-target', params: { target: 1000, type: 'absolute' } },
  { category: 'trading-days', params: { minDays: 2 } },
]);

describe('day result', () => {
  it('scores the mean of rule scores: violation rules 0 or 1, benchmarks their progress', () => {
    const { conformances } = evaluation.evaluateHistory([
      day('20260302', { AcctBal: 50_250, NetPnl: 250 }),
    ]);

    // 1 + 1 + 0.25 + 0.5 over 4 rules.
    expect(conformances[0]).toMatchObject({
      overallScore: 69,
      overallStatus: 'compliant',
      benchmarksMet: false,
      hasViolations: false,
    });
  });

  it('keeps the specs’ display quirk on passed, and says it plainly in outcome', () => {
    const { conformances } = evaluation.evaluateHistory([
      day('20260302', { AcctBal: 48_800, NetPnl: -1_200 }),
      day('20260303', { AcctBal: 50_000, NetPnl: 1_200 }),
    ]);

    const [drawdown, loss, target, days] = conformances[0]!.rules;
    expect(drawdown).toMatchObject({ type: 'violation', passed: false, outcome: 'ok' });
    expect(loss).toMatchObject({ type: 'violation', passed: true, outcome: 'breached' });
    expect(target).toMatchObject({ type: 'benchmark', passed: false, outcome: 'not-met' });
    expect(conformances[1]!.rules[3]).toMatchObject({ passed: true, outcome: 'met' });
    expect(days).toBeDefined();
  });

  it('lists violation and benchmark rules in the spec’s outcome shape', () => {
    const { conformances } = evaluation.evaluateHistory([
      day('20260302', { AcctBal: 49_500, NetPnl: -500 }),
    ]);

    expect(conformances[0]!.violationRules.map((rule) => rule.ruleType)).toEqual([
      'drawdown',
      'daily-loss',
    ]);
    expect(conformances[0]!.benchmarkRules[1]).toEqual({
      ruleId: 'trading-days',
      ruleType: 'trading-days',
      target: 2,
      actual: 1,
      passed: false,
      closePct: 50,
      message: 'Failed: 1 against 2',
    });
    expect(conformances[0]!.violationRules[1]).toMatchObject({ closePct: 50 });
  });

  it('reports breaches as new on their first day and keeps each rule’s latest in violations', () => {
    const { conformances, state } = evaluation.evaluateHistory([
      day('20260302', { AcctBal: 49_000, NetPnl: -1_000 }),
      day('20260303', { AcctBal: 48_500, NetPnl: -500, LowPnl: -1_000 }),
      day('20260304', { AcctBal: 48_600, NetPnl: 100 }),
    ]);

    expect(conformances.map((conformance) => conformance.newViolations.length)).toEqual([1, 1, 0]);
    // Bounded: the latest breach of each rule breached so far, never a list growing by the day.
    expect(conformances.map((conformance) => conformance.violations.length)).toEqual([1, 1, 1]);
    expect(conformances[2]!.violations[0]).toMatchObject({
      ruleId: 'daily-loss',
      date: '20260303',
    });
    expect(conformances.map((conformance) => conformance.hasViolations)).toEqual([
      true,
      true,
      true,
    ]);
    expect(state.violationLog.rules['daily-loss']).toMatchObject({
      count: 2,
      first: { date: '20260302' },
      last: { date: '20260303' },
    });
    expect(conformances[1]!.newViolations[0]).toMatchObject({
      ruleId: 'daily-loss',
      date: '20260303',
      value: 1000,
      threshold: 1000,
      severity: 'warning',
    });
  });

  it('raises the 80% warning for drawdown and daily loss only, not for other rules at their limit', () => {
    const engine = engineWith([
      { category: 'position-size', params: { maxPositionSize: 2 } },
      { category: 'inactivity', params: { maxInactiveDays: 5 } },
      { category: 'drawdown', params: { maxDrawdown: 2000, resetType: 'static' } },
      { category: 'daily-loss', params: { maxDailyLoss: 1000 } },
    ]);
    const fills = [fill('2026-03-02T09:00:00-06:00', 'ESH6', 'B', 2)];

    const { conformances } = engine.evaluateHistory([
      day('20260302', { AcctBal: 50_000, NetPnl: 0 }, { fills }), // 2 of 2 contracts, held
      day('20260307', { AcctBal: 50_000, NetPnl: 0, Trades: 0 }), // 5 of 5 idle days
      day('20260309', { AcctBal: 50_000, NetPnl: 0, LowPnl: -800 }), // daily loss 80%
      day('20260310', { AcctBal: 49_210, NetPnl: -790 }), // daily loss 79%
      day('20260311', { AcctBal: 48_420, NetPnl: -790 }), // drawdown 79%
      day('20260312', { AcctBal: 48_400, NetPnl: -20 }), // drawdown 80%
    ]);

    expect(conformances[0]!.rules[0]).toMatchObject({ outcome: 'ok', severity: 'info' });
    expect(conformances[0]!.violationRules[0]).toMatchObject({ closePct: 100 });
    expect(conformances[1]!.rules[1]).toMatchObject({
      outcome: 'ok',
      currentValue: 5,
      severity: 'info',
    });
    expect(conformances[1]!.violationRules[1]).toMatchObject({ closePct: 100 });
    expect(conformances[2]!.rules[3]).toMatchObject({ outcome: 'ok', severity: 'warning' });
    expect(conformances[5]!.rules[2]).toMatchObject({ outcome: 'ok', severity: 'warning' });
    expect(conformances.map((conformance) => conformance.overallStatus)).toEqual([
      'compliant',
      'compliant',
      'warning',
      'compliant',
      'compliant',
      'warning',
    ]);
  });

  it('reports each violation rule’s own evaluation of the day; the failure stays in status and violations', () => {
    const engine = engineWith([
      { category: 'instruments', params: { allowedInstruments: ['ES'] } }, // multiday
      { category: 'daily-loss', params: { maxDailyLoss: 1000 } }, // single-day
    ]);
    const trade = (date: string, symbol: string) => ({
      fills: [
        fill(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}T09:00:00Z`, symbol, 'B'),
      ],
    });

    const { conformances, state } = engine.evaluateHistory([
      day('20260302', { AcctBal: 50_000, NetPnl: 0 }, trade('20260302', 'CLJ6')),
      day('20260303', { AcctBal: 50_000, NetPnl: 0 }, trade('20260303', 'ESH6')),
      day('20260304', { AcctBal: 50_000, NetPnl: 0 }, trade('20260304', 'CLJ6')),
    ]);

    expect(conformances.map((conformance) => conformance.rules[0]!.outcome)).toEqual([
      'breached',
      'ok',
      'breached',
    ]);
    expect(conformances[1]!.rules[0]).toMatchObject({ passed: false, severity: 'info', score: 1 });
    expect(conformances[1]!.violationRules[0]).toMatchObject({ passed: false });
    expect(conformances[1]!.overallScore).toBe(100);
    expect(conformances.map((conformance) => conformance.overallStatus)).toEqual([
      'violation',
      'violation',
      'violation',
    ]);
    // A multiday rule's breach is new once; the later breach shows in its entry, not as new.
    expect(conformances.map((conformance) => conformance.newViolations.length)).toEqual([1, 0, 0]);
    expect(conformances[1]!.violations).toEqual(conformances[0]!.violations);
    expect(conformances[1]).toMatchObject({ hasViolations: true, phaseFailedDate: '20260302' });
    expect(state.breaches).toEqual({ instruments: '20260302' });
  });

  it('passes the phase on the first day every benchmark is met with no hard breach', () => {
    const { conformances, state } = evaluation.evaluateHistory([
      day('20260302', { AcctBal: 50_600, NetPnl: 600 }),
      day('20260303', { AcctBal: 51_000, NetPnl: 400 }),
      day('20260304', { AcctBal: 50_500, NetPnl: -500 }),
    ]);

    expect(conformances.map((conformance) => conformance.benchmarksMet)).toEqual([
      false,
      true,
      false,
    ]);
    expect(state.passedDate).toBe('20260303');
    expect(conformances[2]!.phasePassedDate).toBe('20260303');
  });

  it('does not pass a failed account', () => {
    const { state } = evaluation.evaluateHistory([
      day('20260302', { AcctBal: 47_500, NetPnl: -2_500 }),
      day('20260303', { AcctBal: 51_500, NetPnl: 4_000 }),
    ]);

    expect(state).toMatchObject({ failedDate: '20260302', passedDate: null });
  });

  it('never passes a phase without benchmarks, and scores it 100 when clean', () => {
    const engine = engineWith([
      { category: 'drawdown', params: { maxDrawdown: 2000, resetType: 'static' } },
    ]);

    const { conformances, state } = engine.evaluateHistory([
      day('20260302', { AcctBal: 55_000, NetPnl: 5_000 }),
    ]);

    expect(conformances[0]).toMatchObject({ benchmarksMet: true, overallScore: 100 });
    expect(state.passedDate).toBeNull();
  });

  it('scores 100 when the phase has no rules', () => {
    const engine = createRulesEngine({ phase: phaseWith([]), definitions: [] });

    const { conformances } = engine.evaluateHistory([day('20260302', { AcctBal: 1, NetPnl: 0 })]);

    expect(conformances[0]).toMatchObject({ overallScore: 100, overallStatus: 'compliant' });
  });

  it('reads a day without performance data as unknown, and a failed account as failed', () => {
    const clean = evaluation.evaluateDay(evaluation.initialState(), {
      date: '20260302',
      performance: null,
    });
    const failed = evaluation.evaluateHistory([
      day('20260302', { AcctBal: 47_000, NetPnl: -3_000 }),
      { date: '20260303', performance: null },
    ]);

    expect(clean.conformance).toMatchObject({ overallStatus: 'unknown', rules: [] });
    expect(failed.conformances[1]).toMatchObject({ overallStatus: 'violation', performance: null });
  });

  it('leaves the state untouched on a day without performance data', () => {
    const start = evaluation.initialState();

    const { state } = evaluation.evaluateDay(start, { date: '20260302', performance: null });

    expect(state).toBe(start);
  });

  it('refuses days out of order or with impossible dates', () => {
    const { state } = evaluation.evaluateHistory([day('20260303', { AcctBal: 50_000, NetPnl: 0 })]);

    expect(() =>
      evaluation.evaluateDay(state, day('20260303', { AcctBal: 50_000, NetPnl: 0 })),
    ).toThrow(RangeError);
    expect(() =>
      evaluation.evaluateDay(state, day('20260230', { AcctBal: 50_000, NetPnl: 0 })),
    ).toThrow(RangeError);
  });

  it('does not modify the state it is given', () => {
    const start = evaluation.initialState();
    const snapshot = JSON.stringify(start);

    evaluation.evaluateDay(start, day('20260302', { AcctBal: 47_000, NetPnl: -3_000 }));

    expect(JSON.stringify(start)).toBe(snapshot);
  });

  it('produces conformances that satisfy the published schema', () => {
    const { conformances } = evaluation.evaluateHistory([
      day('20260302', { AcctBal: 48_800, NetPnl: -1_200, Trades: 4, WinTrades: 1 }),
    ]);

    expect(() => conformanceSchema.parse(conformances[0])).not.toThrow();
    expect(conformances[0]!.performance).toEqual({
      balance: 48_800,
      dailyPnl: -1_200,
      trades: 4,
      winRate: 0.25,
    });
  });

  it('judges a multiday rule named "Daily Loss" as single-day (spec §4)', () => {
    const engine = createRulesEngine({
      phase: phaseWith([{ ruleId: 'named' }]),
      definitions: [
        definition({
          ruleId: 'named',
          name: 'Daily Loss',
          category: 'position-size',
          params: { maxPositionSize: 1 },
        }),
      ],
    });

    expect(engine.phase.rules[0]!.isMultiday).toBe(false);
  });
});
