import { compareProducts, decimalFraction } from '../../money/decimal';
import { clamp01, fillTime, type RuleEvaluator } from '../evaluation';
import type { RuleParametersByCategory } from '../rule-parameters';
import { productRoot } from '../symbols';
import { formatContracts } from '../value-format';

/** A symbol whose root the rule does not list weighs one standard contract (10 tenths). */
const STANDARD_FACTOR_TENTHS = 10;

/** Net position and factor per day symbol while replaying a day; reused, the engine is synchronous. */
let nets = new Float64Array(16);
let dayFactors = new Float64Array(16);

/**
 * Position size (contract "Fill-based rules"): replays the day's fills from the position carried over
 * from the previous day, weighting each symbol's net position by its instrument's `positionFactor`
 * (micros 0.1, as the rule lists them; a symbol whose root no entry lists counts 1) and summing
 * absolute values across symbols; breached when that exposure exceeds `maxPositionSize` at any moment.
 * `accountPercentage` is recorded in the details, not judged. Exposure is kept in integer tenths of a
 * contract so that ten micros weigh exactly one standard contract.
 */
export function compilePositionSize(
  params: RuleParametersByCategory['position-size'],
): RuleEvaluator {
  const factors = new Map(
    (params.instruments ?? []).map((entry) => [
      productRoot(entry.symbol),
      Math.round(entry.positionFactor * 10),
    ]),
  );
  const factorOf = (root: string): number => factors.get(root) ?? STANDARD_FACTOR_TENTHS;
  const { numerator: limitNumerator, denominator: limitDenominator } = decimalFraction(
    params.maxPositionSize,
  );
  const limit = params.maxPositionSize;
  const accountPercentage = params.accountPercentage;
  return {
    format: formatContracts,
    usesFills: true,
    tracksPositions: true,
    soft: false,
    stateful: false,
    evaluate(day, state, _breachedBefore, out) {
      const book = day.fills;
      const symbols = book.symbols.length;
      if (nets.length < symbols) {
        nets = new Float64Array(symbols * 2);
        dayFactors = new Float64Array(symbols * 2);
      }
      let exposure = 0;
      for (let index = 0; index < symbols; index += 1) {
        const factor = factorOf(book.roots[index]!);
        const net = book.openingNets[index]!;
        dayFactors[index] = factor;
        nets[index] = net;
        exposure += Math.abs(net) * factor;
      }
      let peak = exposure;
      let peakAt = -1;
      for (let index = 0; index < book.count; index += 1) {
        const symbol = book.symbolIndexes[index]!;
        const before = nets[symbol]!;
        const after = before + book.signedSizes[index]!;
        nets[symbol] = after;
        exposure += (Math.abs(after) - Math.abs(before)) * dayFactors[symbol]!;
        if (exposure > peak) {
          peak = exposure;
          peakAt = index;
        }
      }
      // peak / 10 > limit ⇔ peak × den > num × 10
      out.breached = compareProducts(peak, limitDenominator, limitNumerator, 10) > 0;
      out.closeness = limit > 0 ? clamp01(peak / 10 / limit) : peak > 0 ? 1 : 0;
      out.currentValue = peak / 10;
      out.thresholdValue = limit;
      let details: Record<string, unknown> | undefined;
      if (out.breached && peakAt >= 0) {
        details = {
          peakAt: fillTime(book, peakAt),
          peakSymbol: book.symbols[book.symbolIndexes[peakAt]!],
        };
      }
      // Recorded for the screens, not judged (contract): the limit is maxPositionSize alone.
      if (accountPercentage !== undefined) (details ??= {}).accountPercentage = accountPercentage;
      out.details = details;
      return state;
    },
  };
}
