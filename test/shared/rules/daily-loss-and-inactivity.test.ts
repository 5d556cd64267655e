import { day, engineWith } from './fixtures';

describe('daily loss rule', () => {
  const dailyLoss = (kind?: 'fail' | 'pause') =>
    engineWith([{ category: 'daily-loss', params: { maxDailyLoss: 1000, kind } }]);

  it('is breached by a day that hits the limit exactly', () => {
    const { conformances } = dailyLoss().evaluateHistory([
      day('20260302', { AcctBal: 49_500, NetPnl: -500, LowPnl: -1_000 }),
    ]);

    expect(conformances[0]!.rules[0]).toMatchObject({
      outcome: 'breached',
      currentValue: 1000,
      thresholdValue: 1000,
    });
    expect(conformances[0]!.overallStatus).toBe('violation');
  });

  it('is not breached one cent short of the limit', () => {
    const { conformances } = dailyLoss().evaluateHistory([
      day('20260302', { AcctBal: 49_500, NetPnl: -500, LowPnl: -999.99 }),
    ]);

    expect(conformances[0]!.rules[0]!.outcome).toBe('ok');
  });

  it('takes the worse of LowPnl and NetPnl, and NetPnl alone when LowPnl is missing', () => {
    const engine = dailyLoss();

    const netWorse = engine.evaluateHistory([
      day('20260302', { AcctBal: 48_900, NetPnl: -1_100, LowPnl: -900 }),
    ]);
    const netOnly = engine.evaluateHistory([day('20260302', { AcctBal: 48_950, NetPnl: -1_050 })]);

    expect(netWorse.conformances[0]!.rules[0]!.outcome).toBe('breached');
    expect(netOnly.conformances[0]!.rules[0]!.outcome).toBe('breached');
  });

  it.each([
    [-1_000, 'breached', 'violation'], // NetPnl alone hits the limit
    [-999.99, 'ok', 'warning'],
    [-800, 'ok', 'warning'], // 80% of the limit
    [-799.99, 'ok', 'compliant'],
  ])('without LowPnl judges NetPnl alone: NetPnl %p is %p, the day %p', (net, outcome, status) => {
    const { conformances } = dailyLoss().evaluateHistory([
      day('20260302', { AcctBal: 50_000 + net, NetPnl: net, HighPnl: 200 }),
    ]);

    expect(conformances[0]!.rules[0]).toMatchObject({ outcome, currentValue: -net });
    expect(conformances[0]!.overallStatus).toBe(status);
  });

  it('pause: makes the day a warning and lets the account go on', () => {
    const { conformances, state } = dailyLoss('pause').evaluateHistory([
      day('20260302', { AcctBal: 48_800, NetPnl: -1_200 }),
      day('20260303', { AcctBal: 49_000, NetPnl: 200 }),
    ]);

    expect(conformances[0]).toMatchObject({ overallStatus: 'warning', hasViolations: true });
    expect(conformances[0]!.rules[0]).toMatchObject({ outcome: 'breached', severity: 'warning' });
    expect(conformances[0]!.newViolations[0]).toMatchObject({
      soft: true,
      ruleType: 'daily-loss-limit',
    });
    expect(conformances[1]!.overallStatus).toBe('compliant');
    expect(state.failedDate).toBeNull();
  });

  it('fail: fails the account for good, though the single-day rule is judged afresh', () => {
    const { conformances, state } = dailyLoss('fail').evaluateHistory([
      day('20260302', { AcctBal: 48_800, NetPnl: -1_200 }),
      day('20260303', { AcctBal: 49_000, NetPnl: 200 }),
    ]);

    expect(conformances[1]!.rules[0]).toMatchObject({ outcome: 'ok', isMultiday: false });
    expect(conformances[1]!.overallStatus).toBe('violation');
    expect(state.failedDate).toBe('20260302');
  });

  it('warns at 80% of the limit', () => {
    const { conformances } = dailyLoss().evaluateHistory([
      day('20260302', { AcctBal: 49_200, NetPnl: -800 }),
      day('20260303', { AcctBal: 48_400.01, NetPnl: -799.99 }),
    ]);

    expect(conformances.map((conformance) => conformance.overallStatus)).toEqual([
      'warning',
      'compliant',
    ]);
  });
});

describe('inactivity rule', () => {
  const inactivity = engineWith([{ category: 'inactivity', params: { maxInactiveDays: 5 } }]);
  const idle = (date: string) => day(date, { AcctBal: 50_000, NetPnl: 0, Trades: 0 });
  const traded = (date: string) => day(date, { AcctBal: 50_000, NetPnl: 0, Trades: 2 });

  it('is breached on the idle day that makes the gap exceed the limit', () => {
    const { conformances } = inactivity.evaluateHistory([
      traded('20260302'),
      idle('20260307'), // 5 days without trading: at the limit
      idle('20260308'), // 6 days
    ]);

    expect(conformances.map((conformance) => conformance.rules[0]!.currentValue)).toEqual([
      0, 5, 6,
    ]);
    expect(conformances.map((conformance) => conformance.rules[0]!.outcome)).toEqual([
      'ok',
      'ok',
      'breached',
    ]);
  });

  it('counts 0 on a trading day, however long the gap before it', () => {
    const { conformances } = inactivity.evaluateHistory([
      traded('20260302'),
      traded('20260309'), // 03-03 … 03-08 not reported, six days without trading
      idle('20260310'),
    ]);

    expect(conformances.map((conformance) => conformance.rules[0]!.currentValue)).toEqual([
      0, 0, 1,
    ]);
    expect(conformances[1]!.rules[0]!.outcome).toBe('ok');
  });

  it('before the first trading day, counts from the account’s first day of data', () => {
    const { conformances } = inactivity.evaluateHistory([
      idle('20260302'), // the first day of data: 0
      idle('20260307'), // 5: at the limit
      idle('20260308'), // 6
      traded('20260309'),
    ]);

    expect(conformances.map((conformance) => conformance.rules[0]!.currentValue)).toEqual([
      0, 5, 6, 0,
    ]);
    expect(conformances.map((conformance) => conformance.rules[0]!.outcome)).toEqual([
      'ok',
      'ok',
      'breached',
      'ok',
    ]);
  });

  it('counts from the first day of data, not from an earlier phase start given to the engine', () => {
    const start = inactivity.initialState({ startDate: '20260225' });
    const { conformances, state } = inactivity.evaluateHistory(
      [{ date: '20260302', performance: null }, idle('20260305'), idle('20260311')],
      start,
    );

    expect(conformances.map((conformance) => conformance.rules[0]?.currentValue)).toEqual([
      undefined, // no data: no judgement
      0,
      6,
    ]);
    expect(state).toMatchObject({ startDate: '20260225', firstDataDate: '20260305' });
  });

  it('reads a state stored before firstDataDate existed as starting on its startDate', () => {
    const { state } = inactivity.evaluateHistory([idle('20260302')]);
    const { firstDataDate, ...older } = state;

    const { conformance } = inactivity.evaluateDay(older, idle('20260308'));

    expect(firstDataDate).toBe('20260302');
    expect(conformance.rules[0]).toMatchObject({ currentValue: 6, outcome: 'breached' });
  });

  it('is single-day: the day after a breach is judged on its own gap', () => {
    const { conformances } = inactivity.evaluateHistory([
      traded('20260302'),
      idle('20260308'),
      idle('20260309'),
      traded('20260310'),
    ]);

    expect(conformances.map((conformance) => conformance.rules[0]!.outcome)).toEqual([
      'ok',
      'breached',
      'breached',
      'ok',
    ]);
    expect(conformances.map((conformance) => conformance.newViolations.length)).toEqual([
      0, 1, 1, 0,
    ]);
    expect(conformances[3]!.overallStatus).toBe('violation');
  });
});
