import { centsToDollars, dollarsToCents } from '../../money/decimal';
import type { DrawdownState } from '../engine-state';
import { clamp01, type RuleEvaluator } from '../evaluation';
import type { RuleParametersByCategory } from '../rule-parameters';
import { formatDollars } from '../value-format';

/**
 * Drawdown (contract "Drawdown"): the account must stay above a floor, F_0 = start − maxDrawdown,
 * raised after each day by end-of-day balance (`eod`) or intraday peak (`daily-highs`, `trailing`),
 * never above start + lockOffset, never lowered. Touching the floor is not a breach.
 */
export function compileDrawdown(
  params: RuleParametersByCategory['drawdown'],
  startCents: number,
): RuleEvaluator {
  const maxCents = dollarsToCents(params.maxDrawdown);
  const lockCents =
    params.lockOffset === undefined
      ? Number.POSITIVE_INFINITY
      : startCents + dollarsToCents(params.lockOffset);
  const initialFloor = startCents - maxCents;
  const { resetType } = params;
  return {
    format: formatDollars,
    usesFills: false,
    tracksPositions: false,
    soft: false,
    stateful: true,
    evaluate(day, state, breachedBefore, out) {
      const floorInForce = (state as DrawdownState | undefined)?.floorCents ?? initialFloor;
      // After a breach the floor stops moving (the account has failed); later days are still judged
      // on their own against it.
      let raisedTo = floorInForce;
      if (!breachedBefore && resetType === 'eod') raisedTo = day.eodCents - maxCents;
      else if (!breachedBefore && resetType !== 'static') raisedTo = day.peakCents - maxCents;
      const floorAfter = Math.max(floorInForce, Math.min(raisedTo, lockCents));
      const breached =
        day.troughCents < floorInForce || (resetType === 'trailing' && day.eodCents < floorAfter);
      const settled = breached || breachedBefore;
      const cushion = day.eodCents - floorAfter;
      out.breached = breached;
      out.nearLimit = !breached && 5 * (maxCents - cushion) >= 4 * maxCents;
      out.closeness = breached
        ? 1
        : maxCents === 0
          ? cushion <= 0
            ? 1
            : 0
          : clamp01((maxCents - cushion) / maxCents);
      out.currentValue = centsToDollars(day.peakBalanceCents - day.eodCents);
      out.thresholdValue = centsToDollars(maxCents);
      out.details = {
        resetType,
        floorInForce: centsToDollars(floorInForce),
        floorAfter: settled ? null : centsToDollars(floorAfter),
        locked: floorAfter >= lockCents,
      };
      if (settled) return state ?? { floorCents: floorInForce };
      return floorAfter === floorInForce && state ? state : { floorCents: floorAfter };
    },
  };
}
