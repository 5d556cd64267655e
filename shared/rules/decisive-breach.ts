import type { Violation } from './conformance';
import type { EngineState } from './engine-state';

/**
 * The breach that failed the account: a hard (not soft) breach on the day the phase failed. Several
 * rules may break on that day; the first the engine recorded (the phase's rule order) decides. Null
 * for an account that has not failed, or whose state holds no record of the day (an old state).
 */
export function decisiveBreach(
  state: Pick<EngineState, 'failedDate' | 'violations'>,
): Violation | null {
  if (state.failedDate === null) return null;
  return (
    state.violations.find((violation) => violation.date === state.failedDate && !violation.soft) ??
    null
  );
}
