import { centsToDollars, compareProducts, decimalFraction } from '../../money/decimal';
import { isoWeekStart, monthKey } from '../calendar';
import type { ConsistencyState } from '../engine-state';
import type { RuleEvaluator } from '../evaluation';
import type { RuleParametersByCategory } from '../rule-parameters';
import { formatRatioAsPercent } from '../value-format';

/**
 * Consistency (contract "Consistency"): the best period's NetPnl must stay strictly below
 * `minConsistency` of the total. Only the open period can still change, so the state keeps the best
 * closed period, the open one and the total: three numbers however long the phase.
 */
export function compileConsistency(params: RuleParametersByCategory['consistency']): RuleEvaluator {
  const { numerator, denominator } = decimalFraction(params.minConsistency);
  const { period } = params;
  return {
    format: formatRatioAsPercent,
    usesFills: false,
    tracksPositions: false,
    soft: false,
    stateful: true,
    evaluate(day, state, _breachedBefore, out) {
      const previous = state as ConsistencyState | undefined;
      const key =
        period === 'daily'
          ? day.epochDay
          : period === 'weekly'
            ? isoWeekStart(day.epochDay)
            : monthKey(day.date);
      let bestCents = previous?.bestCents ?? 0;
      let periodCents = day.netCents;
      if (previous && previous.periodKey === key) periodCents += previous.periodCents;
      else if (previous) bestCents = Math.max(bestCents, previous.periodCents);
      const totalCents = (previous?.totalCents ?? 0) + day.netCents;
      const best = Math.max(bestCents, periodCents, 0);
      // best / total < min ⇔ best × den < num × total (total > 0): exact, so 40% of a 0.4 limit fails.
      const met = totalCents > 0 && compareProducts(best, denominator, numerator, totalCents) < 0;
      out.met = met;
      out.closeness = met
        ? 1
        : totalCents <= 0
          ? 0
          : Math.min(1, (totalCents * numerator) / (best * denominator));
      out.currentValue = totalCents > 0 ? best / totalCents : null;
      out.thresholdValue = params.minConsistency;
      out.details = {
        period,
        bestPeriod: centsToDollars(best),
        total: centsToDollars(totalCents),
      };
      return { bestCents, periodKey: key, periodCents, totalCents };
    },
  };
}
