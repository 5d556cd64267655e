import fc from 'fast-check';
import {
  engineStateSchema,
  latestPayoutBefore,
  type DayInput,
  type EngineState,
  type RulesEngine,
} from '@shared/rules';
import { day, engineWith, type RuleSpec } from './fixtures';

/*
 * Windows since the last payout (docs/rules-engine.md "Since the last payout"): in a payout-eligible
 * phase the consistency and trading-days benchmarks count the days after the latest paid payout
 * before the day; nothing else restarts.
 */

const CONSISTENCY: RuleSpec = {
  category: 'consistency',
  params: { minConsistency: 0.5, period: 'daily' },
};
const TRADING_DAYS: RuleSpec = { category: 'trading-days', params: { minDays: 3 } };
const DRAWDOWN: RuleSpec = {
  category: 'drawdown',
  params: { maxDrawdown: 2_000, resetType: 'eod' },
};
const DAILY_LOSS: RuleSpec = { category: 'daily-loss', params: { maxDailyLoss: 1_000 } };
const TARGET: RuleSpec = { category: 'profit-target', params: { target: 3_000, type: 'absolute' } };

const funded = (specs: RuleSpec[] = [CONSISTENCY, TRADING_DAYS]) =>
  engineWith(specs, { payoutEligible: true });

/** Days of March 2026 (2nd, 3rd…) with these net P&Ls, the balance following. */
function netDays(net: readonly number[], payoutDates?: string[]): DayInput[] {
  let balance = 50_000;
  return net.map((pnl, index) => {
    balance += pnl;
    const date = `202603${String(index + 2).padStart(2, '0')}`;
    return { ...day(date, { AcctBal: balance, NetPnl: pnl }), payoutDates };
  });
}

const ruleOf = (engine: RulesEngine, days: DayInput[], category: string, index = days.length - 1) =>
  engine
    .evaluateHistory(days)
    .conformances[index]!.rules.find((rule) => rule.category === category)!;

describe('latestPayoutBefore', () => {
  it('is null without payouts', () => {
    expect(latestPayoutBefore(undefined, '20260305')).toBeNull();
    expect(latestPayoutBefore([], '20260305')).toBeNull();
  });

  it('takes the latest payout strictly before the day, in any order', () => {
    expect(latestPayoutBefore(['20260303', '20260210', '20260301'], '20260305')).toBe('20260303');
  });

  it('leaves out a payout dated on the day or after it', () => {
    expect(latestPayoutBefore(['20260305', '20260310'], '20260305')).toBeNull();
    expect(latestPayoutBefore(['20260302', '20260305'], '20260305')).toBe('20260302');
  });
});

describe('consistency since the last payout', () => {
  it('sums best day and total over the days after the payout only', () => {
    // Before the payout: best 1,000 of 1,600. After it (4th on): 200 + 300 = 500, best 300.
    const days = netDays([1_000, 600, 200, 300], ['20260303']);
    const rule = ruleOf(funded(), days, 'consistency');

    expect(rule.details).toMatchObject({ bestPeriod: 300, total: 500 });
    expect(rule.currentValue).toBeCloseTo(0.6, 10);
    expect(rule.outcome).toBe('not-met');
  });

  it('without the payout the same days count from the phase start', () => {
    const rule = ruleOf(funded(), netDays([1_000, 600, 200, 300]), 'consistency');

    expect(rule.details).toMatchObject({ bestPeriod: 1_000, total: 2_100 });
  });

  it('is not met, with no ratio, while the new window has no profit yet', () => {
    const days = netDays([400, 400, 400, -150], ['20260304']);
    const rule = ruleOf(funded(), days, 'consistency');

    expect(rule).toMatchObject({ outcome: 'not-met', currentValue: null, score: 0 });
    expect(rule.details).toMatchObject({ bestPeriod: 0, total: -150 });
  });

  it('the first day of the window is the first day after the payout, even after a gap', () => {
    // Payout dated Saturday 03/07; the window opens on Monday 03/09.
    const days: DayInput[] = [
      day('20260305', { AcctBal: 50_900, NetPnl: 900 }),
      day('20260306', { AcctBal: 51_000, NetPnl: 100 }),
      day('20260309', { AcctBal: 51_250, NetPnl: 250 }),
      day('20260310', { AcctBal: 51_500, NetPnl: 250 }),
    ].map((entry) => ({ ...entry, payoutDates: ['20260307'] }));
    const { conformances } = funded().evaluateHistory(days);

    expect(conformances[2]!.rules[0]!.details).toMatchObject({ bestPeriod: 250, total: 250 });
    expect(conformances[3]!.rules[0]!.details).toMatchObject({ bestPeriod: 250, total: 500 });
  });

  it('a payout dated on a trading day leaves that day in the old window', () => {
    const days = netDays([900, 100, 300], ['20260303']);
    const { conformances } = funded().evaluateHistory(days);

    expect(conformances[1]!.rules[0]!.details).toMatchObject({ bestPeriod: 900, total: 1_000 });
    expect(conformances[2]!.rules[0]!.details).toMatchObject({ bestPeriod: 300, total: 300 });
  });

  it('weekly: the week of the payout counts only its days after it', () => {
    const engine = funded([
      { category: 'consistency', params: { minConsistency: 0.7, period: 'weekly' } },
    ]);
    const days: DayInput[] = [
      day('20260302', { AcctBal: 50_500, NetPnl: 500 }), // Monday
      day('20260303', { AcctBal: 50_700, NetPnl: 200 }), // Tuesday: the payout's day
      day('20260304', { AcctBal: 50_800, NetPnl: 100 }), // Wednesday, same ISO week
      day('20260309', { AcctBal: 51_100, NetPnl: 300 }), // next week
    ].map((entry) => ({ ...entry, payoutDates: ['20260303'] }));
    const { conformances } = engine.evaluateHistory(days);

    expect(conformances[2]!.rules[0]!.details).toMatchObject({ bestPeriod: 100, total: 100 });
    expect(conformances[3]!.rules[0]!.details).toMatchObject({ bestPeriod: 300, total: 400 });
    expect(conformances[3]!.rules[0]!.outcome).toBe('not-met'); // 75% ≥ 70%
  });

  it('two payouts: the window counts after the latest one before each day', () => {
    const days = netDays([500, 500, 500, 200, 100, 400], ['20260303', '20260305']);
    const { conformances } = funded().evaluateHistory(days);

    // 4th: after 03/03 → 500. 5th: 500 + 200. 6th: after 03/05 → 100. 7th: 100 + 400.
    expect(conformances.map((entry) => entry.rules[0]!.details?.['total'])).toEqual([
      500, 1_000, 500, 700, 100, 500,
    ]);
  });
});

describe('trading days since the last payout', () => {
  it('counts the trading days after the payout, from zero', () => {
    const days = netDays([100, 100, 100, 100, 100], ['20260304']);
    const { conformances } = funded().evaluateHistory(days);

    expect(conformances.map((entry) => entry.rules[1]!.currentValue)).toEqual([1, 2, 3, 1, 2]);
    expect(conformances[2]!.rules[1]!.outcome).toBe('met');
    expect(conformances[4]!.rules[1]).toMatchObject({ outcome: 'not-met', score: 2 / 3 });
  });

  it('with requireProfit, counts only profitable days of the window', () => {
    const engine = funded([
      { category: 'trading-days', params: { minDays: 2, requireProfit: true, minProfit: 150 } },
    ]);
    const days = netDays([200, 200, 100, 200], ['20260303']);
    const { conformances } = engine.evaluateHistory(days);

    expect(conformances.map((entry) => entry.rules[0]!.currentValue)).toEqual([1, 2, 0, 1]);
  });

  it('feeds the summary’s payout days, which restart after the payout', () => {
    const engine = funded();
    const days = netDays([100, 100, 100, 100], ['20260304']);
    const { state, conformances } = engine.evaluateHistory(days);
    const summary = engine.summarizeAccount(state, conformances.at(-1)!);

    expect(summary).toMatchObject({
      payoutDaysCompleted: 1,
      payoutDaysRequired: 3,
      tradingDaysCompleted: 4,
    });
  });
});

describe('what a payout does not restart', () => {
  const rules = [CONSISTENCY, TRADING_DAYS, DRAWDOWN, DAILY_LOSS, TARGET];
  const net = [1_200, -900, 800, 600, -300, 1_100];

  it('drawdown, daily loss and the profit target judge the same with or without payouts', () => {
    const engine = funded(rules);
    const plain = engine.evaluateHistory(netDays(net)).conformances;
    const paid = engine.evaluateHistory(netDays(net, ['20260303', '20260305'])).conformances;

    for (const category of ['drawdown', 'daily-loss', 'profit-target']) {
      const of = (list: typeof plain) =>
        list.map((entry) => entry.rules.find((rule) => rule.category === category));
      expect(of(paid)).toEqual(of(plain));
    }
    expect(paid.map((entry) => entry.drawdown)).toEqual(plain.map((entry) => entry.drawdown));
  });

  it('the balance, peak, trades and the first pass date stay', () => {
    const engine = funded(rules);
    const plain = engine.evaluateHistory(netDays(net)).state;
    const paid = engine.evaluateHistory(netDays(net, ['20260303'])).state;

    const { rules: _a, payoutWindowAfter, ...rest } = paid;
    const { rules: _b, ...plainRest } = plain;
    expect(rest).toEqual(plainRest);
    expect(payoutWindowAfter).toBe('20260303');
    expect(paid.rules['drawdown']).toEqual(plain.rules['drawdown']);
  });

  it('a passed phase stays passed; its payout requirements wait for the new window', () => {
    const engine = funded();
    // Met on the 4th (3 days, best 400 of 1,000 < 50%); payout dated the 4th.
    const days = netDays([300, 300, 400, 100], ['20260304']);
    const { state, conformances } = engine.evaluateHistory(days);
    const summary = engine.summarizeAccount(state, conformances.at(-1)!);

    expect(conformances[2]!.benchmarksMet).toBe(true);
    expect(state.passedDate).toBe('20260304');
    expect(conformances[3]!.benchmarksMet).toBe(false);
    expect(summary).toMatchObject({
      accountStatus: 'passed',
      firstPayoutRequirementsMet: false,
      payoutEligible: false,
    });
  });
});

describe('phases and inputs without payouts', () => {
  it('a phase that is not payout-eligible ignores payouts', () => {
    const engine = engineWith([CONSISTENCY, TRADING_DAYS]);
    const plain = engine.evaluateHistory(netDays([500, 300, 200]));
    const paid = engine.evaluateHistory(netDays([500, 300, 200], ['20260302']));

    expect(paid).toEqual(plain);
    expect(engine.payoutWindowOf(['20260302'], '20260310')).toBeNull();
  });

  it('no payouts or an empty list store exactly the state they stored before', () => {
    const engine = funded([CONSISTENCY, TRADING_DAYS, DRAWDOWN]);
    const plain = engine.evaluateHistory(netDays([500, 300, 200]));
    const empty = engine.evaluateHistory(netDays([500, 300, 200], []));
    const later = engine.evaluateHistory(netDays([500, 300, 200], ['20260304']));

    expect(JSON.stringify(empty)).toBe(JSON.stringify(plain));
    // A payout dated on the last day leaves every day in the old window.
    expect(JSON.stringify(later)).toBe(JSON.stringify(plain));
    expect('payoutWindowAfter' in plain.state).toBe(false);
  });

  it('a day without data keeps the state; the next day with data opens the window', () => {
    const engine = funded();
    const payoutDates = ['20260303'];
    const days: DayInput[] = [
      ...netDays([400, 400], payoutDates),
      { date: '20260304', performance: null, payoutDates },
      { ...day('20260305', { AcctBal: 50_900, NetPnl: 100 }), payoutDates },
    ];
    const { conformances } = engine.evaluateHistory(days);

    expect(conformances[2]!.overallStatus).toBe('unknown');
    expect(conformances[3]!.rules[0]!.details).toMatchObject({ total: 100 });
    expect(conformances[3]!.rules[1]!.currentValue).toBe(1);
  });
});

describe('judging a day alone', () => {
  const engine = funded([CONSISTENCY, TRADING_DAYS, DRAWDOWN]);

  it('fitsPayouts: a state fits the payouts it was judged with and later-dated ones', () => {
    const { state } = engine.evaluateHistory(netDays([100, 100, 100], ['20260302']));

    expect(state.payoutWindowAfter).toBe('20260302');
    expect(engine.fitsPayouts(state, ['20260302'])).toBe(true);
    expect(engine.fitsPayouts(state, ['20260302', '20260304', '20260320'])).toBe(true);
    // Added since, dated before its last day: the days after it were judged in the wrong window.
    expect(engine.fitsPayouts(state, ['20260302', '20260303'])).toBe(false);
    expect(engine.fitsPayouts(state, [])).toBe(false);
    expect(engine.fitsPayouts(engine.initialState(), ['20260302'])).toBe(true);
  });

  it('from the JSON-stored state equals judging the whole history, at any split', () => {
    const dateArb = fc
      .integer({ min: 1, max: 27 })
      .map((day) => `202603${String(day + 1).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -800, max: 1_200 }), { minLength: 2, maxLength: 26 }),
        fc.array(dateArb, { maxLength: 4 }),
        fc.nat(),
        (net, payoutDates, splitSeed) => {
          const days = netDays(net, payoutDates);
          const whole = engine.evaluateHistory(days);
          const split = 1 + (splitSeed % (days.length - 1));
          const first = engine.evaluateHistory(days.slice(0, split));
          const stored = engineStateSchema.parse(
            JSON.parse(JSON.stringify(first.state)),
          ) as EngineState;
          const rest = engine.evaluateHistory(days.slice(split), stored);
          expect(rest.state).toEqual(whole.state);
          expect(rest.conformances).toEqual(whole.conformances.slice(split));
        },
      ),
      { numRuns: 150 },
    );
  });
});
