import { fillTime, type RuleEvaluator } from '../evaluation';
import type { RuleParametersByCategory } from '../rule-parameters';
import { productRoot } from '../symbols';
import { formatCount } from '../value-format';

/**
 * Overnight holding (contract "Fill-based rules"): breached when the day's fills leave a net position
 * open in an instrument not in `allowedInstruments` (compared by product root). The contract judges the
 * position after the day's last fill; `closeTime` is reported with the breach, not used to cut the day.
 */
export function compileOvernightHolding(
  params: RuleParametersByCategory['overnight-holding'],
): RuleEvaluator {
  const allowed = new Set(
    (params.allowedInstruments ?? [])
      .filter((entry) => entry.allowed)
      .map((entry) => productRoot(entry.symbol)),
  );
  return {
    format: formatCount,
    usesFills: true,
    tracksPositions: true,
    soft: false,
    stateful: false,
    evaluate(day, state, _breachedBefore, out) {
      const closing = day.fills.closing;
      let open = 0;
      let symbols: string[] | undefined;
      let positions: Record<string, number> | undefined;
      for (const symbol in closing) {
        if (allowed.has(productRoot(symbol))) continue;
        open += Math.abs(closing[symbol]!);
        (symbols ??= []).push(symbol);
        (positions ??= {})[symbol] = closing[symbol]!;
      }
      out.breached = open > 0;
      out.closeness = out.breached ? 1 : 0;
      out.currentValue = open;
      out.thresholdValue = 0;
      if (symbols) {
        // The net position per symbol (positive long) and the day's last fill say what stayed open.
        const last = day.fills.count > 0 ? fillTime(day.fills, day.fills.count - 1) : null;
        out.details = {
          openSymbols: symbols,
          closeTime: params.closeTime,
          positions,
          lastFill: last,
        };
      }
      return state;
    },
  };
}
