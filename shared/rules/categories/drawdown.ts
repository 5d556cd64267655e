import { centsToDollars, dollarsToCents } from '../../money/decimal';
import { drawdownDayOf } from '../drawdown-day';
import type { DrawdownState } from '../engine-state';
import type { RuleEvaluator } from '../evaluation';
import type { RuleParametersByCategory } from '../rule-parameters';
import { formatDollars } from '../value-format';

/**
 * Drawdown (contract "Drawdown"): the account must stay above a floor, F_0 = start − maxDrawdown,
 * raised after each day by end-of-day balance (`eod`) or intraday peak (`daily-highs`, `trailing`),
 * never above start + lockOffset, never lowered. Touching the floor is not a breach. The value shown
 * is the one that decided (decision 34): on a breach day the drawdown at the trough against the floor
 * in force (or at the close for `trailing`), else the drawdown used at the close against the floor as
 * it trailed and locked; both are maxDrawdown − (balance − floor), so the value exceeds the limit
 * exactly when the rule is breached.
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
      const drawdown = drawdownDayOf({
        maxCents,
        floorInForceCents: floorInForce,
        closeFloorCents: floorAfter,
        floorCents: settled ? floorInForce : floorAfter,
        troughCents: day.troughCents,
        balanceCents: day.eodCents,
        locked: floorAfter >= lockCents,
        closeBreaches: resetType === 'trailing',
      });
      out.breached = breached;
      out.nearLimit = !breached && 5 * (maxCents - cushion) >= 4 * maxCents;
      out.closeness = drawdown.usage;
      out.currentValue = drawdown.decided;
      out.thresholdValue = drawdown.maxDrawdown;
      out.drawdown = drawdown;
      out.details = {
        resetType,
        floorInForce: drawdown.floorInForce,
        floorAfter: settled ? null : drawdown.floor,
        // The floor the close is judged against (after the day's raise), kept on a breach day too.
        closeFloor: centsToDollars(floorAfter),
        maxDrawdown: drawdown.maxDrawdown,
        locked: drawdown.locked,
        trough: drawdown.trough,
        atTrough: drawdown.atTrough,
        used: drawdown.used,
      };
      if (breached && drawdown.trough !== null && drawdown.trough < drawdown.floorInForce) {
        out.note = `low ${formatDollars(drawdown.trough)} under the ${formatDollars(drawdown.floorInForce)} floor`;
      } else if (breached) {
        out.note = `close ${formatDollars(drawdown.balance)} under the ${formatDollars(centsToDollars(floorAfter))} floor`;
      }
      if (settled) return state ?? { floorCents: floorInForce };
      return floorAfter === floorInForce && state ? state : { floorCents: floorAfter };
    },
  };
}
