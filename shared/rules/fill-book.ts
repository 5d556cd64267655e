import { parseInstant } from './calendar';
import type { DayFill } from './day-input';
import type { FillBook } from './evaluation';
import { symbolInfo } from './symbols';

/**
 * Parses a day's fills once for every fill-based rule. The book and its arrays are reused from day to
 * day (the engine is synchronous), so a night of 10,000 accounts allocates no per-fill objects.
 */

/** No open position: shared, never mutated. */
export const noPositions: Readonly<Record<string, number>> = Object.freeze({});

const noFills: readonly DayFill[] = Object.freeze([]);

const book: FillBook = {
  count: 0,
  source: noFills,
  sourceIndexes: new Int32Array(64),
  instants: new Float64Array(64),
  signedSizes: new Float64Array(64),
  symbolIndexes: new Int32Array(64),
  symbols: [],
  roots: [],
  fillCounts: new Int32Array(16),
  openingNets: new Float64Array(16),
  closing: noPositions,
};

/**
 * The day's symbols as written, beside `book.symbols`: a day trades a handful of symbols, so a linear
 * scan with string equality beats hashing each fill's freshly parsed symbol into a map.
 */
const writtenSymbols: string[] = [];
const writtenIndexes: number[] = [];
/** Scratch for the nets after the last fill. */
let closingNets = new Float64Array(16);

function reserveFills(count: number): void {
  if (book.instants.length >= count) return;
  const capacity = Math.max(count, book.instants.length * 2);
  book.sourceIndexes = new Int32Array(capacity);
  book.instants = new Float64Array(capacity);
  book.signedSizes = new Float64Array(capacity);
  book.symbolIndexes = new Int32Array(capacity);
}

function daySymbolIndex(written: string): number {
  for (let at = 0; at < writtenSymbols.length; at += 1) {
    if (writtenSymbols[at] === written) return writtenIndexes[at]!;
  }
  // Two spellings of a symbol (`esh6`, `ESH6`) are one day symbol.
  const info = symbolInfo(written);
  let index = book.symbols.indexOf(info.symbol);
  if (index < 0) {
    index = book.symbols.length;
    book.symbols.push(info.symbol);
    book.roots.push(info.root);
    if (book.fillCounts.length <= index) {
      const grown = new Int32Array(book.fillCounts.length * 2);
      grown.set(book.fillCounts);
      book.fillCounts = grown;
      const nets = new Float64Array(book.openingNets.length * 2);
      nets.set(book.openingNets);
      book.openingNets = nets;
      closingNets = new Float64Array(nets.length);
    }
    book.fillCounts[index] = 0;
    book.openingNets[index] = 0;
  }
  writtenSymbols.push(written);
  writtenIndexes.push(index);
  return index;
}

/** Puts fills recorded out of time order back in order (stable: equal times keep file order). */
function sortByTime(count: number): void {
  const order = Array.from({ length: count }, (_, index) => index).sort(
    (a, b) => book.instants[a]! - book.instants[b]! || a - b,
  );
  const instants = order.map((index) => book.instants[index]!);
  const sizes = order.map((index) => book.signedSizes[index]!);
  const symbolIndexes = order.map((index) => book.symbolIndexes[index]!);
  book.sourceIndexes.set(order);
  book.instants.set(instants);
  book.signedSizes.set(sizes);
  book.symbolIndexes.set(symbolIndexes);
}

/** The positions after the day's fills, or the shared empty object when every symbol ends flat. */
function closingPositions(): Readonly<Record<string, number>> {
  const symbols = book.symbols.length;
  for (let index = 0; index < symbols; index += 1) closingNets[index] = book.openingNets[index]!;
  for (let index = 0; index < book.count; index += 1) {
    const symbol = book.symbolIndexes[index]!;
    closingNets[symbol] = closingNets[symbol]! + book.signedSizes[index]!;
  }
  let positions: Record<string, number> | undefined;
  for (let index = 0; index < symbols; index += 1) {
    const net = closingNets[index]!;
    if (net !== 0) (positions ??= {})[book.symbols[index]!] = net;
  }
  return positions ?? noPositions;
}

/**
 * The day's fills in time order, the positions carried in (`opening`) and, when a rule tracks
 * positions, the positions after the last fill. Throws RangeError on a fill time that is not an instant.
 */
export function prepareFills(
  fills: readonly DayFill[],
  opening: Readonly<Record<string, number>>,
  tracksPositions: boolean,
): FillBook {
  const count = fills.length;
  reserveFills(count);
  writtenSymbols.length = 0;
  writtenIndexes.length = 0;
  book.count = count;
  book.symbols.length = 0;
  book.roots.length = 0;
  book.source = fills;
  for (const symbol in opening) book.openingNets[daySymbolIndex(symbol)] = opening[symbol]!;
  let ordered = true;
  let previous = Number.NEGATIVE_INFINITY;
  const { instants, signedSizes, symbolIndexes, sourceIndexes } = book;
  for (let index = 0; index < count; index += 1) {
    const fill = fills[index]!;
    const instant = parseInstant(fill.FillTime);
    if (Number.isNaN(instant))
      throw new RangeError(`Fill time is not an instant: ${fill.FillTime}`);
    if (instant < previous) ordered = false;
    previous = instant;
    const symbolIndex = daySymbolIndex(fill.Symbol);
    book.fillCounts[symbolIndex] = book.fillCounts[symbolIndex]! + 1;
    instants[index] = instant;
    signedSizes[index] = fill.Side === 'B' ? fill.FillSize : -fill.FillSize;
    symbolIndexes[index] = symbolIndex;
    sourceIndexes[index] = index;
  }
  if (!ordered) sortByTime(count);
  book.closing = !tracksPositions ? opening : count > 0 ? closingPositions() : opening;
  return book;
}

/** The book of a day judged without its fills (no rule of the phase reads them). */
export function emptyFills(opening: Readonly<Record<string, number>>): FillBook {
  book.count = 0;
  book.source = noFills;
  book.symbols.length = 0;
  book.roots.length = 0;
  book.closing = opening;
  return book;
}
