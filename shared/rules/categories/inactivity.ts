import { clamp01, type RuleEvaluator } from '../evaluation';
import type { RuleParametersByCategory } from '../rule-parameters';
import { formatCount } from '../value-format';

/**
 * Inactivity (contract "inactivity", single-day): breached when the calendar days since the last
 * trading day exceed `maxInactiveDays`. A trading day counts 0; before the first trading day the days
 * are counted from the account's first day of data (0 on that day).
 */
export function compileInactivity(params: RuleParametersByCategory['inactivity']): RuleEvaluator {
  return {
    format: formatCount,
    usesFills: false,
    tracksPositions: false,
    soft: false,
    stateful: false,
    evaluate(day, state, _breachedBefore, out) {
      const gap = day.epochDay - day.lastActiveEpochDay;
      const idleDays = day.isTradingDay || gap < 0 ? 0 : gap;
      out.breached = idleDays > params.maxInactiveDays;
      out.closeness = clamp01(idleDays / params.maxInactiveDays);
      out.currentValue = idleDays;
      out.thresholdValue = params.maxInactiveDays;
      return state;
    },
  };
}
