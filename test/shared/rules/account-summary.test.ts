import { accountSummarySchema, isCloseToPassing, type AccountSummary } from '@shared/rules';
import { day, engineWith } from './fixtures';

const engine = engineWith(
  [
    { category: 'drawdown', params: { maxDrawdown: 2500, resetType: 'eod' } },
    { category: 'consistency', params: { minConsistency: 0.6, period: 'daily' } },
    { category: 'profit-target', params: { target: 3000, type: 'absolute' } },
    { category: 'trading-days', params: { minDays: 5 } },
    { category: 'inactivity', params: { maxInactiveDays: 10 } },
  ],
  { payoutEligible: true },
);

const trades = (...pnl: number[]) => pnl.map((Pnl) => ({ Symbol: 'ESH6', Pnl }));

describe('trading days and payout days (decision 35)', () => {
  const days = [
    day('20260302', { AcctBal: 50_300, NetPnl: 300, Trades: 2 }),
    day('20260303', { AcctBal: 50_250, NetPnl: -50, Trades: 1 }),
    day('20260304', { AcctBal: 50_250, NetPnl: 0, Trades: 0 }),
    day('20260305', { AcctBal: 50_500, NetPnl: 250, Trades: 3 }),
  ];
  const payoutRule = {
    category: 'trading-days' as const,
    params: { minDays: 5, requireProfit: true, minProfit: 200 },
  };

  it('a funded phase: Trading Days are the days traded; the rule counts Payout Days', () => {
    const engine = engineWith([payoutRule], { payoutEligible: true });
    const { state, conformances } = engine.evaluateHistory(days);

    expect(engine.summarizeAccount(state, conformances.at(-1)!)).toMatchObject({
      tradingDaysCompleted: 3,
      payoutDaysCompleted: 2,
      payoutDaysRequired: 5,
      minTradingDaysRequired: null,
    });
  });

  it('an evaluation phase: Trading Days against the minimum, no Payout Days', () => {
    const engine = engineWith([{ category: 'trading-days', params: { minDays: 5 } }]);
    const { state, conformances } = engine.evaluateHistory(days);

    expect(engine.summarizeAccount(state, conformances.at(-1)!)).toMatchObject({
      tradingDaysCompleted: 3,
      minTradingDaysRequired: 5,
      payoutDaysCompleted: null,
      payoutDaysRequired: null,
    });
  });
});

describe('account summary', () => {
  const { state, conformances } = engine.evaluateHistory([
    day(
      '20260302',
      { AcctBal: 51_000, NetPnl: 1_000, Trades: 3, WinTrades: 2, LoserTrades: 1 },
      {
        trades: trades(700, 500, -200),
      },
    ),
    day(
      '20260303',
      { AcctBal: 50_400, NetPnl: -600, Trades: 2, WinTrades: 0, LoserTrades: 2 },
      {
        trades: trades(-250, -350),
      },
    ),
    day('20260304', { AcctBal: 51_200, NetPnl: 800, Trades: 1 }, { trades: trades(800) }),
    day('20260305', { AcctBal: 52_000, NetPnl: 800, Trades: 1 }, { trades: trades(800) }),
    day('20260313', { AcctBal: 52_000, NetPnl: 0, Trades: 0 }),
  ]);
  const summary = engine.summarizeAccount(state, conformances.at(-1)!);

  it('reports balances, profit and drawdowns', () => {
    expect(summary).toMatchObject({
      startingBalance: 50_000,
      currentBalance: 52_000,
      peakBalance: 52_000,
      totalProfit: 2_000,
      currentDrawdown: 0,
      totalDrawdown: 600,
    });
  });

  it('reports the profit target and how far along it is', () => {
    expect(summary).toMatchObject({
      profitTarget: 3000,
      profitTargetProgress: 2000 / 3000,
      profitTargetAchieved: false,
    });
  });

  it('reports trade statistics, streaks across days included', () => {
    expect(summary).toMatchObject({
      totalTrades: 7,
      winningTrades: 4, // 2 + 0 from the rows, 1 + 1 counted from the trade lists
      losingTrades: 3,
      winRate: 4 / 7,
      averageWin: 700,
      averageLoss: -266.67,
      profitFactor: 2800 / 800,
      maxConsecutiveWins: 2,
      maxConsecutiveLosses: 3,
      monthlyTradeCount: 7,
    });
  });

  it('reports trading days, winning-day streak and compliance', () => {
    expect(summary).toMatchObject({
      tradingDaysCompleted: 4,
      // A payout phase: its trading-days rule counts payout days (decision 35).
      minTradingDaysRequired: null,
      payoutDaysCompleted: 4,
      payoutDaysRequired: 5,
      consecutiveWinningDays: 2,
      consistencyRuleCompliant: true,
      trailingDrawdownCompliant: true,
      activeRuleViolations: 0,
      inactivityWarning: true, // 8 idle days since 03-05: 80% of the 10 allowed
    });
  });

  it('reports payout and phase status, and dates', () => {
    expect(summary).toMatchObject({
      accountStatus: 'active',
      conformanceStatus: 'compliant',
      firstPayoutRequirementsMet: false,
      payoutEligible: false,
      phasePassed: false,
      phaseFailed: false,
      phaseFailedDate: null,
      startDate: '20260302',
      lastTradingDate: '20260305',
      lastCalculationDate: '20260313',
    });
  });

  it('satisfies the published schema', () => {
    expect(() => accountSummarySchema.parse(summary)).not.toThrow();
  });

  it('lists the violations still in force after the last day', () => {
    const failing = engine.evaluateHistory([
      day('20260302', { AcctBal: 47_000, NetPnl: -3_000 }),
      day('20260303', { AcctBal: 47_100, NetPnl: 100 }),
    ]);

    const failed = engine.summarizeAccount(failing.state, failing.conformances.at(-1)!);

    expect(failed).toMatchObject({
      accountStatus: 'failed',
      phaseFailed: true,
      phaseFailedDate: '20260302',
      trailingDrawdownCompliant: false,
      activeRuleViolations: 1,
    });
    expect(failed.activeViolations[0]).toMatchObject({ ruleId: 'drawdown', date: '20260302' });
  });

  it('keeps a drawdown breached earlier non-compliant after a day judged ok on its own', () => {
    const recovered = engine.evaluateHistory([
      day('20260302', { AcctBal: 47_000, NetPnl: -3_000 }),
      day('20260303', { AcctBal: 49_000, NetPnl: 2_000 }), // above the frozen 47,500 floor
    ]);

    const failed = engine.summarizeAccount(recovered.state, recovered.conformances.at(-1)!);

    expect(recovered.conformances[1]!.rules[0]!.outcome).toBe('ok');
    expect(failed).toMatchObject({
      accountStatus: 'failed',
      conformanceStatus: 'violation',
      trailingDrawdownCompliant: false,
      activeRuleViolations: 1,
    });
  });

  it('is eligible for payout once the phase requirements are met in a payout phase', () => {
    const passing = engine.evaluateHistory(
      ['20260302', '20260303', '20260304', '20260305', '20260306'].map((date, index) =>
        day(date, { AcctBal: 50_000 + 700 * (index + 1), NetPnl: 700 }),
      ),
    );

    const passed = engine.summarizeAccount(passing.state, passing.conformances.at(-1)!);

    expect(passed).toMatchObject({
      accountStatus: 'passed',
      phasePassed: true,
      phasePassedDate: '20260306',
      profitTargetAchieved: true,
      firstPayoutRequirementsMet: true,
      payoutEligible: true,
    });
  });

  it('has no data before the first day', () => {
    const empty = engine.summarizeAccount(engine.initialState(), null);

    expect(empty).toMatchObject({
      conformanceStatus: 'unknown',
      overallScore: null,
      currentBalance: 50_000,
      winRate: null,
      profitFactor: null,
      lastCalculationDate: null,
    });
  });
});

describe('close to passing (spec 001 §9)', () => {
  const candidate: Pick<
    AccountSummary,
    | 'profitTargetProgress'
    | 'profitTargetAchieved'
    | 'consistencyRuleCompliant'
    | 'trailingDrawdownCompliant'
    | 'accountStatus'
  > = {
    profitTargetProgress: 0.9,
    profitTargetAchieved: false,
    consistencyRuleCompliant: true,
    trailingDrawdownCompliant: true,
    accountStatus: 'active',
  };

  it('holds at 90% of the profit target, not yet achieved, compliant and active', () => {
    expect(isCloseToPassing(candidate)).toBe(true);
  });

  it.each([
    ['progress below 0.9', { profitTargetProgress: 0.89 }],
    ['target achieved', { profitTargetProgress: 1, profitTargetAchieved: true }],
    ['consistency broken', { consistencyRuleCompliant: false }],
    ['trailing drawdown breached', { trailingDrawdownCompliant: false }],
    ['account failed', { accountStatus: 'failed' as const }],
  ])('does not hold with %s', (_case, change) => {
    expect(isCloseToPassing({ ...candidate, ...change })).toBe(false);
  });
});
