import { civilDate, nthWeekday } from './calendar';

/**
 * The CME futures the demo traders trade, with their real contract specifications. Prices are kept as
 * integer hundredths of a point (every tick below is a whole number of hundredths), so P&L is exact.
 */

export type Root = 'ES' | 'NQ' | 'MES' | 'MNQ' | 'CL' | 'GC';
/** The market a contract follows: a micro trades at its standard contract's price. */
export type MarketRoot = 'ES' | 'NQ' | 'CL' | 'GC';

export interface Instrument {
  root: Root;
  market: MarketRoot;
  exchange: 'CME' | 'NYMEX' | 'COMEX';
  /** Minimum price move, in hundredths of a point. */
  tickHundredths: number;
  /** Value of one tick for one contract, in cents. */
  tickValueCents: number;
  /** Broker and exchange fees per contract per side, in cents. */
  commissionCents: number;
  /** Weight in position limits: 10 for a standard contract, 1 for a micro (spec 001 §5). */
  factorTenths: number;
}

export const INSTRUMENTS: Readonly<Record<Root, Instrument>> = {
  ES: {
    root: 'ES',
    market: 'ES',
    exchange: 'CME',
    tickHundredths: 25,
    tickValueCents: 1250,
    commissionCents: 214,
    factorTenths: 10,
  },
  NQ: {
    root: 'NQ',
    market: 'NQ',
    exchange: 'CME',
    tickHundredths: 25,
    tickValueCents: 500,
    commissionCents: 214,
    factorTenths: 10,
  },
  MES: {
    root: 'MES',
    market: 'ES',
    exchange: 'CME',
    tickHundredths: 25,
    tickValueCents: 125,
    commissionCents: 62,
    factorTenths: 1,
  },
  MNQ: {
    root: 'MNQ',
    market: 'NQ',
    exchange: 'CME',
    tickHundredths: 25,
    tickValueCents: 50,
    commissionCents: 62,
    factorTenths: 1,
  },
  CL: {
    root: 'CL',
    market: 'CL',
    exchange: 'NYMEX',
    tickHundredths: 1,
    tickValueCents: 1000,
    commissionCents: 229,
    factorTenths: 10,
  },
  GC: {
    root: 'GC',
    market: 'GC',
    exchange: 'COMEX',
    tickHundredths: 10,
    tickValueCents: 1000,
    commissionCents: 229,
    factorTenths: 10,
  },
};

export interface Market {
  root: MarketRoot;
  tickHundredths: number;
  /** Price of the first demo session, in hundredths. */
  startHundredths: number;
  /** Standard deviation of a one-minute move in ticks, in the regular and the overnight session. */
  regularSigmaTicks: number;
  overnightSigmaTicks: number;
}

export const MARKETS: Readonly<Record<MarketRoot, Market>> = {
  ES: {
    root: 'ES',
    tickHundredths: 25,
    startHundredths: 685_000,
    regularSigmaTicks: 6,
    overnightSigmaTicks: 2.5,
  },
  NQ: {
    root: 'NQ',
    tickHundredths: 25,
    startHundredths: 2_500_000,
    regularSigmaTicks: 22,
    overnightSigmaTicks: 9,
  },
  CL: {
    root: 'CL',
    tickHundredths: 1,
    startHundredths: 6_500,
    regularSigmaTicks: 3,
    overnightSigmaTicks: 1.5,
  },
  GC: {
    root: 'GC',
    tickHundredths: 10,
    startHundredths: 410_000,
    regularSigmaTicks: 10,
    overnightSigmaTicks: 5,
  },
};

export const MARKET_ROOTS: readonly MarketRoot[] = ['ES', 'NQ', 'CL', 'GC'];

/** CME month codes, January first. */
const MONTH_CODES = 'FGHJKMNQUVXZ';

function contractCode(root: Root, year: number, month: number): string {
  return `${root}${MONTH_CODES[month - 1]}${year % 10}`;
}

/** The month after `month` of `year`, `step` times. */
function addMonths(year: number, month: number, step: number): [number, number] {
  const index = year * 12 + (month - 1) + step;
  return [Math.floor(index / 12), (index % 12) + 1];
}

/**
 * The front-month contract a trader would trade on a date (`ESH6`): equity indexes roll to the next
 * quarter on the Thursday eight days before the third Friday of the expiry month; crude oil trades the
 * next month until about the 20th; gold trades the next even month until about five days before it.
 */
export function frontContract(root: Root, day: number): string {
  const { year, month, day: dayOfMonth } = civilDate(day);
  const { market } = INSTRUMENTS[root];
  if (market === 'CL') {
    const [y, m] = addMonths(year, month, dayOfMonth < 20 ? 1 : 2);
    return contractCode(root, y, m);
  }
  if (market === 'GC') {
    const [y, m] = addMonths(year, month, dayOfMonth < 26 ? 1 : 2);
    const [evenYear, evenMonth] = m % 2 === 0 ? [y, m] : addMonths(y, m, 1);
    return contractCode(root, evenYear, evenMonth);
  }
  // The roll day of this quarter's contract, or of the next quarter's: one of them is ahead.
  const quarterEnd = addMonths(year, month, (3 - (month % 3)) % 3);
  for (const [y, m] of [quarterEnd, addMonths(...quarterEnd, 3)]) {
    if (day < nthWeekday(y, m, 5, 3) - 8) return contractCode(root, y, m);
  }
  throw new RangeError(`No front contract for ${root} on day ${day}`);
}

/** Hundredths as a price with two decimals (`685025` → `6850.25`). */
export function formatHundredths(value: number): string {
  const magnitude = Math.abs(value);
  const whole = Math.floor(magnitude / 100);
  const rest = magnitude - whole * 100;
  return `${value < 0 ? '-' : ''}${whole}.${rest < 10 ? '0' : ''}${rest}`;
}
