import type { AccountSummary } from '@shared/rules';
import {
  limitDistanceOf,
  roomToBreachOf,
  tightestRoom,
  type DistanceSource,
} from '@shared/rules/limit-distance';
import { day, engineWith, type RuleSpec } from './fixtures';

const DRAWDOWN: RuleSpec = {
  category: 'drawdown',
  params: { maxDrawdown: 2500, resetType: 'eod' },
};
const DAILY_LOSS: RuleSpec = { category: 'daily-loss', params: { maxDailyLoss: 1000 } };
const TARGET: RuleSpec = { category: 'profit-target', params: { target: 3000, type: 'absolute' } };
const DAYS: RuleSpec = { category: 'trading-days', params: { minDays: 5 } };

/** The summary the engine stores after the days (the source every screen reads). */
function summaryAfter(
  specs: RuleSpec[],
  days: ReturnType<typeof day>[],
  options: { payoutEligible?: boolean } = {},
): AccountSummary {
  const engine = engineWith(specs, options);
  const { state, conformances } = engine.evaluateHistory(days);
  return engine.summarizeAccount(state, conformances.at(-1) ?? null);
}

describe('distance to every limit, from the engine summary', () => {
  it('an active account: room to the floor and to the daily loss limit, progress to target and days', () => {
    const summary = summaryAfter(
      [DRAWDOWN, DAILY_LOSS, TARGET, DAYS],
      [
        day('20260302', { AcctBal: 51_000, NetPnl: 1_000, LowPnl: -100 }),
        day('20260303', { AcctBal: 50_400, NetPnl: -600, LowPnl: -750 }),
      ],
    );

    const distance = limitDistanceOf(summary)!;

    // EOD trailing: floor 51,000 − 2,500 = 48,500 after day 1, kept on day 2; balance 50,400.
    expect(distance.drawdown).toEqual({
      room: 1_900,
      share: 0.76,
      limit: 2_500,
      floor: 48_500,
      balance: 50_400,
      locked: false,
    });
    // The last day lost at worst 750 of 1,000.
    expect(distance.dailyLoss).toEqual({ room: 250, share: 0.25, limit: 1_000, loss: 750 });
    expect(distance.profitTarget).toEqual({
      required: 3_000,
      done: 400,
      remaining: 2_600,
      share: 400 / 3_000,
    });
    expect(distance.tradingDays).toEqual({
      required: 5,
      done: 2,
      remaining: 3,
      share: 0.4,
      kind: 'trading',
    });
    expect(distance.tightest).toEqual({ limit: 'daily-loss', room: 250, share: 0.25 });
    expect(distance.date).toBe('20260303');
  });

  it('exactly at the floor is 0 room (touching it is no breach) and the tightest limit', () => {
    const summary = summaryAfter(
      [DRAWDOWN, { category: 'daily-loss', params: { maxDailyLoss: 3000 } }],
      [day('20260302', { AcctBal: 47_500, NetPnl: -2_500, LowPnl: -2_500 })],
    );

    expect(summary.accountStatus).toBe('active');
    const distance = limitDistanceOf(summary)!;
    expect(distance.drawdown).toMatchObject({ room: 0, share: 0, floor: 47_500 });
    expect(distance.dailyLoss).toMatchObject({ room: 500, share: 0.5 / 3 });
    expect(distance.tightest).toEqual({ limit: 'drawdown', room: 0, share: 0 });
  });

  it('a soft daily loss at its limit leaves 0 room there while the account trades on', () => {
    const summary = summaryAfter(
      [DRAWDOWN, { category: 'daily-loss', params: { maxDailyLoss: 1000, kind: 'pause' } }],
      [day('20260302', { AcctBal: 49_000, NetPnl: -1_000, LowPnl: -1_200 })],
    );

    expect(summary.accountStatus).toBe('active');
    expect(limitDistanceOf(summary)!.dailyLoss).toEqual({
      room: 0,
      share: 0,
      limit: 1_000,
      loss: 1_200,
    });
    expect(roomToBreachOf(summary)).toEqual({
      drawdown: { room: 1_500, share: 0.6 },
      dailyLoss: { room: 0, share: 0 },
    });
  });

  it('without a drawdown rule: only the daily loss room, which is then the tightest', () => {
    const summary = summaryAfter(
      [DAILY_LOSS],
      [day('20260302', { AcctBal: 49_800, NetPnl: -200, LowPnl: -400 })],
    );

    const distance = limitDistanceOf(summary)!;
    expect(distance.drawdown).toBeNull();
    expect(distance.dailyLoss).toMatchObject({ room: 600, share: 0.6 });
    expect(distance.tightest).toEqual({ limit: 'daily-loss', room: 600, share: 0.6 });
    expect(distance.profitTarget).toBeNull();
    expect(distance.tradingDays).toBeNull();
  });

  it('without a daily loss rule: only the drawdown room; a day with a profit leaves the full limit', () => {
    const summary = summaryAfter(
      [DRAWDOWN],
      [day('20260302', { AcctBal: 50_200, NetPnl: 200, LowPnl: 0 })],
    );

    const distance = limitDistanceOf(summary)!;
    expect(distance.dailyLoss).toBeNull();
    expect(distance.drawdown).toMatchObject({ room: 2_500, share: 1, floor: 47_700 });
    expect(distance.tightest).toEqual({ limit: 'drawdown', room: 2_500, share: 1 });
  });

  it('with neither limit: no room to breach, and no tightest limit', () => {
    const summary = summaryAfter([TARGET], [day('20260302', { AcctBal: 50_500, NetPnl: 500 })]);

    expect(roomToBreachOf(summary)).toBeNull();
    const distance = limitDistanceOf(summary)!;
    expect(distance.tightest).toBeNull();
    expect(distance.profitTarget).toMatchObject({ remaining: 2_500, share: 500 / 3_000 });
  });

  it('a static floor after a profit leaves more room than the limit (share above 1)', () => {
    const summary = summaryAfter(
      [{ category: 'drawdown', params: { maxDrawdown: 2000, resetType: 'static' } }],
      [day('20260302', { AcctBal: 51_000, NetPnl: 1_000 })],
    );

    expect(roomToBreachOf(summary)!.drawdown).toEqual({ room: 3_000, share: 1.5 });
  });

  it('a failed account has no distance', () => {
    const summary = summaryAfter(
      [DRAWDOWN, DAILY_LOSS],
      [day('20260302', { AcctBal: 48_900, NetPnl: -1_100, LowPnl: -1_100 })],
    );

    expect(summary.accountStatus).toBe('failed');
    expect(limitDistanceOf(summary)).toBeNull();
    expect(roomToBreachOf(summary)).toBeNull();
  });

  it('a passed account has no distance', () => {
    const summary = summaryAfter(
      [DRAWDOWN, { category: 'profit-target', params: { target: 1000, type: 'absolute' } }],
      [day('20260302', { AcctBal: 51_200, NetPnl: 1_200 })],
    );

    expect(summary.accountStatus).toBe('passed');
    expect(limitDistanceOf(summary)).toBeNull();
    expect(roomToBreachOf(summary)).toBeNull();
  });

  it('a breach held for review (status kept active, summary failed) has no distance', () => {
    const summary = summaryAfter(
      [DRAWDOWN],
      [day('20260302', { AcctBal: 47_000, NetPnl: -3_000 })],
    );
    const held = { ...summary, accountStatus: 'active' as const };

    expect(held.phaseFailed).toBe(true);
    expect(limitDistanceOf(held)).toBeNull();
    expect(roomToBreachOf(held)).toBeNull();
  });

  it('an account never judged, or a summary stored before the figures existed, has none', () => {
    expect(limitDistanceOf(null)).toBeNull();
    expect(roomToBreachOf(undefined)).toBeNull();
    const summary = summaryAfter([DRAWDOWN], [day('20260302', { AcctBal: 50_000, NetPnl: 0 })]);
    const { drawdown: _drawdown, dailyLoss: _dailyLoss, ...old } = summary;
    expect(roomToBreachOf(old)).toBeNull();
    expect(limitDistanceOf(old)).toMatchObject({ drawdown: null, dailyLoss: null, tightest: null });
  });

  it('a payout phase counts payout days toward their minimum', () => {
    const summary = summaryAfter(
      [
        DRAWDOWN,
        { category: 'trading-days', params: { minDays: 5, requireProfit: true, minProfit: 200 } },
      ],
      [
        day('20260302', { AcctBal: 50_300, NetPnl: 300 }),
        day('20260303', { AcctBal: 50_350, NetPnl: 50 }),
      ],
      { payoutEligible: true },
    );

    expect(limitDistanceOf(summary)!.tradingDays).toEqual({
      required: 5,
      done: 1,
      remaining: 4,
      share: 0.2,
      kind: 'payout',
    });
  });

  it('the profit target met while still active: nothing remains', () => {
    const source: DistanceSource = {
      accountStatus: 'active',
      phaseFailed: false,
      phasePassed: false,
      profitTarget: 3_000,
      totalProfit: 3_200,
      profitTargetProgress: 1,
      profitTargetAchieved: true,
      tradingDaysCompleted: 3,
      minTradingDaysRequired: 5,
      lastCalculationDate: '20260305',
    };

    expect(limitDistanceOf(source)!.profitTarget).toEqual({
      required: 3_000,
      done: 3_200,
      remaining: 0,
      share: 1,
    });
    expect(limitDistanceOf(source)!.tradingDays).toMatchObject({ remaining: 2, share: 0.6 });
  });

  it('a loss toward the target is no progress and the whole target plus the loss remains', () => {
    const summary = summaryAfter(
      [TARGET],
      [day('20260302', { AcctBal: 49_750.25, NetPnl: -249.75 })],
    );

    expect(limitDistanceOf(summary)!.profitTarget).toEqual({
      required: 3_000,
      done: -249.75,
      remaining: 3_249.75,
      share: 0,
    });
  });

  it('cents stay exact: room of a floor and balance with cents', () => {
    const summary = summaryAfter(
      [DRAWDOWN],
      [day('20260302', { AcctBal: 50_100.1, NetPnl: 100.1 })],
    );

    // Floor 50,100.10 − 2,500 = 47,600.10; balance 50,100.10.
    expect(roomToBreachOf(summary)!.drawdown).toEqual({ room: 2_500, share: 1 });
    const later = summaryAfter(
      [DRAWDOWN],
      [
        day('20260302', { AcctBal: 50_100.1, NetPnl: 100.1 }),
        day('20260303', { AcctBal: 49_900.3, NetPnl: -199.8 }),
      ],
    );
    expect(roomToBreachOf(later)!.drawdown).toEqual({ room: 2_300.2, share: 0.92008 });
  });
});

describe('the tightest room (the lists\u2019 "closest to breach")', () => {
  it('picks the smaller share, drawdown first on a tie, and nothing without a limit', () => {
    expect(
      tightestRoom({ drawdown: { room: 500, share: 0.2 }, dailyLoss: { room: 300, share: 0.3 } }),
    ).toEqual({ limit: 'drawdown', room: 500, share: 0.2 });
    expect(
      tightestRoom({ drawdown: { room: 500, share: 0.3 }, dailyLoss: { room: 300, share: 0.3 } }),
    ).toEqual({ limit: 'drawdown', room: 500, share: 0.3 });
    expect(tightestRoom({ drawdown: null, dailyLoss: { room: 300, share: 0.3 } })).toEqual({
      limit: 'daily-loss',
      room: 300,
      share: 0.3,
    });
    expect(tightestRoom({ drawdown: null, dailyLoss: null })).toBeNull();
    expect(tightestRoom(null)).toBeNull();
  });
});
