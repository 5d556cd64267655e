import type { Violation } from './conformance';
import type { EngineState } from './engine-state';

/**
 * The breach that failed the account: a hard (not soft) breach on the day the phase failed. Several
 * rules may break on that day; the first the engine recorded (the phase's rule order) decides. Null
 * for an account that has not failed, or whose state holds no record of the day (an old state).
 *
 * Reads the engine state's log (which keeps it), or a list of violations that holds the failing day's
 * (an account summary stored before it kept the decisive breach: its violations in force).
 */
export function decisiveBreach(
  source:
    | Pick<EngineState, 'failedDate' | 'violationLog'>
    | { failedDate: string | null; violations: readonly Violation[] },
): Violation | null {
  if (source.failedDate === null) return null;
  if ('violationLog' in source) return source.violationLog.decisive;
  return (
    source.violations.find(
      (violation) => violation.date === source.failedDate && !violation.soft,
    ) ?? null
  );
}
