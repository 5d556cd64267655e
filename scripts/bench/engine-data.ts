import type { DayFill, DayInput, DayTrade, RuleDefinition } from '@shared/rules';
import { ruleDefinitionSchema } from '@shared/rules';
import { phaseSchema, type Phase } from '@shared/programs/program';

/**
 * Deterministic data for the rules-engine bench: a phase with one rule of ten categories and, per
 * account, 60 trading dates of broker performance rows, ~20 fills and ~10 closed trades a trading day,
 * traded so that the accounts end passed, active or failed in about the demo data's proportions.
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

/** A standard normal draw (Box–Muller) from the seeded stream. */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/**
 * How an account trades, drawn like the demo data's personas (scripts/demo-data/population.ts): most
 * traders keep to their limits and drift up, flat or down; one in five is reckless (twice the size,
 * two and a half times the swing, now and then a forbidden symbol or an oversized order). So the 60
 * days end with a mix of passed, still active and failed accounts, and the engine judges all three.
 */
interface Style {
  /** Expected and typical net P&L of a trading day, in cents. */
  meanCents: number;
  deviationCents: number;
  /** Largest order in standard contracts (micros trade five times as many). */
  maxSize: number;
  /** Chance that a round trip is in the symbol the instruments rule forbids. */
  forbiddenChance: number;
  /** Chance that a round trip is several times the usual size. */
  oversizeChance: number;
  /** Chance that the day's last round trip stays open overnight. */
  overnightChance: number;
  /** Chance of trading on a given date. */
  activity: number;
  /** A disciplined trader's loss at which the day stops (the bench's daily loss limit is $1,100). */
  stopCents: number | null;
}

function drawStyle(random: () => number): Style {
  const draw = random();
  const persona = draw < 0.3 ? 'steady' : draw < 0.8 ? 'breakeven' : 'reckless';
  const reckless = persona === 'reckless';
  const deviationCents = Math.round(5_000_000 * (0.003 + random() * 0.005));
  const edge =
    persona === 'steady'
      ? 0.15 + random() * 0.3
      : persona === 'breakeven'
        ? -0.12 + random() * 0.24
        : -0.35 + random() * 0.35;
  return {
    meanCents: Math.round(deviationCents * edge * (reckless ? 2.5 : 1)),
    deviationCents: Math.round(deviationCents * (reckless ? 2.5 : 1)),
    maxSize: (1 + Math.floor(random() * 3)) * (reckless ? 2 : 1),
    forbiddenChance: reckless ? 0.002 : 0.00003,
    oversizeChance: reckless ? 0.004 : 0,
    overnightChance: reckless ? 0.01 : 0.0003,
    stopCents: reckless ? null : 60_000,
    activity: 0.7 + random() * 0.25,
  };
}

/** One account's 60 days: a random walk of balances with round-trip fills in a few symbols. */
export function accountDays(account: number): DayInput[] {
  const random = seededRandom(0x5eed + account);
  const style = drawStyle(random);
  const days: DayInput[] = [];
  let balanceCents = 5_000_000;
  for (const { date, midnight } of DAYS) {
    const trading = random() < style.activity;
    const drawn = trading ? Math.round(style.meanCents + normal(random) * style.deviationCents) : 0;
    const netCents = style.stopCents === null ? drawn : Math.max(drawn, -style.stopCents);
    balanceCents += netCents;
    const fills: DayFill[] = [];
    const trades: DayTrade[] = [];
    if (trading) {
      // Session from 08:30 Central (14:30 UTC), a round trip every ~20 minutes; rarely overnight.
      let time = midnight + 14.5 * 3_600_000 + Math.floor(random() * 600_000);
      const trips = 8 + Math.floor(random() * 5);
      // The trips' P&L: an even share of the day's net each, give or take; the last one makes it up.
      let closedCents = 0;
      for (let trip = 0; trip < trips; trip += 1) {
        const symbol =
          random() < style.forbiddenChance
            ? FORBIDDEN_SYMBOL
            : SYMBOLS[Math.floor(random() ** 2 * SYMBOLS.length)]!;
        const contracts =
          (1 + Math.floor(random() * style.maxSize)) * (random() < style.oversizeChance ? 4 : 1);
        const size = symbol.startsWith('ME') ? 5 * contracts : contracts;
        const side = random() < 0.5 ? 'B' : 'S';
        fills.push({ FillTime: centralTime(time), Symbol: symbol, Side: side, FillSize: size });
        time += 60_000 + Math.floor(random() * 1_200_000);
        const closes = trip < trips - 1 || random() > style.overnightChance;
        if (closes) {
          const exit = side === 'B' ? 'S' : 'B';
          fills.push({ FillTime: centralTime(time), Symbol: symbol, Side: exit, FillSize: size });
        }
        const pnlCents =
          trip === trips - 1
            ? netCents - closedCents
            : Math.round(netCents / trips + (random() - 0.5) * style.deviationCents * 0.6);
        closedCents += pnlCents;
        trades.push({ Symbol: symbol, Pnl: toDollars(pnlCents) });
      }
    }
    asParsedText(fills);
    // The day's extremes: beyond its close by a part of a typical swing.
    const rise = Math.round(Math.abs(normal(random)) * style.deviationCents * 0.5);
    const drawnDip = Math.round(Math.abs(normal(random)) * style.deviationCents * 0.5);
    // A stop order caps how deep a disciplined trader's day goes.
    const dip =
      style.stopCents === null
        ? drawnDip
        : Math.min(drawnDip, Math.max(0, 1.6 * style.stopCents + Math.min(netCents, 0)));
    days.push({
      date,
      performance: {
        AcctBal: toDollars(balanceCents),
        NetPnl: toDollars(netCents),
        ClosedPnl: toDollars(netCents),
        HighPnl: toDollars(Math.max(netCents, 0) + rise),
        LowPnl: toDollars(Math.min(netCents, 0) - dip),
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
