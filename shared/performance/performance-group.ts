/*
 * The name of a Latest Performance group, apart from the list's schemas: the sync stores each judged
 * day under its group's key, and a module of plain functions costs its bundle nothing it does not call.
 */

/** A group's key as the screen names it in its URL: `<phase>-<broker status>` (`demo-admin-only`). */
export function performanceGroupKey(phase: string, rithmicStatus: string): string {
  return `${phase}-${rithmicStatus.toLowerCase().replace(/\s+/g, '-')}`;
}
