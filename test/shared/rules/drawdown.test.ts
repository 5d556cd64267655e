import { day, engineWith } from './fixtures';
import type { Conformance } from '@shared/rules';

const drawdown = (params: Record<string, unknown>) =>
  engineWith([{ category: 'drawdown', params: { maxDrawdown: 2000, ...params } }]);

const floors = (conformances: Conformance[]) =>
  conformances.map((conformance) => conformance.rules[0]!.details?.floorAfter);
const outcomes = (conformances: Conformance[]) =>
  conformances.map((conformance) => conformance.rules[0]!.outcome);

describe('drawdown rule', () => {
  it('static: the floor never moves, however high the balance goes', () => {
    const { conformances } = drawdown({ resetType: 'static' }).evaluateHistory([
      day('20260302', { AcctBal: 53_000, NetPnl: 3_000, HighPnl: 3_500 }),
      day('20260303', { AcctBal: 56_000, NetPnl: 3_000 }),
    ]);

    expect(floors(conformances)).toEqual([48_000, 48_000]);
  });

  it('touching the floor exactly is not a breach; one cent below is', () => {
    const engine = drawdown({ resetType: 'static' });

    const touching = engine.evaluateHistory([
      day('20260302', { AcctBal: 48_500, NetPnl: -1_500, LowPnl: -2_000 }),
    ]);
    const below = engine.evaluateHistory([
      day('20260302', { AcctBal: 48_500, NetPnl: -1_500, LowPnl: -2_000.01 }),
    ]);

    expect(outcomes(touching.conformances)).toEqual(['ok']);
    expect(outcomes(below.conformances)).toEqual(['breached']);
  });

  it('eod: trails end-of-day balances, not intraday highs', () => {
    const { conformances } = drawdown({ resetType: 'eod' }).evaluateHistory([
      day('20260302', { AcctBal: 50_500, NetPnl: 500, HighPnl: 1_500 }),
    ]);

    expect(floors(conformances)).toEqual([48_500]);
  });

  it('daily-highs: the intraday high raises the floor from the next day only', () => {
    const { conformances } = drawdown({ resetType: 'daily-highs' }).evaluateHistory([
      // Peak 51,500 raises the floor to 49,500, but today's close 49,400 is judged on 48,000.
      day('20260302', { AcctBal: 49_400, NetPnl: -600, HighPnl: 1_500, LowPnl: -600 }),
      day('20260303', { AcctBal: 49_450, NetPnl: 50, LowPnl: -100 }),
    ]);

    expect(floors(conformances)).toEqual([49_500, null]);
    expect(outcomes(conformances)).toEqual(['ok', 'breached']);
  });

  it('trailing: the intraday high raises the floor within the same day', () => {
    const { conformances } = drawdown({ resetType: 'trailing' }).evaluateHistory([
      day('20260302', { AcctBal: 49_400, NetPnl: -600, HighPnl: 1_500, LowPnl: -600 }),
    ]);

    expect(outcomes(conformances)).toEqual(['breached']);
  });

  it('trailing: a lock reached mid-day holds the floor at start + lockOffset for the close', () => {
    const engine = drawdown({ resetType: 'trailing', lockOffset: 100 });

    // Peak 52,500 would raise the floor to 50,500; it locks at 50,100. Close 50,100 touches it.
    const touching = engine.evaluateHistory([
      day('20260302', { AcctBal: 50_100, NetPnl: 100, HighPnl: 2_500, LowPnl: 0 }),
    ]);
    const under = engine.evaluateHistory([
      day('20260302', { AcctBal: 50_099.99, NetPnl: 99.99, HighPnl: 2_500, LowPnl: 0 }),
    ]);

    expect(touching.conformances[0]!.rules[0]!.details).toMatchObject({
      floorAfter: 50_100,
      locked: true,
    });
    expect(outcomes(touching.conformances)).toEqual(['ok']);
    expect(outcomes(under.conformances)).toEqual(['breached']);
  });

  it('without lockOffset the floor keeps trailing above the starting balance', () => {
    const { conformances } = drawdown({ resetType: 'eod' }).evaluateHistory([
      day('20260302', { AcctBal: 55_000, NetPnl: 5_000 }),
    ]);

    expect(floors(conformances)).toEqual([53_000]);
  });

  it('uses the end-of-day balance for peak and trough when HighPnl and LowPnl are missing', () => {
    const { conformances } = drawdown({ resetType: 'daily-highs' }).evaluateHistory([
      day('20260302', { AcctBal: 50_700, NetPnl: 700 }),
    ]);

    expect(floors(conformances)).toEqual([48_700]);
  });

  it('shows the drawdown used, from the peak balance, against maxDrawdown', () => {
    const { conformances } = drawdown({ resetType: 'static' }).evaluateHistory([
      day('20260302', { AcctBal: 51_000, NetPnl: 1_000 }),
      day('20260303', { AcctBal: 50_250.5, NetPnl: -749.5 }),
    ]);

    expect(conformances[1]!.rules[0]).toMatchObject({ currentValue: 749.5, thresholdValue: 2000 });
  });

  it('warns once 80% of the drawdown is used, not before', () => {
    const engine = drawdown({ resetType: 'static' });

    const at80 = engine.evaluateHistory([day('20260302', { AcctBal: 48_400, NetPnl: -1_600 })]);
    const below80 = engine.evaluateHistory([
      day('20260302', { AcctBal: 48_400.01, NetPnl: -1_599.99 }),
    ]);

    expect(at80.conformances[0]).toMatchObject({ overallStatus: 'warning' });
    expect(at80.conformances[0]!.rules[0]).toMatchObject({ outcome: 'ok', severity: 'warning' });
    expect(below80.conformances[0]).toMatchObject({ overallStatus: 'compliant' });
  });

  it('after a breach: the floor stays frozen, each day is judged on its own, the account stays failed', () => {
    const { conformances } = drawdown({ resetType: 'eod' }).evaluateHistory([
      day('20260302', { AcctBal: 47_900, NetPnl: -2_100 }),
      day('20260303', { AcctBal: 52_000, NetPnl: 4_100 }), // back above the frozen floor
      day('20260304', { AcctBal: 47_999.99, NetPnl: -4_000.01 }), // below it again
    ]);

    expect(outcomes(conformances)).toEqual(['breached', 'ok', 'breached']);
    expect(conformances[1]!.rules[0]).toMatchObject({ passed: false, score: 1 });
    expect(conformances[1]!.rules[0]!.details).toMatchObject({
      floorInForce: 48_000,
      floorAfter: null,
    });
    expect(conformances[2]!.rules[0]!.details).toMatchObject({ floorInForce: 48_000 });
    expect(conformances.map((conformance) => conformance.overallStatus)).toEqual([
      'violation',
      'violation',
      'violation',
    ]);
    expect(conformances.map((conformance) => conformance.newViolations.length)).toEqual([1, 0, 0]);
    expect(conformances.map((conformance) => conformance.violations.length)).toEqual([1, 1, 1]);
    expect(conformances[1]!.phaseFailedDate).toBe('20260302');
  });

  it('also judges a commission that takes the close below LowPnl', () => {
    // LowPnl -2,000 touches the floor; the commissions take the close 5 dollars lower.
    const { conformances } = drawdown({ resetType: 'static' }).evaluateHistory([
      day('20260302', { AcctBal: 47_995, NetPnl: -2_005, LowPnl: -2_000 }),
    ]);

    expect(outcomes(conformances)).toEqual(['breached']);
  });

  it.each([
    [48_000, 'ok'], // the close touches the floor
    [47_999.99, 'breached'], // one cent below: LowPnl alone would not see it
  ])('the trough includes the close: LowPnl −1,000 and a close of %p is %p', (close, outcome) => {
    const { conformances } = drawdown({ resetType: 'static' }).evaluateHistory([
      day('20260302', { AcctBal: close, NetPnl: close - 50_000, LowPnl: -1_000 }),
    ]);

    expect(outcomes(conformances)).toEqual([outcome]);
  });

  it('the peak includes the close: a close above SOD + HighPnl raises the daily-highs floor', () => {
    const { conformances } = drawdown({ resetType: 'daily-highs' }).evaluateHistory([
      // HighPnl +300 says 50,300 but the day closed at 50,500 (HighPnl missed the last fill).
      day('20260302', { AcctBal: 50_500, NetPnl: 500, HighPnl: 300, LowPnl: 0 }),
      day('20260303', { AcctBal: 51_000, NetPnl: 500, HighPnl: 1_200, LowPnl: 0 }),
    ]);

    // Day 1: PEAK = max(50,000 + 300, 50,500) = 50,500. Day 2: max(50,500 + 1,200, 51,000) = 51,700.
    expect(floors(conformances)).toEqual([48_500, 49_700]);
  });
});
