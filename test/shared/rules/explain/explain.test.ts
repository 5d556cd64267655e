import { engineStateSchema, type DayInput } from '@shared/rules';
import { explainVerdict, type RuleExplanation } from '@shared/rules/explain';
import { day, engineWith, fill, type RuleSpec } from '../fixtures';
import { explainRun } from './explain-run';

// Every explanation below comes from a real engine run over constructed days (`explainRun`).

const only = (
  specs: RuleSpec[],
  days: DayInput[],
  options: { program?: string; timeZone?: string; startingBalance?: number } = {},
): { rule: RuleExplanation; explanation: ReturnType<typeof explainVerdict> } => {
  const { startingBalance, ...rest } = options;
  const { explanation } = explainRun(engineWith(specs, { startingBalance }), days, rest);
  return { rule: explanation.rules[0]!, explanation };
};

const drawdown = (params: Record<string, unknown>): RuleSpec => ({
  category: 'drawdown',
  name: 'Trailing drawdown',
  isMultiday: true,
  params,
});

describe('drawdown explanation', () => {
  it('names the trough, the gap, the floor and the day it locked (the issue example)', () => {
    const { rule, explanation } = only(
      [drawdown({ maxDrawdown: 2_000, resetType: 'daily-highs', lockOffset: 0 })],
      [
        day('20261110', { AcctBal: 50_000, NetPnl: 2_000, HighPnl: 2_000, LowPnl: 0 }),
        day('20261118', { AcctBal: 48_100, NetPnl: -1_900, HighPnl: 0, LowPnl: -2_087.5 }),
      ],
      { program: 'EVAL50K v3', startingBalance: 48_000 },
    );

    expect(rule.sentence).toBe(
      'Trailing drawdown: breached on 11/18/2026. Lowest intraday balance $47,912.50 was $87.50 ' +
        'below the floor of $48,000.00; the floor had locked at the starting balance on ' +
        '11/10/2026 (program EVAL50K v3).',
    );
    expect(rule).toMatchObject({ standing: 'breached', decisive: true, date: '20261118' });
    expect(rule.figures).toMatchObject({ floor: 48_000, trough: 47_912.5, below: 87.5 });
    expect(explanation).toMatchObject({ status: 'failed', decisiveRuleId: 'drawdown' });
    expect(explanation.headline).toBe(rule.sentence);
  });

  it('touching the floor is not a breach, and says so', () => {
    const { rule, explanation } = only(
      [drawdown({ maxDrawdown: 2_000, resetType: 'daily-highs', lockOffset: 0 })],
      [
        day('20261110', { AcctBal: 52_000, NetPnl: 2_000, HighPnl: 2_000, LowPnl: 0 }),
        day('20261111', { AcctBal: 51_000, NetPnl: -1_000, HighPnl: 0, LowPnl: -2_000 }),
      ],
    );

    expect(explanation.status).toBe('active');
    expect(rule.standing).not.toBe('breached');
    expect(rule.sentence).toContain(
      "The day's lowest balance $50,000.00 touched the floor; touching is not a breach.",
    );
    expect(rule.sentence).toContain('the floor locked at the starting balance on 11/10/2026');
    expect(rule.figures).toMatchObject({ floor: 50_000, balance: 51_000, room: 1_000 });
  });

  it('end-of-day trailing without a lock: how far the floor trailed, and a breach one cent under', () => {
    const engine = engineWith([drawdown({ maxDrawdown: 2_000, resetType: 'eod' })]);
    const up = day('20261102', { AcctBal: 50_500, NetPnl: 500, LowPnl: -100 });
    const ok = explainRun(engine, [up]).explanation.rules[0]!;
    expect(ok.sentence).toBe(
      'Trailing drawdown: ok on 11/02/2026. Balance $50,500.00 is $2,000.00 above the floor of ' +
        '$48,500.00; $0.00 of the $2,000.00 allowed drawdown used (0%); the floor trailed from ' +
        '$48,000.00 to $48,500.00.',
    );

    const breached = explainRun(engine, [
      up,
      day('20261103', { AcctBal: 49_000, NetPnl: -1_500, LowPnl: -2_000.01 }),
    ]).explanation.rules[0]!;
    expect(breached.sentence).toBe(
      'Trailing drawdown: breached on 11/03/2026. Lowest intraday balance $48,499.99 was $0.01 ' +
        'below the floor of $48,500.00; the floor had trailed from $48,000.00 to $48,500.00.',
    );
  });

  it('warns at 80% of the drawdown used', () => {
    const { rule } = only(
      [drawdown({ maxDrawdown: 2_000, resetType: 'eod' })],
      [
        day('20261102', { AcctBal: 50_000, NetPnl: 0, LowPnl: 0 }),
        day('20261103', { AcctBal: 48_400, NetPnl: -1_600, LowPnl: -1_600 }),
      ],
    );

    expect(rule.standing).toBe('warning');
    expect(rule.sentence).toContain('warning on 11/03/2026');
    expect(rule.sentence).toContain('$1,600.00 of the $2,000.00 allowed drawdown used (80%)');
  });

  it('static: the floor never moves, with and without a breach', () => {
    const engine = engineWith([drawdown({ maxDrawdown: 2_000, resetType: 'static' })]);
    const days = [day('20261102', { AcctBal: 53_000, NetPnl: 3_000, HighPnl: 3_000, LowPnl: 0 })];
    expect(explainRun(engine, days).explanation.rules[0]!.sentence).toContain(
      'the floor is static at $48,000.00 (the starting balance less $2,000.00)',
    );
    const breached = explainRun(engine, [
      ...days,
      day('20261103', { AcctBal: 48_500, NetPnl: -4_500, LowPnl: -5_100 }),
    ]).explanation.rules[0]!;
    expect(breached.sentence).toBe(
      'Trailing drawdown: breached on 11/03/2026. Lowest intraday balance $47,900.00 was $100.00 ' +
        'below the floor of $48,000.00; the floor is static at $48,000.00 (the starting balance ' +
        'less $2,000.00).',
    );
  });

  it('intraday trailing with a lock above the start names the locked level', () => {
    const { rule } = only(
      [drawdown({ maxDrawdown: 2_000, resetType: 'daily-highs', lockOffset: 100 })],
      [
        day('20261102', { AcctBal: 52_500, NetPnl: 2_500, HighPnl: 2_600, LowPnl: 0 }),
        day('20261103', { AcctBal: 51_000, NetPnl: -1_500, HighPnl: 0, LowPnl: -1_500 }),
      ],
    );
    expect(rule.sentence).toContain('the floor locked at $50,100.00 on 11/02/2026');
  });

  it('trailing with the close: a close under the floor raised that day', () => {
    const { rule } = only(
      [drawdown({ maxDrawdown: 2_000, resetType: 'trailing' })],
      [day('20261102', { AcctBal: 48_900, NetPnl: -1_100, HighPnl: 1_000, LowPnl: -1_100 })],
    );
    expect(rule.sentence).toBe(
      'Trailing drawdown: breached on 11/02/2026. Closing balance $48,900.00 was $100.00 below ' +
        'the floor of $49,000.00, raised that day by the intraday high.',
    );
  });

  it('still reads a breach stored before the rule kept its figures', () => {
    const engine = engineWith([drawdown({ maxDrawdown: 2_000, resetType: 'eod' })]);
    const { state, conformances } = engine.evaluateHistory([
      day('20261102', { AcctBal: 47_000, NetPnl: -3_000, LowPnl: -3_000 }),
    ]);
    // Stored as version 1 did: every violation in one list, read back through the migration.
    const { violationLog: _log, version: _version, ...rest } = state;
    const old = engineStateSchema.parse({
      ...rest,
      version: 1,
      violations: conformances.flatMap((day) =>
        day.newViolations.map(({ details: _details, ...violation }) => violation),
      ),
    });
    const explanation = explainVerdict({ state: old, latest: conformances[0]! });
    expect(explanation.rules[0]!.sentence).toBe(
      'Trailing drawdown: breached on 11/02/2026. Drawdown $3,000.00 went beyond the $2,000.00 allowed.',
    );
  });
});

describe('daily loss explanation', () => {
  const rule = (kind?: 'fail' | 'pause'): RuleSpec => ({
    category: 'daily-loss',
    name: 'Daily loss',
    params: { maxDailyLoss: 1_000, kind },
  });

  it('hitting the limit exactly is a breach', () => {
    const { rule: explained, explanation } = only(
      [rule()],
      [day('20261029', { AcctBal: 49_500, NetPnl: -500, LowPnl: -1_000 })],
    );
    expect(explained.sentence).toBe(
      "Daily loss: breached on 10/29/2026. The day's loss of $1,000.00 reached the $1,000.00 limit (reaching the limit counts).",
    );
    expect(explanation).toMatchObject({ status: 'failed', decisiveRuleId: 'daily-loss' });
  });

  it('beyond the limit, the overshoot; one cent short, ok; 80%, a warning', () => {
    expect(
      only([rule()], [day('20261029', { AcctBal: 48_900, NetPnl: -1_100, LowPnl: -1_100 })]).rule
        .sentence,
    ).toBe(
      "Daily loss: breached on 10/29/2026. The day's loss of $1,100.00 was $100.00 beyond the $1,000.00 limit.",
    );
    const short = only(
      [rule()],
      [day('20261029', { AcctBal: 49_500, NetPnl: -500, LowPnl: -999.99 })],
    );
    expect(short.rule.standing).toBe('warning');
    expect(short.rule.sentence).toBe(
      "Daily loss: warning on 10/29/2026. The day's worst loss $999.99 is 100% of the $1,000.00 limit.",
    );
    const calm = only([rule()], [day('20261029', { AcctBal: 49_700, NetPnl: -300, LowPnl: -300 })]);
    expect(calm.rule).toMatchObject({ standing: 'ok', figures: { loss: 300, limit: 1_000 } });
    expect(calm.rule.sentence).toContain('$300.00 is 30% of the $1,000.00 limit');
  });

  it('a pause rule reports the paused day and does not fail the account', () => {
    const { rule: explained, explanation } = only(
      [rule('pause')],
      [day('20261029', { AcctBal: 48_800, NetPnl: -1_200, LowPnl: -1_200 })],
    );
    expect(explanation.status).toBe('active');
    expect(explained.standing).toBe('warning');
    expect(explained.sentence).toContain('limit reached on 10/29/2026, trading paused for the day');
  });
});

describe('benchmark explanations', () => {
  const benchmarks: RuleSpec[] = [
    {
      category: 'profit-target',
      name: 'Profit target',
      params: { target: 3_000, type: 'absolute' },
    },
    { category: 'trading-days', name: 'Trading days', params: { minDays: 5 } },
    {
      category: 'consistency',
      name: 'Consistency',
      params: { minConsistency: 0.4, period: 'daily' },
    },
  ];

  it('says what is still missing (the issue example)', () => {
    const { explanation } = only(benchmarks, [
      day('20261102', { AcctBal: 51_086, NetPnl: 1_086 }),
      day('20261103', { AcctBal: 51_786, NetPnl: 700 }),
      day('20261104', { AcctBal: 52_360, NetPnl: 574 }),
    ]);
    const byId = Object.fromEntries(explanation.rules.map((rule) => [rule.ruleId, rule]));
    expect(explanation.headline).toBe(
      'Active: $640.00 and 2 trading days to go; best day is 46% of profit, must be under 40%.',
    );
    expect(byId['profit-target']!.sentence).toBe(
      'Profit target: $640.00 to go. Profit $2,360.00 of the $3,000.00 target.',
    );
    expect(byId['trading-days']!.sentence).toBe(
      'Trading days: 2 trading days to go. 3 of 5 trading days.',
    );
    // 1,086 / 0.4 = 2,715: the profit must pass it, $355.01 more without a bigger day.
    expect(byId['consistency']!.sentence).toBe(
      'Consistency: best day is 46% of profit, must be under 40%. $355.01 more profit without a ' +
        'bigger day brings it under.',
    );
    expect(byId['consistency']!.figures).toMatchObject({
      bestPeriod: 1_086,
      total: 2_360,
      profitNeeded: 355.01,
    });
    expect(explanation.rules.map((rule) => rule.standing)).toEqual([
      'missing',
      'missing',
      'missing',
    ]);
  });

  it('met benchmarks, and exactly 40% is not under 40%', () => {
    const met = only(benchmarks, [
      day('20261102', { AcctBal: 50_800, NetPnl: 800 }),
      day('20261103', { AcctBal: 51_600, NetPnl: 800 }),
      day('20261104', { AcctBal: 52_400, NetPnl: 800 }),
      day('20261105', { AcctBal: 53_000, NetPnl: 600 }),
      day('20261106', { AcctBal: 53_000, NetPnl: 0 }),
    ]).explanation;
    expect(met.status).toBe('passed');
    expect(met.headline).toBe('Passed on 11/06/2026: every benchmark met.');
    expect(met.rules.map((rule) => rule.sentence)).toEqual([
      'Profit target: met. Profit $3,000.00 reached the $3,000.00 target.',
      'Trading days: met. 5 of 5 trading days.',
      'Consistency: met. Best day $800.00 is 26.7% of the profit $3,000.00, under 40%.',
    ]);

    const boundary = only(
      [benchmarks[2]!],
      [
        day('20261102', { AcctBal: 50_400, NetPnl: 400 }),
        day('20261103', { AcctBal: 51_000, NetPnl: 600 }),
      ],
    ).rule;
    expect(boundary.standing).toBe('missing');
    expect(boundary.sentence).toContain('best day is 60% of profit, must be under 40%');
    const exactly = only(
      [benchmarks[2]!],
      [
        day('20261102', { AcctBal: 50_400, NetPnl: 400 }),
        day('20261103', { AcctBal: 50_700, NetPnl: 300 }),
        day('20261104', { AcctBal: 51_000, NetPnl: 300 }),
      ],
    ).rule;
    expect(exactly).toMatchObject({ standing: 'missing', figures: { ratio: 0.4 } });
  });

  it('a loss says how far below the start the balance is', () => {
    const { rule } = only(
      [benchmarks[0]!],
      [day('20261102', { AcctBal: 49_054.44, NetPnl: -945.56 })],
    );
    expect(rule.sentence).toBe(
      'Profit target: $3,945.56 to go. The balance is $945.56 below the start; the target is $3,000.00.',
    );
  });

  it('no profit yet', () => {
    const { rule } = only([benchmarks[2]!], [day('20261102', { AcctBal: 49_900, NetPnl: -100 })]);
    expect(rule.sentence).toBe(
      'Consistency: no profit yet; the best day must stay under 40% of the profit.',
    );
  });
});

describe('inactivity explanation', () => {
  const inactivity: RuleSpec = {
    category: 'inactivity',
    name: 'Inactivity',
    params: { maxInactiveDays: 5 },
  };

  it('counts the idle days from the last trading day; the limit itself is allowed', () => {
    const atLimit = only(
      [inactivity],
      [
        day('20261102', { AcctBal: 50_000, NetPnl: 0 }),
        day('20261107', { AcctBal: 50_000, NetPnl: 0, Trades: 0 }),
      ],
    ).rule;
    expect(atLimit).toMatchObject({
      standing: 'ok',
      figures: { idleDays: 5, lastTradingDate: '20261102' },
    });
    expect(atLimit.sentence).toBe(
      'Inactivity: ok on 11/07/2026. 5 days since the last trading day 11/02/2026; at most 5 allowed.',
    );
    const over = only(
      [inactivity],
      [
        day('20261102', { AcctBal: 50_000, NetPnl: 0 }),
        day('20261108', { AcctBal: 50_000, NetPnl: 0, Trades: 0 }),
      ],
    );
    expect(over.rule.sentence).toBe(
      'Inactivity: breached on 11/08/2026. 6 calendar days without a trade, more than the 5 allowed.',
    );
    expect(over.explanation.status).toBe('failed');
  });
});

describe('fill-based explanations', () => {
  it('trading hours: the fills outside the window, on the rule’s clock', () => {
    const { rule } = only(
      [
        {
          category: 'trading-hours',
          name: 'Trading hours',
          params: { openTime: '08:30', closeTime: '15:10', timezone: 'America/Chicago' },
        },
      ],
      [
        day(
          '20261118',
          { AcctBal: 50_000, NetPnl: 0 },
          {
            fills: [
              fill('2026-11-18T15:09:59.999-06:00', 'ESZ6', 'B'),
              fill('2026-11-18T21:10:00.000Z', 'ESZ6', 'S'),
              fill('2026-11-18T21:12:04.000Z', 'NQZ6', 'B'),
            ],
          },
        ),
      ],
    );
    expect(rule.sentence).toBe(
      'Trading hours: breached on 11/18/2026. 2 fills outside the 08:30–15:10 window ' +
        '(America/Chicago): ESZ6 at 15:10:00, NQZ6 at 15:12:04.',
    );
    expect(rule.fills.map((entry) => [entry.symbol, entry.localTime, entry.timeZone])).toEqual([
      ['ESZ6', '15:10:00', 'America/Chicago'],
      ['NQZ6', '15:12:04', 'America/Chicago'],
    ]);
  });

  it('news: each fill with the event it was near and how long before or after', () => {
    const { rule } = only(
      [
        {
          category: 'news-trading',
          name: 'News trading',
          params: {
            bufferMinutes: 2,
            newsEvents: [{ title: 'CPI', date: '2026-11-18', time: '08:30', timezone: 'Eastern' }],
          },
        },
      ],
      [
        day(
          '20261118',
          { AcctBal: 50_000, NetPnl: 0 },
          {
            fills: [
              fill('2026-11-18T13:27:59.000Z', 'ESZ6', 'B'),
              fill('2026-11-18T13:28:00.000Z', 'ESZ6', 'B'),
              fill('2026-11-18T13:31:00.000Z', 'ESZ6', 'S', 2),
            ],
          },
        ),
      ],
    );
    expect(rule.sentence).toBe(
      'News trading: breached on 11/18/2026. 2 fills within 2 minutes of CPI: ESZ6 at 08:28:00 ' +
        'Eastern, 2 min before CPI (08:30); ESZ6 at 08:31:00 Eastern, 1 min after CPI (08:30).',
    );
  });

  it('instruments: the offending symbols, the allowed roots and the fills on the program clock', () => {
    const { rule } = only(
      [
        {
          category: 'instruments',
          name: 'Instruments',
          params: { allowedInstruments: ['ES', 'NQ'] },
        },
      ],
      [
        day(
          '20261118',
          { AcctBal: 50_000, NetPnl: 0 },
          {
            fills: [
              fill('2026-11-18T15:00:00.000Z', 'ESZ6', 'B'),
              fill('2026-11-18T15:02:00.000Z', 'CLF7', 'B'),
              fill('2026-11-18T15:05:00.000Z', 'CLF7', 'S'),
            ],
          },
        ),
      ],
      { timeZone: 'America/New_York' },
    );
    expect(rule.sentence).toBe(
      'Instruments: breached on 11/18/2026. 2 fills in CLF7 not allowed (allowed: ES, NQ): CLF7 ' +
        'at 10:02:00, CLF7 at 10:05:00 (America/New_York).',
    );
  });

  it('position size: the peak, when, and the limit (at the limit is allowed)', () => {
    const size: RuleSpec = {
      category: 'position-size',
      name: 'Position size',
      params: { maxPositionSize: 2 },
    };
    const { rule } = only(
      [size],
      [
        day(
          '20261118',
          { AcctBal: 50_000, NetPnl: 0 },
          {
            fills: [
              fill('2026-11-18T15:00:00.000Z', 'ESZ6', 'B', 2),
              fill('2026-11-18T15:01:05.000Z', 'ESZ6', 'B', 1),
              fill('2026-11-18T15:02:00.000Z', 'ESZ6', 'S', 3),
            ],
          },
        ),
      ],
      { timeZone: 'America/Chicago' },
    );
    expect(rule.sentence).toBe(
      'Position size: breached on 11/18/2026. Position reached 3 contracts at 09:01:05 ' +
        '(America/Chicago) with a fill in ESZ6, above the limit of 2.',
    );
    const atLimit = only(
      [size],
      [
        day(
          '20261118',
          { AcctBal: 50_000, NetPnl: 0 },
          { fills: [fill('2026-11-18T15:00:00Z', 'ESZ6', 'B', 2)] },
        ),
      ],
    ).rule;
    expect(atLimit).toMatchObject({
      standing: 'ok',
      sentence: 'Position size: ok. No breach in 1 judged day.',
    });
  });

  it('overnight: what stayed open after the last fill, and the close time', () => {
    const { rule } = only(
      [{ category: 'overnight-holding', name: 'Overnight', params: { closeTime: '15:10' } }],
      [
        day(
          '20261118',
          { AcctBal: 50_000, NetPnl: 0 },
          {
            fills: [
              fill('2026-11-18T15:00:00.000Z', 'ESZ6', 'B', 2),
              fill('2026-11-18T20:59:00.000Z', 'NQZ6', 'S', 1),
            ],
          },
        ),
      ],
      { timeZone: 'America/Chicago' },
    );
    expect(rule.sentence).toBe(
      "Overnight: breached on 11/18/2026. 3 contracts left open after the day's last fill at " +
        '14:59:00 (America/Chicago): ESZ6 long 2, NQZ6 short 1; positions must be flat by 15:10.',
    );
  });
});

describe('verdict order and path', () => {
  it('puts the decisive rule first, then breached, warning, missing, ok', () => {
    const { explanation } = explainRun(
      engineWith([
        {
          category: 'profit-target',
          name: 'Profit target',
          params: { target: 3_000, type: 'absolute' },
        },
        { category: 'inactivity', name: 'Inactivity', params: { maxInactiveDays: 5 } },
        { category: 'daily-loss', name: 'Daily loss', params: { maxDailyLoss: 1_000 } },
        drawdown({ maxDrawdown: 2_000, resetType: 'eod' }),
      ]),
      [
        day('20261102', { AcctBal: 50_000, NetPnl: 0 }),
        day('20261103', { AcctBal: 48_600, NetPnl: -1_400, LowPnl: -2_100 }),
      ],
    );
    expect(explanation.rules.map((rule) => [rule.ruleId, rule.standing, rule.decisive])).toEqual([
      ['daily-loss', 'breached', true],
      ['drawdown', 'breached', false],
      ['profit-target', 'missing', false],
      ['inactivity', 'ok', false],
    ]);
  });

  it('draws the floor as it trailed and locked, the target, markers and daily loss', () => {
    const { path } = explainRun(
      engineWith([
        drawdown({ maxDrawdown: 2_000, resetType: 'daily-highs', lockOffset: 0 }),
        { category: 'daily-loss', name: 'Daily loss', params: { maxDailyLoss: 1_000 } },
        {
          category: 'profit-target',
          name: 'Profit target',
          params: { target: 3_000, type: 'absolute' },
        },
      ]),
      [
        day('20261102', { AcctBal: 51_000, NetPnl: 1_000, HighPnl: 1_000, LowPnl: 0 }),
        day('20261103', { AcctBal: 52_500, NetPnl: 1_500, HighPnl: 1_500, LowPnl: 0 }),
        day('20261104', { AcctBal: 51_700, NetPnl: -800, HighPnl: 0, LowPnl: -850 }),
        day('20261105', { AcctBal: 49_900, NetPnl: -1_800, HighPnl: 0, LowPnl: -1_900 }),
      ],
    );
    expect(
      path.map((entry) => [
        entry.date,
        entry.floor,
        entry.floorAfter,
        entry.locked,
        entry.lockedToday,
      ]),
    ).toEqual([
      ['20261102', 48_000, 49_000, false, false],
      ['20261103', 49_000, 50_000, true, true],
      ['20261104', 50_000, 50_000, true, false],
      ['20261105', 50_000, 50_000, true, false],
    ]);
    expect(path.map((entry) => entry.low)).toEqual([50_000, 51_000, 51_650, 49_800]);
    expect(path.every((entry) => entry.target === 53_000)).toBe(true);
    expect(path.map((entry) => entry.marker)).toEqual([null, null, 'warning', 'breach']);
    expect(path[2]!.dailyLoss).toEqual({ loss: 850, limit: 1_000, breached: false, warning: true });
    expect(path[3]!.breaches).toEqual(['Trailing drawdown', 'Daily loss']);
  });
});
