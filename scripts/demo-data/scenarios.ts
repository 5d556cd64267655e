import type { Root } from './instruments';
import type { RithmicStatus } from './population';
import type { AccountLimits } from './programs';
import { consistencyMet, type Breach, type TrackerState } from './rule-tracker';

/**
 * Accounts with a scripted story, so that every seed shows each outcome the product must handle and
 * later tests can assert on known account ids. Amounts are the planned net P&L of each scripted day;
 * the generator redraws a day until the rules contract's arithmetic gives the intended outcome with
 * a margin (see `expectationHolds`).
 */

export type ScenarioName =
  | 'pass'
  | 'pass-daily-highs'
  | 'trailing-drawdown-bust'
  | 'eod-drawdown-bust'
  | 'daily-loss-breach'
  | 'consistency-miss'
  | 'close-to-passing'
  | 'trading-hours-breach'
  | 'inactive'
  | 'admin-only'
  | 'sim-funded'
  | 'live-funded'
  | 'demo'
  | 'payout-ready'
  | 'payout-not-ready';

export type Expectation = 'ok' | Breach;

export interface ScriptedDay {
  /** Index of the trading date: from the first date when ≥ 0, from the last when < 0 (−1 = last). */
  at: number;
  netDollars: number;
  expect: Expectation;
  /** One round trip after the 15:10 close of the trading-hours rule. */
  lateSession?: boolean;
  /** A condition on the account after the day, e.g. "passed". */
  after?: (state: TrackerState, limits: AccountLimits) => boolean;
}

export interface Scenario {
  name: ScenarioName;
  /** Fixed, so the account id (`<prefix>-<ordinal>`) is the same for every seed and size. */
  ordinal: number;
  /** The trader who holds it (1 = TR000001, the demo trader); by default the ordinal's turn. */
  traderNumber?: number;
  prefix: string;
  rithmicStatus: RithmicStatus;
  description: string;
  roots: readonly Root[];
  days: readonly ScriptedDay[];
  /** What the account does on the other dates: nothing, or trade like a disciplined trader. */
  otherDays: 'idle' | 'organic' | 'quiet';
  /** A condition every quiet day must keep. */
  quietKeeps?: (state: TrackerState, limits: AccountLimits) => boolean;
}

const profit = (state: TrackerState, limits: AccountLimits) =>
  state.balanceCents - limits.startingBalanceCents;

export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'pass',
    ordinal: 1,
    prefix: 'EVAL50K',
    rithmicStatus: 'Active',
    description:
      'Passes the 50K evaluation on the sixth date: target $3,000 reached, best day under 50%, ' +
      'five trading days; idle afterwards.',
    roots: ['ES', 'MNQ'],
    days: [
      { at: 0, netDollars: 700, expect: 'ok' },
      { at: 1, netDollars: -200, expect: 'ok' },
      { at: 2, netDollars: 800, expect: 'ok' },
      { at: 3, netDollars: 650, expect: 'ok' },
      { at: 4, netDollars: 720, expect: 'ok', after: (state) => !state.passed },
      { at: 5, netDollars: 680, expect: 'ok', after: (state) => state.passed },
    ],
    otherDays: 'idle',
  },
  {
    name: 'pass-daily-highs',
    ordinal: 2,
    prefix: 'EVAL150K',
    rithmicStatus: 'Active',
    description:
      'Passes the 150K evaluation (daily-highs drawdown) on the sixth date; idle afterwards.',
    roots: ['NQ', 'ES'],
    days: [
      { at: 0, netDollars: 2200, expect: 'ok' },
      { at: 1, netDollars: -600, expect: 'ok' },
      { at: 2, netDollars: 2400, expect: 'ok' },
      { at: 3, netDollars: 1900, expect: 'ok' },
      { at: 4, netDollars: 1800, expect: 'ok', after: (state) => !state.passed },
      { at: 5, netDollars: 2100, expect: 'ok', after: (state) => state.passed },
    ],
    otherDays: 'idle',
  },
  {
    name: 'trailing-drawdown-bust',
    ordinal: 3,
    prefix: 'EVAL100K',
    rithmicStatus: 'Active',
    description:
      'Busts the real-time trailing drawdown of the 100K evaluation on the third date while still ' +
      'above the starting floor; no daily loss breach. Admin Only from the next date.',
    roots: ['ES', 'NQ'],
    days: [
      { at: 0, netDollars: 2400, expect: 'ok' },
      { at: 1, netDollars: -1600, expect: 'ok' },
      { at: 2, netDollars: -1650, expect: 'drawdown' },
    ],
    otherDays: 'idle',
  },
  {
    name: 'eod-drawdown-bust',
    ordinal: 4,
    prefix: 'EVAL50K',
    rithmicStatus: 'Active',
    description:
      'Busts the end-of-day trailing drawdown of the 50K evaluation on the fourth date after three ' +
      'losing days, none of them a daily loss breach. Admin Only from the next date.',
    roots: ['MES', 'ES'],
    days: [
      { at: 0, netDollars: 1300, expect: 'ok' },
      { at: 1, netDollars: -750, expect: 'ok' },
      { at: 2, netDollars: -750, expect: 'ok' },
      { at: 3, netDollars: -750, expect: 'drawdown' },
    ],
    otherDays: 'idle',
  },
  {
    name: 'daily-loss-breach',
    ordinal: 5,
    prefix: 'EVAL50K',
    rithmicStatus: 'Active',
    description:
      'Breaches the $1,000 daily loss limit of the 50K evaluation on the second date, well above ' +
      'the drawdown floor. Admin Only from the next date.',
    roots: ['NQ'],
    days: [
      { at: 0, netDollars: 900, expect: 'ok' },
      { at: 1, netDollars: -1250, expect: 'daily-loss' },
    ],
    otherDays: 'idle',
  },
  {
    name: 'consistency-miss',
    ordinal: 6,
    prefix: 'EVAL50K',
    rithmicStatus: 'Active',
    description:
      'Reaches the $3,000 target with five trading days, but one day makes most of the profit, so ' +
      'the 50% consistency benchmark stays unmet and the phase is not passed.',
    roots: ['ES'],
    days: [
      { at: 0, netDollars: 250, expect: 'ok' },
      { at: 1, netDollars: 2600, expect: 'ok' },
      { at: 2, netDollars: 180, expect: 'ok' },
      { at: 3, netDollars: 150, expect: 'ok' },
      {
        at: 4,
        netDollars: 220,
        expect: 'ok',
        after: (state, limits) => stillMissesConsistency(state, limits),
      },
    ],
    otherDays: 'quiet',
    quietKeeps: (state, limits) => stillMissesConsistency(state, limits),
  },
  {
    name: 'close-to-passing',
    ordinal: 7,
    prefix: 'EVAL100K',
    rithmicStatus: 'Active',
    description:
      'Trades only on the last four dates and ends at 91–98% of the $6,000 target, consistent and ' +
      'far from its floor: a "close to passing" account on the dashboard.',
    roots: ['ES', 'NQ'],
    days: [
      { at: -4, netDollars: 1450, expect: 'ok' },
      { at: -3, netDollars: 1400, expect: 'ok' },
      { at: -2, netDollars: 1500, expect: 'ok' },
      {
        at: -1,
        netDollars: 1350,
        expect: 'ok',
        after: (state, limits) => {
          const progress = profit(state, limits) / (limits.profitTargetCents ?? 1);
          return progress >= 0.91 && progress <= 0.98;
        },
      },
    ],
    otherDays: 'idle',
  },
  {
    name: 'trading-hours-breach',
    ordinal: 8,
    prefix: 'EVAL150K',
    rithmicStatus: 'Active',
    description:
      'Trades after the 15:10 Central close of the trading-hours rule on the second date (the CME ' +
      'is still open). Admin Only from the next date.',
    roots: ['ES'],
    days: [
      { at: 0, netDollars: 400, expect: 'ok' },
      { at: 1, netDollars: 300, expect: 'trading-hours', lateSession: true },
    ],
    otherDays: 'idle',
  },
  {
    name: 'inactive',
    ordinal: 9,
    prefix: 'EVAL50K',
    rithmicStatus: 'Inactive',
    description: 'Broker status Inactive: listed every date, never trades, no daily performance.',
    roots: ['ES'],
    days: [],
    otherDays: 'idle',
  },
  {
    name: 'admin-only',
    ordinal: 10,
    prefix: 'EVAL100K',
    rithmicStatus: 'Admin Only',
    description: 'Broker status Admin Only from the start: daily performance without trades.',
    roots: ['ES'],
    days: [],
    otherDays: 'idle',
  },
  {
    name: 'sim-funded',
    ordinal: 11,
    prefix: 'SIMF100K',
    rithmicStatus: 'Active',
    description: 'A disciplined sim-funded trader: trades most dates, never breaches a hard rule.',
    roots: ['ES', 'NQ'],
    days: [],
    otherDays: 'organic',
  },
  {
    name: 'live-funded',
    ordinal: 12,
    prefix: 'LIVE100K',
    rithmicStatus: 'Active',
    description: 'A disciplined live-funded trader: trades most dates, never breaches a hard rule.',
    roots: ['CL', 'GC'],
    days: [],
    otherDays: 'organic',
  },
  {
    name: 'demo',
    ordinal: 13,
    prefix: 'DEMO50K',
    rithmicStatus: 'Active',
    description: 'A practice account on the demo program, trading micros.',
    roots: ['MES', 'MNQ'],
    days: [],
    otherDays: 'organic',
  },
  {
    name: 'payout-ready',
    ordinal: 14,
    traderNumber: 1,
    prefix: 'SIMF100K',
    rithmicStatus: 'Active',
    description:
      "The demo trader's sim-funded account that may ask for a payout: seven winning days of at " +
      'least $200 (five needed), no day above 30% of the profit, and over $2,000 above the ' +
      'starting balance plus the $1,000 buffer; idle afterwards.',
    roots: ['ES', 'MNQ'],
    days: [
      { at: 0, netDollars: 450, expect: 'ok' },
      { at: 1, netDollars: 520, expect: 'ok' },
      { at: 2, netDollars: -150, expect: 'ok' },
      { at: 3, netDollars: 480, expect: 'ok' },
      { at: 4, netDollars: 510, expect: 'ok' },
      { at: 5, netDollars: 430, expect: 'ok' },
      { at: 6, netDollars: 470, expect: 'ok' },
      {
        at: 7,
        netDollars: 500,
        expect: 'ok',
        after: (state, limits) => profit(state, limits) >= 300_000,
      },
    ],
    otherDays: 'idle',
  },
  {
    name: 'payout-not-ready',
    ordinal: 15,
    traderNumber: 1,
    prefix: 'SIMF100K',
    rithmicStatus: 'Active',
    description:
      "The demo trader's newer sim-funded account, not yet eligible for a payout: two winning " +
      'days of the five needed, and its profit still inside the $1,000 buffer.',
    roots: ['ES'],
    days: [
      { at: -3, netDollars: 350, expect: 'ok' },
      { at: -2, netDollars: 300, expect: 'ok' },
    ],
    otherDays: 'idle',
  },
];

/** Target met, and the best day still at least 55% of the total (the limit is 50%). */
function stillMissesConsistency(state: TrackerState, limits: AccountLimits): boolean {
  const target = limits.profitTargetCents ?? 0;
  const limit = limits.consistency?.limit ?? 0;
  return (
    profit(state, limits) >= target + 10_000 && !consistencyMet(state, Math.min(1, limit + 0.05))
  );
}

/** The date index of a scripted day in a window of `count` dates. */
export function dateIndex(day: ScriptedDay, count: number): number {
  return day.at >= 0 ? day.at : count + day.at;
}

/** Whether a scenario's script fits in `count` dates (its scripted days are distinct dates). */
export function fits(scenario: Scenario, count: number): boolean {
  const indexes = scenario.days.map((day) => dateIndex(day, count));
  return (
    indexes.every((index) => index >= 0 && index < count) &&
    new Set(indexes).size === indexes.length
  );
}
