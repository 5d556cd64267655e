import {
  dayInputSchema,
  engineStateSchema,
  isRuleMultiday,
  ruleDefinitionSchema,
  ruleParametersSchemas,
} from '@shared/rules';
import { engineWith, day } from './fixtures';

const validRule = {
  ruleId: 'dd-1',
  name: 'Max Drawdown',
  description: 'Trailing drawdown',
  category: 'drawdown',
  action: { type: 'termination', description: 'Fails the account' },
  testClassName: 'DrawdownRule',
  testParameters: { maxDrawdown: 2000, resetType: 'eod' },
  successMessage: 'OK',
  failureMessage: 'Failed',
};

const issuesOf = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[] }> };
}) => result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('rule definition schema', () => {
  it('fills the spec defaults and the category’s type', () => {
    const rule = ruleDefinitionSchema.parse(validRule);

    expect(rule).toMatchObject({
      type: 'violation',
      enabled: true,
      isActive: true,
      priority: 1,
      version: '1.0.0',
      tags: [],
    });
    expect(rule.isMultiday).toBeUndefined();
  });

  it('accepts _id in place of ruleId', () => {
    const { ruleId: _ruleId, ...withoutId } = validRule;

    expect(ruleDefinitionSchema.parse({ ...withoutId, _id: 'legacy-7' }).ruleId).toBe('legacy-7');
    expect(issuesOf(ruleDefinitionSchema.safeParse(withoutId))).toEqual(['ruleId']);
  });

  it('requires the fields the rule form requires', () => {
    const result = ruleDefinitionSchema.safeParse({
      ...validRule,
      name: ' ',
      testClassName: '',
      action: { type: 'termination', description: '' },
    });

    expect(issuesOf(result).sort()).toEqual(['action.description', 'name', 'testClassName']);
  });

  it('refuses a type that contradicts the category', () => {
    const result = ruleDefinitionSchema.safeParse({ ...validRule, type: 'benchmark' });

    expect(issuesOf(result)).toEqual(['type']);
  });

  it('checks the test parameters against the category and reports them by name', () => {
    const result = ruleDefinitionSchema.safeParse({
      ...validRule,
      testParameters: { maxDrawdown: 2000.5, resetType: 'weekly' },
    });

    expect(issuesOf(result).sort()).toEqual([
      'testParameters.maxDrawdown',
      'testParameters.resetType',
    ]);
  });

  it('trims tags and drops empty and repeated ones', () => {
    expect(ruleDefinitionSchema.parse({ ...validRule, tags: [' a ', 'a', '', 'b'] }).tags).toEqual([
      'a',
      'b',
    ]);
  });

  it('bounds the rule priority to 1..100', () => {
    expect(ruleDefinitionSchema.safeParse({ ...validRule, priority: 0 }).success).toBe(false);
    expect(ruleDefinitionSchema.safeParse({ ...validRule, priority: 101 }).success).toBe(false);
  });
});

describe('rule parameter bounds (spec 001 §5)', () => {
  it.each([
    ['drawdown', { maxDrawdown: -1, resetType: 'eod' }],
    ['drawdown', { maxDrawdown: 2000, resetType: 'eod', lockOffset: -100 }],
    ['consistency', { minConsistency: 1.2, period: 'daily' }],
    ['consistency', { minConsistency: 0.4, period: 'yearly' }],
    ['profit-target', { target: -1, type: 'absolute' }],
    ['trading-days', { minDays: 0 }],
    ['trading-days', { minDays: 5, requireProfit: true }],
    ['trading-days', { minDays: 5, requireProfit: true, minProfit: 10.001 }],
    ['trading-hours', { openTime: '9:30', closeTime: '16:00', timezone: 'America/New_York' }],
    ['trading-hours', { openTime: '09:30', closeTime: '24:00', timezone: 'America/New_York' }],
    ['trading-hours', { openTime: '09:30', closeTime: '16:00', timezone: 'Nowhere/City' }],
    ['news-trading', { newsEvents: [], bufferMinutes: -5 }],
    ['news-trading', { newsEvents: [{ date: '2026-02-30', time: '08:30' }], bufferMinutes: 5 }],
    ['position-size', { maxPositionSize: 5, accountPercentage: 1.5 }],
    [
      'position-size',
      { maxPositionSize: 5, instruments: [{ symbol: 'MES', positionFactor: 0.05 }] },
    ],
    [
      'position-size',
      { maxPositionSize: 5, instruments: [{ symbol: 'MES', positionFactor: 0.15 }] },
    ],
    ['overnight-holding', { closeTime: 'late' }],
    ['inactivity', { maxInactiveDays: 31 }],
    ['daily-loss', { maxDailyLoss: 500, kind: 'warn' }],
    ['daily-loss', { maxDailyLoss: 0 }],
  ] as const)('%s rejects %j', (category, params) => {
    expect(ruleParametersSchemas[category].safeParse(params).success).toBe(false);
  });

  it('upper-cases symbols and reads a bare symbol as an allowed standard contract', () => {
    const parsed = ruleParametersSchemas.instruments.parse({
      allowedInstruments: ['es', { symbol: 'mes', positionFactor: 0.1, allowed: false }],
    });

    expect(parsed.allowedInstruments).toEqual([
      { symbol: 'ES', instrumentType: 'future', positionFactor: 1, allowed: true },
      { symbol: 'MES', instrumentType: 'future', positionFactor: 0.1, allowed: false },
    ]);
  });

  it('defaults news events to Eastern time and to every instrument', () => {
    const parsed = ruleParametersSchemas['news-trading'].parse({
      newsEvents: [{ date: '2026-03-06', time: '08:30' }],
      bufferMinutes: 30,
    });

    expect(parsed.newsEvents[0]).toEqual({
      title: '',
      date: '2026-03-06',
      time: '08:30',
      timezone: 'Eastern',
      instruments: [],
    });
  });
});

describe('isRuleMultiday (spec §4)', () => {
  it.each([
    [{ category: 'drawdown', name: 'Max DD' }, true],
    [{ category: 'daily-loss', name: 'Loss' }, false],
    [{ category: 'inactivity', name: 'Idle' }, false],
    [{ category: 'position-size', name: 'Daily  Loss' }, false],
    [{ category: 'daily-loss', name: 'Loss', isMultiday: true }, true],
    [{ category: 'drawdown', name: 'Max DD', isMultiday: false }, false],
  ] as const)('%j is multiday: %p', (rule, multiday) => {
    expect(isRuleMultiday(rule)).toBe(multiday);
  });
});

describe('day input schema', () => {
  it('accepts a broker day and defaults the fills and trades', () => {
    const parsed = dayInputSchema.parse({
      date: '20260302',
      performance: { AcctBal: 50_000, NetPnl: 0, Trades: 0 },
    });

    expect(parsed).toMatchObject({ fills: [], trades: [] });
  });

  it.each([
    [{ date: '2026-03-02' }],
    [{ fills: [{ FillTime: '2026-03-02 09:00', Symbol: 'ES', Side: 'B', FillSize: 1 }] }],
    [{ fills: [{ FillTime: '2026-03-02T09:00:00Z', Symbol: 'ES', Side: 'X', FillSize: 1 }] }],
    [{ fills: [{ FillTime: '2026-03-02T09:00:00Z', Symbol: 'ES', Side: 'B', FillSize: 0 }] }],
  ])('rejects %j', (change) => {
    const input = { date: '20260302', performance: null, ...change };

    expect(dayInputSchema.safeParse(input).success).toBe(false);
  });
});

describe('engine state schema', () => {
  it('accepts the state the engine stores', () => {
    const engine = engineWith([
      { category: 'drawdown', params: { maxDrawdown: 2000, resetType: 'eod' } },
      { category: 'consistency', params: { minConsistency: 0.4, period: 'weekly' } },
      { category: 'trading-days', params: { minDays: 3 } },
    ]);

    const { state } = engine.evaluateHistory([
      day('20260302', { AcctBal: 47_000, NetPnl: -3_000 }),
    ]);

    expect(engineStateSchema.parse(JSON.parse(JSON.stringify(state)))).toEqual(state);
  });
});
