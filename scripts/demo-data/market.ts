import { MARKET_ROOTS, MARKETS, type MarketRoot } from './instruments';
import { randomFor } from './random';

/**
 * One price path per market and trading date, shared by every account: two traders who buy ES in the
 * same minute pay about the same price. Minute 0 is 17:00 Central the evening before, when the CME
 * Globex session opens; it closes at 16:00, minute 1380.
 */

export const SESSION_MINUTES = 1380;
/** 08:30 and 15:00 Central: the regular (pit) session of the equity index futures. */
export const REGULAR_OPEN_MINUTE = 930;
export const REGULAR_CLOSE_MINUTE = 1320;

export type MarketDay = Readonly<Record<MarketRoot, Int32Array>>;

/**
 * The prices (hundredths) at the start of every session minute, continuing from the previous
 * session's close: a random walk in whole ticks, quieter overnight, with a drift drawn per day.
 */
export function marketDay(seed: string, day: number, previous: MarketDay | null): MarketDay {
  const paths = {} as Record<MarketRoot, Int32Array>;
  for (const root of MARKET_ROOTS) {
    const market = MARKETS[root];
    const random = randomFor(seed, 'market', root, day);
    const path = new Int32Array(SESSION_MINUTES + 1);
    const lastClose = previous ? previous[root][SESSION_MINUTES]! : startPrice(seed, root);
    const gap = Math.round(random.normal(0, market.regularSigmaTicks * 2));
    let ticks = Math.round(lastClose / market.tickHundredths) + gap;
    const drift = random.normal(0, 0.03);
    path[0] = ticks * market.tickHundredths;
    for (let minute = 1; minute <= SESSION_MINUTES; minute += 1) {
      const regular = minute >= REGULAR_OPEN_MINUTE && minute <= REGULAR_CLOSE_MINUTE;
      const sigma = regular ? market.regularSigmaTicks : market.overnightSigmaTicks;
      ticks += Math.round(random.normal(drift, 1) * sigma);
      path[minute] = ticks * market.tickHundredths;
    }
    paths[root] = path;
  }
  return paths;
}

/** Where a seed's markets open on the first day: within ±3% of today's levels, on a whole tick. */
function startPrice(seed: string, root: MarketRoot): number {
  const market = MARKETS[root];
  const factor = 1 + randomFor(seed, 'market-start', root).between(-0.03, 0.03);
  return (
    Math.round((market.startHundredths * factor) / market.tickHundredths) * market.tickHundredths
  );
}
