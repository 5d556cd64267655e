import type { DayInput, RulesEngine } from '@shared/rules';
import { accountPath, explainVerdict } from '@shared/rules/explain';

/**
 * A real engine run over constructed days, explained: the path from each day's figures and
 * conformance, the explanation from the final state and the last day with data. The tests' sentences
 * and figures are therefore the engine's own numbers.
 */
export function explainRun(
  engine: RulesEngine,
  days: DayInput[],
  options: { program?: string; timeZone?: string } = {},
) {
  const { state, conformances } = engine.evaluateHistory(days);
  const path = accountPath(
    days.map((input, index) => ({
      Date: input.date,
      AcctBal: input.performance!.AcctBal,
      NetPnl: input.performance!.NetPnl,
      LowPnl: input.performance!.LowPnl,
      conformance: conformances[index]!,
    })),
  );
  const latest = [...conformances].reverse().find((conformance) => conformance.rules.length > 0);
  const explanation = explainVerdict({ state, latest: latest ?? null, path, ...options });
  return { state, conformances, path, explanation };
}
