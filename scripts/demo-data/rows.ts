import { formatCentral, sessionStartWallMs } from './calendar';
import { formatHundredths, INSTRUMENTS, type Root } from './instruments';
import type { DemoAccount, DemoTrader, RithmicStatus } from './population';
import type { SimulatedDay } from './simulate-day';
import { BROKER_FILE_KINDS, type BrokerFileKind } from '@shared/broker-files/kinds';
import { brokerFiles } from '@shared/broker-files/registry';

/**
 * The nine file kinds of contracts/broker-files.md: their columns, in the contract's order, and the
 * text of every cell. Money is written as dollars with two decimals, revenue as integer cents.
 */

export const FILE_KINDS = BROKER_FILE_KINDS;
export type FileKind = BrokerFileKind;

/** Each kind's columns, in the contract's order: the sync's registry is the one list of them. */
export const COLUMNS: Readonly<Record<FileKind, readonly string[]>> = Object.fromEntries(
  FILE_KINDS.map((kind) => [kind, brokerFiles[kind].columns]),
) as Record<FileKind, readonly string[]>;

export type Row = string[];

/** The clearing firm and introducing broker on every account. */
const FCM = 'DESKLINE-FCM';
const IB = 'DESKLINE-IB';

/** Cents as dollars with two decimals (`-123450` → `-1234.50`); also prices in hundredths. */
export const money = formatHundredths;

/** Integer division rounded half away from zero. */
function divideRounded(numerator: number, denominator: number): number {
  const quotient = Math.abs(numerator) / denominator;
  return Math.sign(numerator) * Math.floor(quotient + 0.5) + 0;
}

const MS_PER_DAY = 86_400_000;

/**
 * The average duration of `count` trades that lasted `totalMs` milliseconds in all, in days with six
 * decimals (spec 000: "Average Win/Loss Duration in days"; `1_080_000` ms over one trade → `0.012500`,
 * 18 minutes). A millionth of a day is 86.4 ms, so `totalMs / (count × 86.4)` is the count of millionths.
 */
export function averageDurationDays(totalMs: number, count: number): string {
  if (count === 0) return '0.000000';
  const millionths = divideRounded(totalMs * 10, count * (MS_PER_DAY / 100_000));
  const whole = Math.floor(millionths / 1_000_000);
  return `${whole}.${String(millionths - whole * 1_000_000).padStart(6, '0')}`;
}

/** A share as a percentage with two decimals (`5/9` → `55.56`). */
function percent(part: number, whole: number): string {
  return whole === 0 ? '0.00' : money(divideRounded(part * 10_000, whole));
}

export function traderRow(trader: DemoTrader): Row {
  return [
    trader.traderId,
    trader.firstName,
    trader.lastName,
    trader.username,
    trader.email,
    trader.phoneNumber,
    trader.status,
    trader.tradingStatus,
    trader.rithmicUserId,
  ];
}

export function accountRow(account: DemoAccount, status: RithmicStatus): Row {
  return [
    account.accountId,
    account.name,
    account.trader.traderId,
    FCM,
    IB,
    'USD',
    status,
    account.pbtStatus,
    account.createdDate,
  ];
}

export function relationshipRow(account: DemoAccount): Row {
  return [account.trader.rithmicUserId, account.accountId, FCM, IB, 'Trader'];
}

interface TradeTally {
  closedCents: number;
  commissionCents: number;
  trades: number;
  wins: number;
  losses: number;
  buyQty: number;
  sellQty: number;
}

function tally(day: SimulatedDay, symbol: string | null): TradeTally {
  const result: TradeTally = {
    closedCents: 0,
    commissionCents: 0,
    trades: 0,
    wins: 0,
    losses: 0,
    buyQty: 0,
    sellQty: 0,
  };
  for (const trade of day.trades) {
    if (symbol !== null && trade.symbol !== symbol) continue;
    result.closedCents += trade.pnlCents;
    result.trades += 1;
    if (trade.pnlCents > 0) result.wins += 1;
    if (trade.pnlCents < 0) result.losses += 1;
  }
  for (const fill of day.fills) {
    if (symbol !== null && fill.symbol !== symbol) continue;
    result.commissionCents += fill.size * INSTRUMENTS[fill.root].commissionCents;
    if (fill.side === 'B') result.buyQty += fill.size;
    else result.sellQty += fill.size;
  }
  return result;
}

export interface PerformanceContext {
  account: DemoAccount;
  date: string;
  balanceCents: number;
  floorCents: number | null;
  tradingDaysSoFar: number;
}

/** The daily performance row of an account-day; `day` null for a day without trades. */
export function performanceRow(context: PerformanceContext, day: SimulatedDay | null): Row {
  const totals = day ? tally(day, null) : null;
  const trades = day?.trades ?? [];
  let winSum = 0;
  let lossSum = 0;
  let winMs = 0;
  let lossMs = 0;
  let streak = 0;
  let maxWins = 0;
  let maxLosses = 0;
  for (const trade of trades) {
    if (trade.pnlCents > 0) {
      winSum += trade.pnlCents;
      winMs += trade.durationMs;
      streak = streak > 0 ? streak + 1 : 1;
    } else if (trade.pnlCents < 0) {
      lossSum += trade.pnlCents;
      lossMs += trade.durationMs;
      streak = streak < 0 ? streak - 1 : -1;
    } else {
      streak = 0;
    }
    maxWins = Math.max(maxWins, streak);
    maxLosses = Math.max(maxLosses, -streak);
  }
  const wins = totals?.wins ?? 0;
  const losses = totals?.losses ?? 0;
  const count = trades.length;
  const buy = totals?.buyQty ?? 0;
  const sell = totals?.sellQty ?? 0;
  return [
    context.account.accountId,
    context.date,
    FCM,
    IB,
    money(day?.closedCents ?? 0),
    money(day?.netCents ?? 0),
    money(day?.commissionCents ?? 0),
    money(context.balanceCents),
    money(context.balanceCents),
    context.floorCents === null ? '' : money(context.floorCents),
    money(day?.highCents ?? 0),
    money(day?.lowCents ?? 0),
    money(wins ? divideRounded(winSum, wins) : 0),
    money(losses ? divideRounded(lossSum, losses) : 0),
    String(count),
    String(wins),
    String(losses),
    percent(wins, count),
    percent(losses, count),
    String(context.tradingDaysSoFar),
    String(buy),
    String(sell),
    String(buy - sell),
    String(buy + sell),
    String(maxWins),
    String(maxLosses),
    averageDurationDays(winMs, wins),
    averageDurationDays(lossMs, losses),
  ];
}

export function fillRows(
  accountId: string,
  date: string,
  day: number,
  simulated: SimulatedDay,
): Row[] {
  const start = sessionStartWallMs(day);
  return simulated.fills.map((fill) => [
    accountId,
    date,
    fill.symbol,
    INSTRUMENTS[fill.root].exchange,
    fill.side,
    money(fill.price),
    String(fill.size),
    String(fill.orderNumber),
    String(fill.fillId),
    formatCentral(start + fill.timeMs),
  ]);
}

export function tradeRows(accountId: string, date: string, simulated: SimulatedDay): Row[] {
  return simulated.trades.map((trade) => [
    accountId,
    date,
    trade.symbol,
    INSTRUMENTS[trade.root].exchange,
    money(trade.price),
    String(trade.size),
    String(trade.orderNumber),
    String(trade.fillId),
    money(trade.pnlCents),
    money(trade.netChangeHundredths),
    date,
    money(trade.commissionCents),
  ]);
}

export function symbolRows(accountId: string, date: string, simulated: SimulatedDay): Row[] {
  const roots = new Map<string, Root>();
  for (const fill of simulated.fills)
    if (!roots.has(fill.symbol)) roots.set(fill.symbol, fill.root);
  return [...roots].map(([symbol, root]) => {
    const totals = tally(simulated, symbol);
    return [
      accountId,
      date,
      symbol,
      INSTRUMENTS[root].exchange,
      money(totals.closedCents),
      money(totals.closedCents - totals.commissionCents),
      money(totals.commissionCents),
      String(totals.trades),
      String(totals.wins),
      String(totals.losses),
      percent(totals.wins, totals.trades),
      percent(totals.losses, totals.trades),
      String(totals.buyQty),
      String(totals.sellQty),
      String(totals.buyQty - totals.sellQty),
      String(totals.buyQty + totals.sellQty),
    ];
  });
}

export function auditRows(
  account: DemoAccount,
  date: string,
  day: number,
  simulated: SimulatedDay,
  transactionBase: number,
): Row[] {
  const start = sessionStartWallMs(day);
  const price = (value: number | null) => (value === null ? '' : money(value));
  return simulated.audit.map((event, index) => [
    date,
    formatCentral(start + event.timeMs),
    account.accountId,
    account.trader.rithmicUserId,
    event.symbol,
    event.action,
    event.status,
    String(event.quantity),
    event.side,
    price(event.limitPrice),
    price(event.stopPrice),
    price(event.fillPrice),
    event.disposition,
    String(event.orderNumber),
    event.orderType,
    // Numbered in time order, so sorting by it sorts the account-day's events by time.
    String(transactionBase + index + 1),
    event.message,
    INSTRUMENTS[event.root].exchange,
  ]);
}
