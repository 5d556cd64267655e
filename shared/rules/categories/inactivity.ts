import { clamp01, type RuleEvaluator } from '../evaluation';
import type { RuleParametersByCategory } from '../rule-parameters';
import { formatCount } from '../value-format';

/**
 * Inactivity (contract "inactivity", single-day): breached when the calendar days without trading
 * since the last trading day exceed `maxInactiveDays`. On a trading day the gap that just ended is
 * judged (days strictly between the two trading days), so a gap is caught whether or not the broker
 * reported the idle days.
 */
export function compileInactivity(params: RuleParametersByCategory['inactivity']): RuleEvaluator {
  return {
    format: formatCount,
    usesFills: false,
    tracksPositions: false,
    soft: false,
    stateful: false,
    evaluate(day, state, _breachedBefore, out) {
      const gap = day.epochDay - day.lastActiveEpochDay - (day.isTradingDay ? 1 : 0);
      const idleDays = gap > 0 ? gap : 0;
      out.breached = idleDays > params.maxInactiveDays;
      out.closeness = clamp01(idleDays / params.maxInactiveDays);
      out.currentValue = idleDays;
      out.thresholdValue = params.maxInactiveDays;
      return state;
    },
  };
}
