import fc from 'fast-check';
import { decisiveBreach } from '@shared/rules/decisive-breach';
import {
  engineStateSchema,
  migrateLegacyState,
  violationsInForce,
  createRulesEngine,
  type Conformance,
  type EngineState,
  type Violation,
} from '@shared/rules';
import { benchDefinitions, benchPhase } from '../../../scripts/bench/engine-data';
import { failedAccountDay } from '../../../scripts/bench/failed-account';
import { fullPhase, history, toDays } from './arbitraries';
import { engineWith } from './fixtures';

/*
 * The engine state keeps the phase's violations in bounded aggregates, not in a list that grows by a
 * day (violation-log.ts). These tests hold the aggregates to the list the engine used to keep (every
 * day's new violations, in order): everything read from it reads the same, a state stored with the
 * list migrates to the same state, and a failed account judged for 1,000 days stays small.
 */

const json = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** As a version-1 state stored it: the aggregates replaced by the whole list. */
function legacyOf(state: EngineState, violations: readonly Violation[]) {
  const { violationLog: _log, version: _version, ...rest } = state;
  return { ...rest, version: 1 as const, violations: [...violations] };
}

describe('violation log', () => {
  it('reads as the whole list did: in force, decisive, counts, each rule’s first and last', () => {
    fc.assert(
      fc.property(fullPhase, history, (specs, sketches) => {
        const engine = engineWith(specs);
        let state = engine.initialState();
        const list: Violation[] = [];
        for (const day of toDays(sketches)) {
          const result = engine.evaluateDay(state, day);
          state = result.state;
          list.push(...result.conformance.newViolations);
          const log = state.violationLog;
          expect(log.count).toBe(list.length);
          expect(result.conformance.hasViolations).toBe(list.length > 0);
          // The summary's violations in force, as the list's filter gave them.
          expect(violationsInForce(state)).toEqual(
            list.filter(
              (violation) =>
                violation.date === state.lastDate ||
                state.breaches[violation.ruleId] === violation.date,
            ),
          );
          expect(decisiveBreach(state)).toEqual(
            decisiveBreach({ failedDate: state.failedDate, violations: list }),
          );
          for (const [ruleId, tally] of Object.entries(log.rules)) {
            const ofRule = list.filter((violation) => violation.ruleId === ruleId);
            expect(tally.count).toBe(ofRule.length);
            expect(tally.first).toEqual(ofRule[0]);
            expect(tally.last).toEqual(ofRule.at(-1));
            const firstHard = ofRule.find((violation) => !violation.soft);
            expect(tally.first.soft ? tally.firstHard : tally.first).toEqual(firstHard);
          }
          // The report: each breached rule's latest breach and the decisive one, from the list.
          const reported = result.conformance.violations;
          expect(new Set(reported.map((violation) => violation.ruleId))).toEqual(
            new Set(list.map((violation) => violation.ruleId)),
          );
          for (const violation of reported) expect(list).toContainEqual(violation);
          expect(reported.length).toBeLessThanOrEqual(specs.length + 1);
          // A state stored with the list migrates to the state the engine keeps now.
          expect(json(migrateLegacyState(legacyOf(state, list)))).toEqual(json(state));
        }
      }),
      { numRuns: 50 },
    );
  });

  it('judges on from a state stored with the list exactly as from the state itself', () => {
    fc.assert(
      fc.property(fullPhase, history, fc.nat(), (specs, sketches, cut) => {
        const engine = engineWith(specs);
        const days = toDays(sketches);
        const at = cut % days.length;
        const before = engine.evaluateHistory(days.slice(0, at));
        const list = before.conformances.flatMap((conformance) => conformance.newViolations);
        const stored = engineStateSchema.parse(json(legacyOf(before.state, list)));
        const resumed = engine.evaluateHistory(days.slice(at), stored);
        const straight = engine.evaluateHistory(days);
        expect(json(resumed.state)).toEqual(json(straight.state));
        expect(json(resumed.conformances)).toEqual(json(straight.conformances.slice(at)));
      }),
      { numRuns: 60 },
    );
  });
});

const kb = (value: unknown) => JSON.stringify(value).length / 1024;

describe('a failed account judged for 1,000 days', () => {
  const engine = createRulesEngine({ phase: benchPhase, definitions: benchDefinitions });
  const conformances: Conformance[] = [];
  const sizes: number[] = [];
  let state = engine.initialState();
  let largest = 0;
  beforeAll(() => {
    for (let index = 0; index < 1_000; index += 1) {
      const result = engine.evaluateDay(state, failedAccountDay(index));
      state = result.state;
      conformances.push(result.conformance);
      const summary = engine.summarizeAccount(state, result.conformance);
      sizes.push(kb(state));
      largest = Math.max(largest, kb(state) + kb(result.conformance), kb(summary) + kb(state));
    }
  });

  it('fails on its first day and breaches the daily loss every day ever after', () => {
    expect(state.failedDate).toBe('20240101');
    expect(state.violationLog.count).toBe(1_002);
    expect(state.violationLog.rules['daily-loss']!.count).toBe(1_000);
    expect(decisiveBreach(state)?.date).toBe('20240101');
    // The multiday fill rules broken on day one stay in force.
    expect(
      violationsInForce(state)
        .map((violation) => violation.ruleId)
        .sort(),
    ).toEqual(['daily-loss', 'instruments', 'trading-hours']);
  });

  it('keeps its state, its day report and its summary small and flat', () => {
    expect(largest).toBeLessThan(64);
    // The same size on day 1,000 as on day 30 (dates are all 8 characters).
    expect(Math.abs(sizes[999]! - sizes[29]!)).toBeLessThan(0.1);
    expect(conformances[999]!.violations.length).toBeLessThanOrEqual(benchDefinitions.length + 1);
  });

  it('keeps its history on each day’s report: day 500’s violations from day 500’s', () => {
    const day500 = conformances[499]!;
    expect(day500.evaluationDate).toBe(failedAccountDay(499).date);
    expect(day500.newViolations.map((violation) => [violation.ruleId, violation.date])).toEqual([
      ['daily-loss', day500.evaluationDate],
    ]);
    const all = conformances.flatMap((conformance) => conformance.newViolations);
    expect(all).toHaveLength(state.violationLog.count);
  });
});
