import { INSTRUMENTS, MARKETS, type Instrument, type Root } from './instruments';
import {
  REGULAR_CLOSE_MINUTE,
  REGULAR_OPEN_MINUTE,
  SESSION_MINUTES,
  type MarketDay,
} from './market';
import type { Random } from './random';
import type { DayFigures } from './rule-tracker';

/**
 * One account's trading day: round trips on the shared market paths, steered towards a target net
 * P&L, with the fills, closed trades and order events the broker would report for them. Times are
 * ms since the session opened (17:00 Central the evening before); prices are hundredths; money cents.
 */

export type Side = 'B' | 'S';

export interface FillRecord {
  timeMs: number;
  root: Root;
  symbol: string;
  side: Side;
  price: number;
  size: number;
  orderNumber: number;
  fillId: number;
}

/** A closing fill with the P&L of the contracts it closed (FIFO). */
export interface TradeRecord {
  root: Root;
  symbol: string;
  price: number;
  size: number;
  orderNumber: number;
  fillId: number;
  pnlCents: number;
  /** Points gained per contract, in hundredths. */
  netChangeHundredths: number;
  commissionCents: number;
  durationMs: number;
}

export type AuditAction = 'NEW' | 'FILL' | 'CANCEL' | 'REPLACE';
export type OrderType = 'MARKET' | 'LIMIT' | 'STOP MARKET';

export interface AuditRecord {
  timeMs: number;
  root: Root;
  symbol: string;
  action: AuditAction;
  status: 'OPEN' | 'FILLED' | 'PARTIALLY FILLED' | 'CANCELLED' | 'REJECTED';
  quantity: number;
  side: Side;
  limitPrice: number | null;
  stopPrice: number | null;
  fillPrice: number | null;
  disposition: 'OPEN' | 'CLOSE';
  orderNumber: number;
  orderType: OrderType;
  message: string;
}

export interface SimulatedDay extends DayFigures {
  closedCents: number;
  commissionCents: number;
  fills: FillRecord[];
  trades: TradeRecord[];
  /** In time order. */
  audit: AuditRecord[];
}

export interface SessionContext {
  day: number;
  market: MarketDay;
  /** The front-month contract of each root on this day (`ESH6`). */
  contracts: Readonly<Record<Root, string>>;
}

export interface DayPlan {
  targetNetCents: number;
  roundTrips: number;
  roots: readonly Root[];
  /** Largest position the trader takes, in tenths of a standard contract (micros count 1). */
  sizeTenths: number;
  /** Place the last round trip after the 15:10 close of the trading-hours rule (still in session). */
  lateSession: boolean;
  /** 1 for normal holding times, less to hold shorter and so swing less within the day. */
  calm: number;
}

/** 15:10 Central, the close of the demo programs' trading-hours rule. */
const RULE_CLOSE_MINUTE = REGULAR_CLOSE_MINUTE + 10;
/** Last minute a position may be open: 15:05 Central, inside the rule's close. */
const LAST_EXIT_MINUTE = REGULAR_CLOSE_MINUTE + 5;
/** 15:16 to 15:55 Central: after the rule's close, before the CME's 16:00 halt. */
const LATE_FIRST_MINUTE = 1336;
const LATE_LAST_MINUTE = SESSION_MINUTES - 5;
const MAX_HOLD_MINUTES = 45;
const MS_PER_MINUTE = 60_000;
/**
 * Ids are `day · 10^10 + account ordinal · 10^4 + sequence`: unique per account-date and overall, and
 * below 2^53, so a reader that takes them for numbers loses nothing.
 */
const ORDINAL_SCALE = 10_000;
const DAY_SCALE = 10_000_000_000;
const FILL_SEQUENCE_BASE = 5_000;
const TRANSACTION_SEQUENCE_BASE = 8_000;

function idBase(day: number, ordinal: number): number {
  return day * DAY_SCALE + ordinal * ORDINAL_SCALE;
}

/** Order numbers count from 1, fill ids from 5001 and server transaction numbers from 8001. */
export function transactionBase(day: number, ordinal: number): number {
  return idBase(day, ordinal) + TRANSACTION_SEQUENCE_BASE;
}

interface Lot {
  price: number;
  size: number;
  timeMs: number;
}

class DayBuilder {
  readonly fills: FillRecord[] = [];
  readonly trades: TradeRecord[] = [];
  readonly audit: AuditRecord[] = [];
  closedCents = 0;
  commissionCents = 0;
  highCents = 0;
  lowCents = 0;
  private orderSequence = 0;
  private fillSequence = FILL_SEQUENCE_BASE;

  constructor(
    private readonly base: number,
    readonly random: Random,
  ) {}

  get netCents(): number {
    return this.closedCents - this.commissionCents;
  }

  nextOrder(): number {
    this.orderSequence += 1;
    return this.base + this.orderSequence;
  }

  nextFill(): number {
    this.fillSequence += 1;
    return this.base + this.fillSequence;
  }

  mark(pnlCents: number): void {
    if (pnlCents > this.highCents) this.highCents = pnlCents;
    if (pnlCents < this.lowCents) this.lowCents = pnlCents;
  }
}

/** Splits an order into one or two fills, as the exchange sometimes does. */
function fillSizes(random: Random, quantity: number, splitChance: number): number[] {
  if (quantity < 2 || !random.chance(splitChance)) return [quantity];
  const first = random.int(1, quantity - 1);
  return [first, quantity - first];
}

interface Window {
  exitMinute: number;
  moveTicks: number;
  quantity: number;
  score: number;
}

/**
 * Picks the holding time and size that bring a round trip close to the P&L it is meant to make
 * without swinging more than it must: each random candidate is scored by its miss plus the typical
 * intraday swing of its size and length. Traders' P&L follows the market, not the other way round.
 */
function chooseWindow(
  random: Random,
  path: Int32Array,
  instrument: Instrument,
  entryMinute: number,
  maxHold: number,
  desiredCents: number,
  maxQuantity: number,
): Window {
  const sigmaTicks = MARKETS[instrument.market].regularSigmaTicks;
  let best: Window | null = null;
  for (let candidate = 0; candidate < 12; candidate += 1) {
    const draw = random.next();
    const hold = 1 + Math.floor(draw * draw * maxHold);
    const exitMinute = entryMinute + hold;
    const moveTicks = (path[exitMinute]! - path[entryMinute]!) / instrument.tickHundredths;
    const perContract = Math.abs(moveTicks) * instrument.tickValueCents;
    const quantity =
      perContract === 0
        ? 1
        : Math.min(maxQuantity, Math.max(1, Math.round(Math.abs(desiredCents) / perContract)));
    const miss = Math.abs(quantity * perContract - Math.abs(desiredCents));
    const swing = quantity * instrument.tickValueCents * sigmaTicks * Math.sqrt(hold) * 0.5;
    const score = miss + swing;
    if (best === null || score < best.score) best = { exitMinute, moveTicks, quantity, score };
  }
  return best!;
}

interface RoundTripSpec {
  root: Root;
  entryMinute: number;
  lastExitMinute: number;
  desiredCents: number;
}

function roundTrip(
  builder: DayBuilder,
  context: SessionContext,
  plan: DayPlan,
  spec: RoundTripSpec,
): void {
  const { random } = builder;
  const instrument = INSTRUMENTS[spec.root];
  const symbol = context.contracts[spec.root];
  const path = context.market[instrument.market];
  const tick = instrument.tickHundredths;
  const maxQuantity = Math.max(1, Math.floor(plan.sizeTenths / instrument.factorTenths));
  const maxHold = Math.max(
    1,
    Math.min(spec.lastExitMinute - spec.entryMinute, Math.round(MAX_HOLD_MINUTES * plan.calm)),
  );
  const window = chooseWindow(
    random,
    path,
    instrument,
    spec.entryMinute,
    maxHold,
    spec.desiredCents,
    maxQuantity,
  );
  const { quantity, exitMinute } = window;
  const wantsGain = spec.desiredCents >= 0;
  const marketRises = window.moveTicks === 0 ? random.chance(0.5) : window.moveTicks > 0;
  const side: Side = wantsGain === marketRises ? 'B' : 'S';
  const exitSide: Side = side === 'B' ? 'S' : 'B';
  const direction = side === 'B' ? 1 : -1;
  // A price one tick worse for the side that crosses the spread.
  const adverse = (price: number, orderSide: Side) => price + (orderSide === 'B' ? tick : -tick);
  const event = (record: Omit<AuditRecord, 'root' | 'symbol'>) =>
    builder.audit.push({ root: spec.root, symbol, ...record });
  const addFill = (timeMs: number, orderSide: Side, price: number, size: number, order: number) => {
    const fillId = builder.nextFill();
    builder.fills.push({
      timeMs,
      root: spec.root,
      symbol,
      side: orderSide,
      price,
      size,
      orderNumber: order,
      fillId,
    });
    builder.commissionCents += size * instrument.commissionCents;
    return fillId;
  };

  // Entry: a market order, or a limit order that may be moved before it fills.
  const entryOrder = builder.nextOrder();
  const entryMs = spec.entryMinute * MS_PER_MINUTE + random.int(0, 49_999);
  const byMarket = random.chance(0.6);
  let entryPrice = path[spec.entryMinute]!;
  if (byMarket && random.chance(0.35)) entryPrice = adverse(entryPrice, side);
  const lots: Lot[] = [];
  if (random.chance(0.015)) {
    event({
      timeMs: Math.max(entryMs - random.int(20_000, 60_000), 500),
      action: 'NEW',
      status: 'REJECTED',
      quantity: maxQuantity + random.int(1, 5),
      side,
      limitPrice: entryPrice,
      stopPrice: null,
      fillPrice: null,
      disposition: 'OPEN',
      orderNumber: builder.nextOrder(),
      orderType: 'LIMIT',
      message: 'Rejected: order exceeds the risk limits of the account',
    });
  }
  let entryLimit: number | null = null;
  if (byMarket) {
    event({
      timeMs: entryMs - random.int(2, 350),
      action: 'NEW',
      status: 'OPEN',
      quantity,
      side,
      limitPrice: null,
      stopPrice: null,
      fillPrice: null,
      disposition: 'OPEN',
      orderNumber: entryOrder,
      orderType: 'MARKET',
      message: '',
    });
  } else {
    entryLimit = entryPrice;
    const placedMs = Math.max(entryMs - random.int(5_000, 90_000), 200);
    const improves = random.chance(0.5);
    event({
      timeMs: placedMs,
      action: 'NEW',
      status: 'OPEN',
      quantity,
      side,
      limitPrice: improves ? entryPrice - direction * tick * random.int(1, 3) : entryPrice,
      stopPrice: null,
      fillPrice: null,
      disposition: 'OPEN',
      orderNumber: entryOrder,
      orderType: 'LIMIT',
      message: '',
    });
    if (improves) {
      event({
        timeMs: placedMs + Math.floor((entryMs - placedMs) * random.between(0.3, 0.9)),
        action: 'REPLACE',
        status: 'OPEN',
        quantity,
        side,
        limitPrice: entryPrice,
        stopPrice: null,
        fillPrice: null,
        disposition: 'OPEN',
        orderNumber: entryOrder,
        orderType: 'LIMIT',
        message: 'Price modified',
      });
    }
  }
  let timeMs = entryMs;
  const entrySizes = fillSizes(random, quantity, 0.3);
  entrySizes.forEach((size, index) => {
    if (index > 0) {
      timeMs += random.int(1, 900);
      if (byMarket && random.chance(0.5)) entryPrice = adverse(entryPrice, side);
    }
    addFill(timeMs, side, entryPrice, size, entryOrder);
    lots.push({ price: entryPrice, size, timeMs });
    const filled = index === entrySizes.length - 1;
    event({
      timeMs,
      action: 'FILL',
      status: filled ? 'FILLED' : 'PARTIALLY FILLED',
      quantity: size,
      side,
      limitPrice: entryLimit,
      stopPrice: null,
      fillPrice: entryPrice,
      disposition: 'OPEN',
      orderNumber: entryOrder,
      orderType: byMarket ? 'MARKET' : 'LIMIT',
      message: '',
    });
  });
  const lastEntryMs = timeMs;

  // The open P&L at every minute of the hold sets the day's high and low.
  const openPnl = (price: number) =>
    lots.reduce((sum, lot) => sum + ((price - lot.price) / tick) * lot.size, 0) *
    direction *
    instrument.tickValueCents;
  let worstPrice = path[spec.entryMinute]!;
  for (let minute = spec.entryMinute; minute <= exitMinute; minute += 1) {
    const price = path[minute]!;
    builder.mark(builder.netCents + openPnl(price));
    if ((price - worstPrice) * direction < 0) worstPrice = price;
  }

  // Exit: at the market, at a profit target, or stopped out at the worst price of the hold.
  let exitPrice = path[exitMinute]!;
  const gain = (exitPrice - lots[0]!.price) * direction > 0;
  const hasStop = random.chance(0.6);
  const stoppedOut = hasStop && !gain && exitPrice === worstPrice && random.chance(0.7);
  const atTarget = hasStop && gain && random.chance(0.5);
  const exitType: OrderType = stoppedOut ? 'STOP MARKET' : atTarget ? 'LIMIT' : 'MARKET';
  if (exitType !== 'LIMIT' && random.chance(0.3)) exitPrice = adverse(exitPrice, exitSide);
  const exitMs = Math.max(exitMinute * MS_PER_MINUTE + random.int(0, 55_000), lastEntryMs + 1_500);
  const stopOrder = hasStop ? builder.nextOrder() : null;
  const targetOrder = atTarget ? builder.nextOrder() : null;
  const protectMs = lastEntryMs + random.int(300, 1_200);
  const stopPrice = stoppedOut
    ? exitPrice + direction * tick
    : worstPrice - direction * tick * random.int(2, 8);
  if (stopOrder !== null) {
    event({
      timeMs: protectMs,
      action: 'NEW',
      status: 'OPEN',
      quantity,
      side: exitSide,
      limitPrice: null,
      stopPrice,
      fillPrice: null,
      disposition: 'CLOSE',
      orderNumber: stopOrder,
      orderType: 'STOP MARKET',
      message: '',
    });
  }
  if (targetOrder !== null) {
    event({
      timeMs: protectMs + random.int(1, 80),
      action: 'NEW',
      status: 'OPEN',
      quantity,
      side: exitSide,
      limitPrice: exitPrice,
      stopPrice: null,
      fillPrice: null,
      disposition: 'CLOSE',
      orderNumber: targetOrder,
      orderType: 'LIMIT',
      message: '',
    });
  }
  let exitOrder: number;
  if (stoppedOut) exitOrder = stopOrder!;
  else if (atTarget) exitOrder = targetOrder!;
  else {
    exitOrder = builder.nextOrder();
    event({
      timeMs: exitMs - random.int(2, 300),
      action: 'NEW',
      status: 'OPEN',
      quantity,
      side: exitSide,
      limitPrice: null,
      stopPrice: null,
      fillPrice: null,
      disposition: 'CLOSE',
      orderNumber: exitOrder,
      orderType: 'MARKET',
      message: '',
    });
  }
  timeMs = exitMs;
  const exitSizes = fillSizes(random, quantity, 0.2);
  exitSizes.forEach((size, index) => {
    if (index > 0) timeMs += random.int(1, 600);
    const fillId = addFill(timeMs, exitSide, exitPrice, size, exitOrder);
    let pointsTimesSize = 0;
    let openedMs = timeMs;
    for (let remaining = size; remaining > 0;) {
      const lot = lots[0]!;
      const matched = Math.min(lot.size, remaining);
      pointsTimesSize += (exitPrice - lot.price) * direction * matched;
      openedMs = Math.min(openedMs, lot.timeMs);
      lot.size -= matched;
      remaining -= matched;
      if (lot.size === 0) lots.shift();
    }
    const pnlCents = (pointsTimesSize / tick) * instrument.tickValueCents;
    builder.closedCents += pnlCents;
    builder.trades.push({
      root: spec.root,
      symbol,
      price: exitPrice,
      size,
      orderNumber: exitOrder,
      fillId,
      pnlCents,
      netChangeHundredths: Math.round(pointsTimesSize / size),
      commissionCents: 2 * size * instrument.commissionCents,
      durationMs: timeMs - openedMs,
    });
    builder.mark(builder.netCents + openPnl(exitPrice));
    const filled = index === exitSizes.length - 1;
    event({
      timeMs,
      action: 'FILL',
      status: filled ? 'FILLED' : 'PARTIALLY FILLED',
      quantity: size,
      side: exitSide,
      limitPrice: exitType === 'LIMIT' ? exitPrice : null,
      stopPrice: exitType === 'STOP MARKET' ? stopPrice : null,
      fillPrice: exitPrice,
      disposition: 'CLOSE',
      orderNumber: exitOrder,
      orderType: exitType,
      message: '',
    });
  });
  // The stop of a position closed otherwise is cancelled once the position is flat.
  if (stopOrder !== null && stopOrder !== exitOrder) {
    event({
      timeMs: timeMs + random.int(5, 120),
      action: 'CANCEL',
      status: 'CANCELLED',
      quantity,
      side: exitSide,
      limitPrice: null,
      stopPrice,
      fillPrice: null,
      disposition: 'CLOSE',
      orderNumber: stopOrder,
      orderType: 'STOP MARKET',
      message: 'Cancelled: position closed',
    });
  }
}

/** Sorted entry minutes, at least three minutes apart, mostly in the regular session. */
function entryMinutes(random: Random, count: number): number[] {
  const minutes: number[] = [];
  for (let index = 0; index < count; index += 1) {
    minutes.push(
      random.chance(0.85)
        ? random.int(REGULAR_OPEN_MINUTE + 1, LAST_EXIT_MINUTE - 20)
        : random.int(1, REGULAR_OPEN_MINUTE - 30),
    );
  }
  minutes.sort((a, b) => a - b);
  return minutes.filter((minute, index) => index === 0 || minute - minutes[index - 1]! >= 3);
}

/** Simulates one account-day; the same random stream gives the same day. */
export function simulateDay(
  context: SessionContext,
  ordinal: number,
  plan: DayPlan,
  random: Random,
): SimulatedDay {
  const builder = new DayBuilder(idBase(context.day, ordinal), random);
  const entries = entryMinutes(random, Math.max(1, plan.roundTrips - (plan.lateSession ? 1 : 0)));
  if (plan.lateSession) entries.push(random.int(LATE_FIRST_MINUTE, LATE_LAST_MINUTE - 10));
  entries.forEach((entryMinute, index) => {
    const isLast = index === entries.length - 1;
    const next = entries[index + 1];
    const late = entryMinute >= LATE_FIRST_MINUTE;
    const lastExitMinute = Math.min(
      next === undefined ? Number.POSITIVE_INFINITY : next - 1,
      late ? LATE_LAST_MINUTE : LAST_EXIT_MINUTE,
    );
    const remaining = plan.targetNetCents - builder.netCents;
    const share = remaining / (entries.length - index);
    const root = random.pick(plan.roots);
    // Aim each trade at its share of what is left, give or take; the last one closes the gap,
    // its own commission included.
    const desiredCents = isLast
      ? remaining + 2 * INSTRUMENTS[root].commissionCents
      : share + random.normal(0, Math.abs(share) * 0.8 + 2_000);
    roundTrip(builder, context, plan, { root, entryMinute, lastExitMinute, desiredCents });
  });
  const audit = builder.audit.sort((a, b) => a.timeMs - b.timeMs);
  const outsideHours = builder.fills.some(
    (fill) => fill.timeMs > RULE_CLOSE_MINUTE * MS_PER_MINUTE,
  );
  builder.mark(builder.netCents);
  return {
    netCents: builder.netCents,
    highCents: builder.highCents,
    lowCents: builder.lowCents,
    tradeCount: builder.trades.length,
    outsideHours,
    closedCents: builder.closedCents,
    commissionCents: builder.commissionCents,
    fills: builder.fills,
    trades: builder.trades,
    audit,
  };
}
