import { dollarsToCents } from '../../money/decimal';
import type { TradingDaysState } from '../engine-state';
import type { RuleEvaluator } from '../evaluation';
import type { RuleParametersByCategory } from '../rule-parameters';
import { formatCount } from '../value-format';

/**
 * Trading days (contract "Trading days"): counts days with trades, and with NetPnl ≥ minProfit when
 * `requireProfit`; met at `minDays`.
 */
export function compileTradingDays(
  params: RuleParametersByCategory['trading-days'],
): RuleEvaluator {
  const minProfitCents = params.requireProfit ? dollarsToCents(params.minProfit ?? 0) : null;
  return {
    format: formatCount,
    usesFills: false,
    tracksPositions: false,
    soft: false,
    stateful: true,
    evaluate(day, state, _breachedBefore, out) {
      const before = (state as TradingDaysState | undefined)?.count ?? 0;
      const counts =
        day.isTradingDay && (minProfitCents === null || day.netCents >= minProfitCents);
      const count = counts ? before + 1 : before;
      out.met = count >= params.minDays;
      out.closeness = Math.min(count / params.minDays, 1);
      out.currentValue = count;
      out.thresholdValue = params.minDays;
      return counts || !state ? { count } : state;
    },
  };
}
