import { day, engineWith } from './fixtures';

const netDays = (...net: number[]) => {
  let balance = 50_000;
  return net.map((pnl, index) => {
    balance += pnl;
    const date = `202603${String(index + 2).padStart(2, '0')}`;
    return day(date, { AcctBal: balance, NetPnl: pnl });
  });
};

describe('consistency rule', () => {
  const consistency = (minConsistency: number, period = 'daily') =>
    engineWith([{ category: 'consistency', params: { minConsistency, period } }]);

  it('is not met when the best day is exactly at the limit', () => {
    const { conformances } = consistency(0.4).evaluateHistory(netDays(400, 300, 300));

    expect(conformances[2]!.rules[0]).toMatchObject({
      outcome: 'not-met',
      currentValue: 0.4,
      thresholdValue: 0.4,
    });
  });

  it('is met when the best day is just below the limit', () => {
    const { conformances } = consistency(0.4).evaluateHistory(netDays(399.99, 300.01, 300));

    expect(conformances[2]!.rules[0]).toMatchObject({ outcome: 'met', passed: true, score: 1 });
  });

  it('is exact where floating point is not', () => {
    // Best 7 cents of 25 is exactly 28%, but 0.28 × 25 is 7.000000000000001 in binary.
    const { conformances } = consistency(0.28).evaluateHistory(netDays(0.07, 0.06, 0.06, 0.06));

    expect(conformances[3]!.rules[0]!.outcome).toBe('not-met');
  });

  it('measures progress as total / (best / minConsistency)', () => {
    const { conformances } = consistency(0.4).evaluateHistory(netDays(500, 500));

    // best 500, total 1,000: compliant at a total of 1,250, so 80% of the way.
    expect(conformances[1]!.rules[0]).toMatchObject({ outcome: 'not-met', score: 0.8 });
    expect(conformances[1]!.overallScore).toBe(80);
  });

  it('is not met while the total is not positive', () => {
    const { conformances } = consistency(0.4).evaluateHistory(netDays(300, -500));

    expect(conformances[1]!.rules[0]).toMatchObject({
      outcome: 'not-met',
      currentValue: null,
      score: 0,
    });
  });

  it('weekly: sums ISO weeks (Monday to Sunday)', () => {
    const engine = consistency(0.6, 'weekly');
    const { conformances } = engine.evaluateHistory([
      day('20260302', { AcctBal: 50_300, NetPnl: 300 }), // Monday, week 10
      day('20260306', { AcctBal: 50_600, NetPnl: 300 }), // Friday, week 10: 600
      day('20260309', { AcctBal: 51_000, NetPnl: 400 }), // Monday, week 11: 400
    ]);

    expect(conformances[2]!.rules[0]).toMatchObject({ currentValue: 0.6, outcome: 'not-met' });
    expect(conformances[2]!.rules[0]!.details).toMatchObject({ bestPeriod: 600, total: 1000 });
  });

  it('monthly: sums calendar months', () => {
    const { conformances } = consistency(0.5, 'monthly').evaluateHistory([
      day('20260330', { AcctBal: 50_200, NetPnl: 200 }),
      day('20260331', { AcctBal: 50_400, NetPnl: 200 }),
      day('20260401', { AcctBal: 50_900, NetPnl: 500 }),
    ]);

    expect(conformances[2]!.rules[0]).toMatchObject({
      currentValue: 500 / 900,
      outcome: 'not-met',
    });
  });
});

describe('profit target rule', () => {
  it('absolute: is met when EOD − start reaches the target exactly', () => {
    const engine = engineWith([
      { category: 'profit-target', params: { target: 3000, type: 'absolute' } },
    ]);

    const { conformances } = engine.evaluateHistory(netDays(1_500, 1_499.99, 0.01));

    expect(conformances.map((conformance) => conformance.rules[0]!.outcome)).toEqual([
      'not-met',
      'not-met',
      'met',
    ]);
    expect(conformances[0]!.rules[0]).toMatchObject({
      score: 0.5,
      currentValue: 1500,
      thresholdValue: 3000,
    });
  });

  it('percentage: takes the percentage of the starting balance (6 means 6%)', () => {
    const engine = engineWith(
      [{ category: 'profit-target', params: { target: 6, type: 'percentage' } }],
      { startingBalance: 100_000 },
    );

    const { conformances } = engine.evaluateHistory([
      day('20260302', { AcctBal: 106_000, NetPnl: 6_000 }),
    ]);

    expect(conformances[0]!.rules[0]).toMatchObject({ outcome: 'met', thresholdValue: 6000 });
    expect(conformances[0]!.profitTarget).toBe(6000);
  });

  it('keeps progress within 0..1 under a loss', () => {
    const engine = engineWith([
      { category: 'profit-target', params: { target: 3000, type: 'absolute' } },
    ]);

    const { conformances } = engine.evaluateHistory(netDays(-400));

    expect(conformances[0]!.rules[0]!.score).toBe(0);
  });
});

describe('trading days rule', () => {
  it('counts days with trades and is met at minDays', () => {
    const engine = engineWith([{ category: 'trading-days', params: { minDays: 2 } }]);

    const { conformances } = engine.evaluateHistory([
      day('20260302', { AcctBal: 50_000, NetPnl: 0, Trades: 3 }),
      day('20260303', { AcctBal: 50_000, NetPnl: 0, Trades: 0 }),
      day('20260304', { AcctBal: 49_900, NetPnl: -100, Trades: 1 }),
    ]);

    expect(conformances.map((conformance) => conformance.rules[0]!.currentValue)).toEqual([
      1, 1, 2,
    ]);
    expect(conformances.map((conformance) => conformance.rules[0]!.outcome)).toEqual([
      'not-met',
      'not-met',
      'met',
    ]);
    expect(conformances[0]!.rules[0]!.score).toBe(0.5);
  });

  it('with requireProfit counts only days whose NetPnl reaches minProfit', () => {
    const engine = engineWith([
      { category: 'trading-days', params: { minDays: 3, requireProfit: true, minProfit: 50 } },
    ]);

    const { conformances } = engine.evaluateHistory(netDays(50, 49.99, 200));

    expect(conformances.map((conformance) => conformance.rules[0]!.currentValue)).toEqual([
      1, 1, 2,
    ]);
  });
});
