import type { AccountLimits } from './programs';

/**
 * The rules contract's arithmetic (contracts/rules.md), just enough of it for the generator to steer
 * its accounts: disciplined traders stay clear of their limits, scenario accounts breach exactly the
 * rule they are meant to, failed accounts stop trading, passed evaluations too. Money in cents.
 */

export interface DayFigures {
  netCents: number;
  /** Highest and lowest intraday P&L, 0 and the net included. */
  highCents: number;
  lowCents: number;
  tradeCount: number;
  /** Whether a fill fell outside the trading hours. */
  outsideHours: boolean;
}

export type Breach = 'drawdown' | 'daily-loss' | 'trading-hours';

export interface TrackerState {
  balanceCents: number;
  /** The drawdown floor in force for the next day (F_d of the contract), null without the rule. */
  floorCents: number | null;
  /** The drawdown rule has breached: its floor stops moving, as the engine's does. */
  drawdownBreached: boolean;
  totalNetCents: number;
  /** Net P&L per consistency period (day, ISO week or month), in date order. */
  periodNet: Map<number, number>;
  qualifyingDays: number;
  failed: Breach | null;
  passed: boolean;
}

export interface DayJudgement {
  state: TrackerState;
  /** Hard breaches of the day. */
  breaches: Breach[];
  /** Soft breaches (a pausing daily loss). */
  warnings: Breach[];
  /**
   * How far the day stayed from each limit, in cents (negative: beyond it): the smallest distance
   * between the trough and the floor, and between the day's worst P&L and the daily loss limit.
   */
  drawdownRoomCents: number;
  dailyLossRoomCents: number;
  benchmarksMet: boolean;
}

export function initialState(limits: AccountLimits): TrackerState {
  const start = limits.startingBalanceCents;
  return {
    balanceCents: start,
    floorCents: limits.drawdown ? start - limits.drawdown.maxCents : null,
    drawdownBreached: false,
    totalNetCents: 0,
    periodNet: new Map(),
    qualifyingDays: 0,
    failed: null,
    passed: false,
  };
}

/** The key of a day's consistency period. */
function periodKey(period: 'daily' | 'weekly' | 'monthly', day: number, date: string): number {
  if (period === 'daily') return day;
  // ISO weeks start on Monday; 1970-01-01 was a Thursday.
  if (period === 'weekly') return day - ((((day + 3) % 7) + 7) % 7);
  return Number(date.slice(0, 6));
}

/** Whether the consistency benchmark is met: total > 0 and best period / total < limit. */
export function consistencyMet(state: TrackerState, limit: number): boolean {
  if (state.totalNetCents <= 0) return false;
  let best = 0;
  for (const net of state.periodNet.values()) best = Math.max(best, net);
  return best < limit * state.totalNetCents;
}

/** Judges one account-day after `state`; `state` is not modified. */
export function judgeDay(
  limits: AccountLimits,
  state: TrackerState,
  day: number,
  date: string,
  figures: DayFigures,
): DayJudgement {
  const breaches: Breach[] = [];
  const warnings: Breach[] = [];
  const sod = state.balanceCents;
  const eod = sod + figures.netCents;
  let floor = state.floorCents;
  let drawdownRoomCents = Number.POSITIVE_INFINITY;

  if (limits.drawdown && floor !== null) {
    const { maxCents, resetType, lockOffsetCents } = limits.drawdown;
    const trough = sod + Math.min(figures.lowCents, 0);
    const peak = sod + Math.max(figures.highCents, 0);
    drawdownRoomCents = trough - floor;
    let next = floor;
    if (resetType === 'eod') next = Math.max(floor, eod - maxCents);
    if (resetType === 'daily-highs' || resetType === 'trailing') {
      next = Math.max(floor, peak - maxCents);
    }
    if (lockOffsetCents !== null) {
      next = Math.max(floor, Math.min(next, limits.startingBalanceCents + lockOffsetCents));
    }
    if (resetType === 'trailing') drawdownRoomCents = Math.min(drawdownRoomCents, eod - next);
    // Touching the floor exactly is not a breach.
    if (drawdownRoomCents < 0) breaches.push('drawdown');
    // A breach keeps the floor in force from then on (the engine's floor stops moving too).
    else if (!state.drawdownBreached) floor = next;
  }

  let dailyLossRoomCents = Number.POSITIVE_INFINITY;
  if (limits.dailyLoss) {
    const worst = Math.min(figures.lowCents, figures.netCents);
    // Hitting the limit counts as a breach.
    dailyLossRoomCents = worst + limits.dailyLoss.maxCents - 1;
    if (dailyLossRoomCents < 0) (limits.dailyLoss.hard ? breaches : warnings).push('daily-loss');
  }
  if (figures.outsideHours) breaches.push('trading-hours');

  const periodNet = new Map(state.periodNet);
  if (limits.consistency) {
    const key = periodKey(limits.consistency.period, day, date);
    periodNet.set(key, (periodNet.get(key) ?? 0) + figures.netCents);
  }
  const qualifies =
    figures.tradeCount > 0 &&
    (limits.tradingDays?.minProfitCents == null ||
      figures.netCents >= limits.tradingDays.minProfitCents);
  const next: TrackerState = {
    balanceCents: eod,
    floorCents: floor,
    drawdownBreached: state.drawdownBreached || breaches.includes('drawdown'),
    totalNetCents: state.totalNetCents + figures.netCents,
    periodNet,
    qualifyingDays: state.qualifyingDays + (qualifies ? 1 : 0),
    failed: state.failed ?? breaches[0] ?? null,
    passed: state.passed,
  };
  const benchmarksMet =
    (limits.profitTargetCents === null ||
      eod - limits.startingBalanceCents >= limits.profitTargetCents) &&
    (limits.consistency === null || consistencyMet(next, limits.consistency.limit)) &&
    (limits.tradingDays === null || next.qualifyingDays >= limits.tradingDays.minDays);
  // As the engine: a phase with at least one benchmark is passed once all of them are met, a payout
  // phase too (its payout days and consistency); only a passed evaluation stops trading.
  const hasBenchmark =
    limits.profitTargetCents !== null || limits.consistency !== null || limits.tradingDays !== null;
  if (next.failed === null && hasBenchmark && benchmarksMet) next.passed = true;
  return { state: next, breaches, warnings, drawdownRoomCents, dailyLossRoomCents, benchmarksMet };
}
