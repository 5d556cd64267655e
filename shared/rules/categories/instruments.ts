import {
  offendingFill,
  OFFENDING_FILLS_KEPT,
  type OffendingFill,
  type RuleEvaluator,
} from '../evaluation';
import type { RuleParametersByCategory } from '../rule-parameters';
import { productRoot } from '../symbols';
import { formatCount } from '../value-format';

/**
 * Instruments (contract "Fill-based rules"): breached by a fill in an instrument that is not allowed,
 * compared by product root (`ESZ5` is allowed by `ES` or `ESH6`), or by exact symbol in strict mode.
 */
export function compileInstruments(params: RuleParametersByCategory['instruments']): RuleEvaluator {
  const strict = params.strictMode === true;
  const allowed = new Set(
    params.allowedInstruments
      .filter((entry) => entry.allowed)
      .map((entry) => (strict ? entry.symbol : productRoot(entry.symbol))),
  );
  return {
    format: formatCount,
    usesFills: true,
    tracksPositions: false,
    soft: false,
    stateful: false,
    evaluate(day, state, _breachedBefore, out) {
      const book = day.fills;
      const keys = strict ? book.symbols : book.roots;
      let offending = 0;
      let symbols: string[] | undefined;
      for (let index = 0; index < keys.length; index += 1) {
        const fills = book.fillCounts[index]!;
        if (fills === 0 || allowed.has(keys[index]!)) continue;
        offending += fills;
        (symbols ??= []).push(book.symbols[index]!);
      }
      let fills: OffendingFill[] | undefined;
      for (let index = 0; symbols && index < book.count; index += 1) {
        if (!symbols.includes(book.symbols[book.symbolIndexes[index]!]!)) continue;
        (fills ??= []).push(offendingFill(book, index));
        if (fills.length === OFFENDING_FILLS_KEPT) break;
      }
      out.breached = offending > 0;
      out.closeness = out.breached ? 1 : 0;
      out.currentValue = offending;
      out.thresholdValue = 0;
      if (symbols) out.details = { forbiddenSymbols: symbols, allowed: [...allowed], fills };
      return state;
    },
  };
}
