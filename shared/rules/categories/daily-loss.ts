import { centsToDollars, dollarsToCents } from '../../money/decimal';
import { clamp01, type RuleEvaluator } from '../evaluation';
import type { RuleParametersByCategory } from '../rule-parameters';
import { formatDollars } from '../value-format';

/**
 * Daily loss (contract "Daily loss"): breached when min(LowPnl, NetPnl) ≤ −maxDailyLoss (hitting the
 * limit counts). `pause` makes it a soft rule: the day is a warning and the account goes on.
 */
export function compileDailyLoss(params: RuleParametersByCategory['daily-loss']): RuleEvaluator {
  const limitCents = dollarsToCents(params.maxDailyLoss);
  return {
    format: formatDollars,
    usesFills: false,
    tracksPositions: false,
    soft: params.kind === 'pause',
    stateful: false,
    evaluate(day, state, _breachedBefore, out) {
      const worst =
        day.lowPnlCents === null ? day.netCents : Math.min(day.lowPnlCents, day.netCents);
      const loss = worst < 0 ? -worst : 0;
      out.breached = worst <= -limitCents;
      out.nearLimit = 5 * -worst >= 4 * limitCents;
      out.closeness = clamp01(loss / limitCents);
      out.currentValue = centsToDollars(loss);
      out.thresholdValue = centsToDollars(limitCents);
      return state;
    },
  };
}
