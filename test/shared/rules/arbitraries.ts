import fc from 'fast-check';
import type { DayInput } from '@shared/rules';
import type { RuleSpec } from './fixtures';

/** Random broker histories and phases for the engine's property tests. */

export const START = 5_000_000; // 50,000.00 in cents

export interface DaySketch {
  netCents: number;
  highExtraCents: number;
  lowExtraCents: number;
  trades: number;
  reportsExtremes: boolean;
  gapDays: number;
  fills: Array<{ minute: number; symbol: string; buy: boolean; size: number }>;
}

export const daySketch: fc.Arbitrary<DaySketch> = fc.record({
  netCents: fc.integer({ min: -150_000, max: 150_000 }),
  highExtraCents: fc.integer({ min: 0, max: 120_000 }),
  lowExtraCents: fc.integer({ min: 0, max: 120_000 }),
  trades: fc.integer({ min: 0, max: 6 }),
  reportsExtremes: fc.boolean(),
  gapDays: fc.integer({ min: 1, max: 4 }),
  fills: fc.array(
    fc.record({
      minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
      symbol: fc.constantFrom('ESH6', 'MESH6', 'NQH6', 'CLH6'),
      buy: fc.boolean(),
      size: fc.integer({ min: 1, max: 5 }),
    }),
    { maxLength: 6 },
  ),
});

const pad = (value: number) => String(value).padStart(2, '0');

/** Broker days from sketches: consecutive calendar dates with gaps, balances exact in cents. */
export function toDays(sketches: DaySketch[]): DayInput[] {
  let balance = START;
  let time = Date.UTC(2026, 0, 5);
  return sketches.map((sketch) => {
    balance += sketch.netCents;
    const date = new Date(time).toISOString().slice(0, 10);
    time += sketch.gapDays * 86_400_000;
    const fills = sketch.fills.map((fill) => ({
      FillTime: `${date}T${pad(Math.floor(fill.minute / 60))}:${pad(fill.minute % 60)}:00.000-06:00`,
      Symbol: fill.symbol,
      Side: fill.buy ? ('B' as const) : ('S' as const),
      FillSize: fill.size,
    }));
    return {
      date: date.replaceAll('-', ''),
      performance: {
        AcctBal: balance / 100,
        NetPnl: sketch.netCents / 100,
        Trades: sketch.trades,
        ...(sketch.reportsExtremes
          ? {
              HighPnl: (Math.max(sketch.netCents, 0) + sketch.highExtraCents) / 100,
              LowPnl: (Math.min(sketch.netCents, 0) - sketch.lowExtraCents) / 100,
            }
          : {}),
      },
      fills,
      trades: [],
    };
  });
}

export const history = fc.array(daySketch, { minLength: 1, maxLength: 30 });

export const drawdownSpec = fc.record({
  maxDrawdown: fc.integer({ min: 200, max: 4000 }),
  resetType: fc.constantFrom('static', 'eod', 'daily-highs', 'trailing'),
  lockOffset: fc.option(fc.integer({ min: 0, max: 1500 }), { nil: undefined }),
});

/** A phase with one rule of every category, parameters drawn at random. */
export const fullPhase: fc.Arbitrary<RuleSpec[]> = fc
  .record({
    drawdown: drawdownSpec,
    maxDailyLoss: fc.integer({ min: 300, max: 2000 }),
    pause: fc.boolean(),
    minConsistency: fc.integer({ min: 10, max: 90 }).map((percent) => percent / 100),
    period: fc.constantFrom('daily', 'weekly', 'monthly'),
    target: fc.integer({ min: 500, max: 6000 }),
    minDays: fc.integer({ min: 1, max: 10 }),
  })
  .map((draw) => [
    { category: 'drawdown', params: draw.drawdown },
    {
      category: 'daily-loss',
      params: { maxDailyLoss: draw.maxDailyLoss, kind: draw.pause ? 'pause' : 'fail' },
    },
    {
      category: 'consistency',
      params: { minConsistency: draw.minConsistency, period: draw.period },
    },
    { category: 'profit-target', params: { target: draw.target, type: 'absolute' } },
    { category: 'trading-days', params: { minDays: draw.minDays } },
    { category: 'instruments', params: { allowedInstruments: ['ES', 'MES', 'NQ'] } },
    {
      category: 'trading-hours',
      params: { openTime: '17:00', closeTime: '15:10', timezone: 'America/Chicago' },
    },
    {
      category: 'news-trading',
      params: { bufferMinutes: 10, newsEvents: [{ date: '2026-01-09', time: '08:30' }] },
    },
    {
      category: 'position-size',
      params: {
        maxPositionSize: 6,
        accountPercentage: 0.5,
        instruments: [{ symbol: 'MES', positionFactor: 0.1 }],
      },
    },
    { category: 'overnight-holding', params: { allowedInstruments: ['NQ'], closeTime: '15:10' } },
    { category: 'inactivity', params: { maxInactiveDays: 6 } },
  ]);
