import { day, engineWith } from './fixtures';
import type { Conformance } from '@shared/rules';

const drawdown = ({
  failureMessage,
  ...params
}: Record<string, unknown> & { failureMessage?: string }) =>
  engineWith([{ category: 'drawdown', params: { maxDrawdown: 2000, ...params }, failureMessage }]);

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

  it.each([
    // eod without lock: the floor trails the peak, so the drawdown used is peak − close.
    ['eod', undefined, 749.5],
    // static: the floor stays at start − 2,000, so a close above the start uses none of it.
    ['static', undefined, 0],
  ])(
    'shows the drawdown used against the floor as it trailed (%p, lock %p): %p',
    (resetType, lockOffset, used) => {
      const { conformances } = drawdown({ resetType, lockOffset }).evaluateHistory([
        day('20260302', { AcctBal: 51_000, NetPnl: 1_000 }),
        day('20260303', { AcctBal: 50_250.5, NetPnl: -749.5 }),
      ]);

      expect(conformances[1]!.rules[0]).toMatchObject({
        currentValue: used,
        thresholdValue: 2000,
      });
      expect(conformances[1]!.drawdown).toMatchObject({ used, decided: used, usage: used / 2000 });
    },
  );

  it('a locked floor: the drawdown used is measured from the lock, not from the peak (decision 34)', () => {
    // Start 100,000, max 2,500, lock at start + 100: the peak 104,000 would trail the floor to
    // 101,500; it locks at 100,100. A close of 102,568.08 then uses none of the 2,500.
    const engine = engineWith(
      [{ category: 'drawdown', params: { maxDrawdown: 2500, resetType: 'eod', lockOffset: 100 } }],
      { startingBalance: 100_000 },
    );
    const { conformances, state } = engine.evaluateHistory([
      day('20261120', { AcctBal: 104_000, NetPnl: 4_000 }),
      day('20261124', { AcctBal: 101_500, NetPnl: -2_500 }),
    ]);

    expect(conformances[1]!.drawdown).toMatchObject({
      floorInForce: 100_100,
      floor: 100_100,
      locked: true,
      used: 1_100, // 2,500 − (101,500 − 100,100), where peak − close would say 2,500
      usage: 0.44,
      breached: false,
    });
    expect(conformances[1]!.trailingDrawdown).toBe(100_100);
    expect(state.drawdown).toEqual(conformances[1]!.drawdown);
  });

  it('a breach shows the value that decided: the trough against the floor, not the close', () => {
    // EVAL50K-000105 on 11/02: the day's low 47,961.68 went under the 48,000 floor; the close
    // 48,207.20 is 1,792.80 under the start, which alone would read as inside the limit.
    const { conformances } = drawdown({
      resetType: 'eod',
      failureMessage: 'Balance fell below the trailing floor: drawdown {actual} of {target}',
    }).evaluateHistory([
      day('20261102', { AcctBal: 48_207.2, NetPnl: -1_792.8, LowPnl: -2_038.32 }),
    ]);
    const [conformance] = conformances;

    expect(conformance!.rules[0]).toMatchObject({
      outcome: 'breached',
      currentValue: 2_038.32,
      thresholdValue: 2_000,
      message:
        'Balance fell below the trailing floor: drawdown $2,038.32 of $2,000.00 (low $47,961.68 under the $48,000.00 floor)',
    });
    expect(conformance!.rules[0]!.details).toMatchObject({
      trough: 47_961.68,
      floorInForce: 48_000,
    });
    expect(conformance!.newViolations[0]).toMatchObject({
      value: 2_038.32,
      threshold: 2_000,
      details: expect.objectContaining({ trough: 47_961.68 }),
    });
    expect(conformance!.drawdown).toMatchObject({
      trough: 47_961.68,
      atTrough: 2_038.32,
      decided: 2_038.32,
      used: 1_792.8,
      usage: 1,
      breached: true,
    });
  });

  it("a trailing breach at the close shows the close against the same day's raised floor", () => {
    // Peak 51,500 raises the floor to 49,500 within the day; the close 49,400 is 100 under it.
    const { conformances } = drawdown({ resetType: 'trailing' }).evaluateHistory([
      day('20260302', { AcctBal: 49_400, NetPnl: -600, HighPnl: 1_500, LowPnl: -600 }),
    ]);

    expect(conformances[0]!.rules[0]).toMatchObject({ outcome: 'breached', currentValue: 2_100 });
    expect(conformances[0]!.rules[0]!.message).toContain(
      'close $49,400.00 under the $49,500.00 floor',
    );
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
