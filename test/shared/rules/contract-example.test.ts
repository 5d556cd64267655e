import { day, engineWith } from './fixtures';

/**
 * The worked example of contracts/rules.md ("Drawdown"), digit for digit: start 50,000, maxDrawdown
 * 2,000, `eod`, lockOffset 0.
 */
describe('the contract worked example', () => {
  const engine = engineWith([
    { category: 'drawdown', params: { maxDrawdown: 2000, resetType: 'eod', lockOffset: 0 } },
  ]);
  const { conformances } = engine.evaluateHistory([
    day('20260302', { AcctBal: 50_600, NetPnl: 600 }),
    day('20260303', { AcctBal: 50_100, NetPnl: -500 }),
    day('20260304', { AcctBal: 52_400, NetPnl: 2_300 }),
    day('20260305', { AcctBal: 50_050, NetPnl: -2_350 }),
    day('20260306', { AcctBal: 49_990, NetPnl: -60, LowPnl: -60 }),
  ]);

  it.each([
    [1, 48_000, 48_600, false],
    [2, 48_600, 48_600, false],
    [3, 48_600, 50_000, false],
    [4, 50_000, 50_000, false],
    [5, 50_000, null, true],
  ])('day %p: floor in force %p, floor after %p, breach %p', (index, inForce, after, breach) => {
    const rule = conformances[index - 1]!.rules[0]!;

    expect(rule.details).toMatchObject({ floorInForce: inForce, floorAfter: after });
    expect(rule.outcome).toBe(breach ? 'breached' : 'ok');
    expect(rule.passed).toBe(breach);
  });

  it('locks the floor at the starting balance on day 3', () => {
    expect(conformances[2]!.rules[0]!.details).toMatchObject({ locked: true });
    expect(conformances[2]!.trailingDrawdown).toBe(50_000);
  });

  it('fails the account on day 5 and not before', () => {
    expect(conformances.map((conformance) => conformance.overallStatus)).toEqual([
      'compliant',
      'compliant',
      'compliant',
      'warning', // 1 − (50,050 − 50,000) / 2,000 = 97.5% of the drawdown used
      'violation',
    ]);
    expect(conformances[4]!.newViolations).toHaveLength(1);
    expect(conformances[4]!.phaseFailedDate).toBe('20260306');
  });
});
