import {
  centsToDollars,
  decimalFraction,
  dollarsToCents,
  multiplyDivideRound,
} from '../../money/decimal';
import { clamp01, type RuleEvaluator } from '../evaluation';
import type { RuleParametersByCategory } from '../rule-parameters';
import { formatDollars } from '../value-format';

/**
 * Profit target (contract "Profit target"): met when EOD − start reaches the amount, `target` dollars
 * or `target` percent of the starting balance (rounded to the cent).
 */
export function compileProfitTarget(
  params: RuleParametersByCategory['profit-target'],
  startCents: number,
): RuleEvaluator & { amountCents: number } {
  let amountCents: number;
  if (params.type === 'absolute') {
    amountCents = dollarsToCents(params.target);
  } else {
    const { numerator, denominator } = decimalFraction(params.target);
    amountCents = multiplyDivideRound(startCents, numerator, denominator * 100);
  }
  return {
    amountCents,
    format: formatDollars,
    usesFills: false,
    tracksPositions: false,
    soft: false,
    stateful: false,
    evaluate(day, state, _breachedBefore, out) {
      const profit = day.eodCents - day.startCents;
      out.met = profit >= amountCents;
      out.closeness = amountCents <= 0 ? (out.met ? 1 : 0) : clamp01(profit / amountCents);
      out.currentValue = centsToDollars(profit);
      out.thresholdValue = centsToDollars(amountCents);
      return state;
    },
  };
}
