import * as z from 'zod';
import { violationSchema, type Violation } from './conformance';

/*
 * The violations of a phase as the engine state keeps them: bounded aggregates whose size depends on
 * the phase's rules, never on the number of days judged. A failed account that keeps breaching every
 * day keeps the same few entries; each violation stays on its own day's report (`newViolations` of that
 * day's stored item), which is where the full history is read from.
 */

const count = z.number().int().min(0);

/** How one rule has been breached in the phase: how often, the first and the latest breach. */
export const violationTallySchema = z.strictObject({
  count: z.number().int().min(1),
  first: violationSchema,
  /** The rule's first hard breach, when its first breach was soft and a hard one came later. */
  firstHard: violationSchema.optional(),
  last: violationSchema,
});
export type ViolationTally = z.infer<typeof violationTallySchema>;

/**
 * The violations of the phase in bounded aggregates (its size depends on the phase's rules, never on
 * the number of days): a failed account that keeps breaching every day stores the same few entries.
 * Each violation stays on its own day's report (`newViolations` of that day's PERF item), which is
 * where the full history is read from.
 */
export const violationLogSchema = z.strictObject({
  /** Violations recorded in the phase so far. */
  count,
  /** Per rule breached so far (by rule id). */
  rules: z.record(z.string(), violationTallySchema),
  /** The violations recorded on the last day with data (that day's `newViolations`), in rule order. */
  lastDay: z.array(violationSchema),
  /** The breaches of multiday rules in the order they happened: they stay breached (`breaches`). */
  held: z.array(violationSchema),
  /** The breach that failed the phase (`decisiveBreach`); null while not failed. */
  decisive: violationSchema.nullable(),
});
export type ViolationLog = z.infer<typeof violationLogSchema>;

export const emptyViolationLog = (): ViolationLog => ({
  count: 0,
  rules: {},
  lastDay: [],
  held: [],
  decisive: null,
});

/**
 * The log with a day's new violations added (in the order the engine recorded them). `failedToday`:
 * the day failed the phase, so its first hard violation is the decisive one.
 */
export function logViolations(
  log: ViolationLog,
  added: readonly Violation[],
  held: ReadonlySet<string> | ((ruleId: string) => boolean),
  failedToday: boolean,
): ViolationLog {
  const isHeld = typeof held === 'function' ? held : (ruleId: string) => held.has(ruleId);
  const rules = { ...log.rules };
  let heldList = log.held;
  for (const violation of added) {
    const tally = rules[violation.ruleId];
    if (tally) {
      const firstHard =
        tally.firstHard ?? (tally.first.soft && !violation.soft ? violation : undefined);
      rules[violation.ruleId] = {
        count: tally.count + 1,
        first: tally.first,
        ...(firstHard && { firstHard }),
        last: violation,
      };
    } else {
      rules[violation.ruleId] = { count: 1, first: violation, last: violation };
    }
    if (isHeld(violation.ruleId)) heldList = [...heldList, violation];
  }
  return {
    count: log.count + added.length,
    rules,
    lastDay: [...added],
    held: heldList,
    decisive: failedToday ? (added.find((violation) => !violation.soft) ?? null) : log.decisive,
  };
}

/**
 * Violations still in force after the last day with data: the breaches of multiday rules (they stay
 * breached) and the breaches of that day itself, in the order they happened.
 */
export function violationsInForce(state: {
  lastDate: string | null;
  breaches: Readonly<Record<string, string>>;
  violationLog: ViolationLog;
}): Violation[] {
  const { held, lastDay } = state.violationLog;
  const before = held.filter(
    (violation) =>
      violation.date !== state.lastDate && state.breaches[violation.ruleId] === violation.date,
  );
  return before.length ? [...before, ...lastDay] : [...lastDay];
}

/**
 * The breaches so far in the phase in brief, as a day's report lists them: the latest breach of each
 * rule breached so far, and the breach that failed the phase when it is not that; oldest first, a
 * day's breaches in `ruleOrder` (the phase's rules). At most one per rule and one more; the violations
 * in force are among them.
 */
export function violationsSoFar(log: ViolationLog, ruleOrder: readonly string[]): Violation[] {
  if (log.count === 0) return [];
  const listed: Violation[] = [];
  const rank = new Map<string, number>();
  for (const ruleId of ruleOrder) if (log.rules[ruleId]) rank.set(ruleId, rank.size);
  for (const ruleId of Object.keys(log.rules)) if (!rank.has(ruleId)) rank.set(ruleId, rank.size);
  for (const ruleId of rank.keys()) listed.push(log.rules[ruleId]!.last);
  const decisive = log.decisive;
  if (decisive && log.rules[decisive.ruleId]?.last.date !== decisive.date) listed.push(decisive);
  return listed.sort(
    (a, b) =>
      (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) || rank.get(a.ruleId)! - rank.get(b.ruleId)!,
  );
}
