import type { DayFill, DayInput, DayTrade, RuleDefinition } from '@shared/rules';
import { ruleDefinitionSchema } from '@shared/rules';
import { phaseSchema, type Phase } from '@shared/programs/program';

/**
 * Deterministic data for the rules-engine bench: a phase with one rule of ten categories and, per
 * account, 60 trading days of broker performance rows, ~20 fills and ~10 closed trades a day.
 */

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const rule = (
  ruleId: string,
  category: string,
  testParameters: Record<string, unknown>,
): RuleDefinition =>
  ruleDefinitionSchema.parse({
    ruleId,
    name: ruleId.replaceAll('-', ' '),
    description: `Bench ${category} rule`,
    category,
    action: { type: 'termination', description: 'Fails the account' },
    testClassName: 'BenchRule',
    testParameters,
    successMessage: 'Within limits: {actual} (limit {target})',
    failureMessage: 'Rule broken: {actual} against {target}',
  });

export const benchDefinitions: RuleDefinition[] = [
  rule('max-drawdown', 'drawdown', { maxDrawdown: 2500, resetType: 'eod', lockOffset: 100 }),
  rule('daily-loss', 'daily-loss', { maxDailyLoss: 1100 }),
  rule('consistency', 'consistency', { minConsistency: 0.4, period: 'daily' }),
  rule('profit-target', 'profit-target', { target: 6, type: 'percentage' }),
  rule('trading-days', 'trading-days', { minDays: 7, requireProfit: true, minProfit: 50 }),
  rule('instruments', 'instruments', { allowedInstruments: ['ES', 'NQ', 'MES', 'MNQ', 'GC'] }),
  rule('trading-hours', 'trading-hours', {
    openTime: '17:00',
    closeTime: '15:10',
    timezone: 'America/Chicago',
  }),
  rule('news', 'news-trading', {
    bufferMinutes: 2,
    newsEvents: Array.from({ length: 12 }, (_, index) => ({
      title: `Release ${index + 1}`,
      date: `2026-${String(1 + Math.floor(index / 4)).padStart(2, '0')}-${String(6 + (index % 4) * 5).padStart(2, '0')}`,
      time: '08:30',
      timezone: 'Eastern',
      instruments: index % 2 ? ['ES', 'NQ'] : [],
    })),
  }),
  rule('position-size', 'position-size', {
    maxPositionSize: 10,
    instruments: [{ symbol: 'MES', positionFactor: 0.1 }],
  }),
  rule('overnight', 'overnight-holding', { allowedInstruments: ['GC'], closeTime: '15:10' }),
];

export const benchPhase: Phase = phaseSchema.parse({
  phaseId: 'evaluation-1',
  phaseName: 'Evaluation',
  type: 'evaluation',
  accountSize: 50_000,
  startingBalance: 50_000,
  rules: {
    programId: 'BENCH',
    phaseId: 'evaluation-1',
    rules: benchDefinitions.map((definition, index) => ({
      ruleId: definition.ruleId,
      priority: 10 * (index + 1),
    })),
  },
});

/** Weekdays from Monday 5 January 2026, as YYYYMMDD, with their epoch milliseconds at midnight UTC. */
function tradingDates(count: number): Array<{ date: string; midnight: number }> {
  const dates: Array<{ date: string; midnight: number }> = [];
  for (let time = Date.UTC(2026, 0, 5); dates.length < count; time += 86_400_000) {
    const weekday = new Date(time).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    dates.push({
      date: new Date(time).toISOString().slice(0, 10).replaceAll('-', ''),
      midnight: time,
    });
  }
  return dates;
}

const DAYS = tradingDates(60);
const SYMBOLS = ['ESH6', 'NQH6', 'MESH6', 'MNQH6', 'GCJ6'];
/** Not allowed by the instruments rule: traded rarely, so most accounts live through the 60 days. */
const FORBIDDEN_SYMBOL = 'CLH6';
const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));
const pad3 = (value: number) =>
  value < 10 ? `00${value}` : value < 100 ? `0${value}` : String(value);

/** An instant written the way the broker does, in Central standard time (January–February). */
function centralTime(instant: number): string {
  const local = new Date(instant - 6 * 3_600_000);
  return (
    `${local.getUTCFullYear()}-${pad2(local.getUTCMonth() + 1)}-${pad2(local.getUTCDate())}` +
    `T${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}:${pad2(local.getUTCSeconds())}` +
    `.${pad3(local.getUTCMilliseconds())}-06:00`
  );
}

const toDollars = (cents: number) => cents / 100;

/**
 * Gives the fill times the form they have after CSV parsing (slices of one line) rather than the
 * concatenation trees string building leaves, which V8 must flatten on first read.
 */
function asParsedText(fills: DayFill[]): void {
  const times = fills
    .map((fill) => fill.FillTime)
    .join(',')
    .split(',');
  fills.forEach((fill, index) => {
    fill.FillTime = times[index]!;
  });
}

/** One account's 60 days: a random walk of balances with round-trip fills in a few symbols. */
export function accountDays(account: number): DayInput[] {
  const random = seededRandom(0x5eed + account);
  const days: DayInput[] = [];
  let balanceCents = 5_000_000;
  const drift = (random() - 0.45) * 8_000;
  for (const { date, midnight } of DAYS) {
    const trading = random() > 0.1;
    const netCents = trading ? Math.round(drift + (random() - 0.5) * 90_000) : 0;
    balanceCents += netCents;
    const fills: DayFill[] = [];
    const trades: DayTrade[] = [];
    if (trading) {
      // Session from 08:30 Central (14:30 UTC), a round trip every ~20 minutes; rarely overnight.
      let time = midnight + 14.5 * 3_600_000 + Math.floor(random() * 600_000);
      for (let trip = 0; trip < 10; trip += 1) {
        const symbol =
          random() < 0.0005
            ? FORBIDDEN_SYMBOL
            : SYMBOLS[Math.floor(random() ** 2 * SYMBOLS.length)]!;
        const size = 1 + Math.floor(random() * (symbol.startsWith('M') ? 12 : 4));
        const side = random() < 0.5 ? 'B' : 'S';
        fills.push({ FillTime: centralTime(time), Symbol: symbol, Side: side, FillSize: size });
        time += 60_000 + Math.floor(random() * 1_200_000);
        const closes = trip < 9 || random() > 0.002;
        if (closes) {
          const exit = side === 'B' ? 'S' : 'B';
          fills.push({ FillTime: centralTime(time), Symbol: symbol, Side: exit, FillSize: size });
        }
        trades.push({ Symbol: symbol, Pnl: toDollars(Math.round((random() - 0.48) * 40_000)) });
      }
    }
    asParsedText(fills);
    const swing = Math.round(random() * 60_000);
    days.push({
      date,
      performance: {
        AcctBal: toDollars(balanceCents),
        NetPnl: toDollars(netCents),
        ClosedPnl: toDollars(netCents),
        HighPnl: toDollars(Math.max(netCents, 0) + swing),
        LowPnl: toDollars(Math.min(netCents, 0) - Math.round(random() * 60_000)),
        Trades: trades.length,
        WinTrades: trades.filter((trade) => (trade.Pnl ?? 0) > 0).length,
        LoserTrades: trades.filter((trade) => (trade.Pnl ?? 0) < 0).length,
      },
      fills,
      trades,
    });
  }
  return days;
}
