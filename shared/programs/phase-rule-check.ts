import type { FieldIssue } from '../api/errors';
import type { RuleDefinition } from '../rules/rule-definition';
import { parameterIssues } from './rule-body';

/** What the check reads of a phase: its rule references. */
interface PhaseReferences {
  rules: {
    rules: readonly { ruleId: string; parameterOverrides: Record<string, unknown> }[];
  };
}

/** An override the engine ignores (compile-phase.ts): null, undefined or an empty string. */
function isEmptyOverride(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/**
 * The checks of a program's rule references that need the rules catalogue: every referenced rule
 * exists, and each reference's overrides name parameters of the rule's category and, merged over the
 * rule's test parameters as the engine merges them, satisfy the category's schema. Messages carry the
 * phase number like the form's ('Phase 2: …'); fields are the body paths.
 */
export function phaseRuleIssues(
  phases: readonly PhaseReferences[],
  definitions: ReadonlyMap<string, RuleDefinition>,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  phases.forEach((phase, phaseIndex) => {
    phase.rules.rules.forEach((reference, position) => {
      const field = `phases.${phaseIndex}.rules.rules.${position}`;
      const label = `Phase ${phaseIndex + 1}:`;
      issues.push(
        ...referenceIssues(reference, definitions.get(reference.ruleId)).map((issue) => ({
          field: `${field}.${issue.field}`,
          message: `${label} ${issue.message}`,
        })),
      );
    });
  });
  return issues;
}

/** The checks of one rule reference against its definition; fields are relative to the reference. */
export function referenceIssues(
  reference: { ruleId: string; parameterOverrides: Record<string, unknown> },
  definition: RuleDefinition | undefined,
): FieldIssue[] {
  if (!definition) {
    return [{ field: 'ruleId', message: `Unknown rule ${reference.ruleId}` }];
  }
  const overrides = Object.entries(reference.parameterOverrides).filter(
    ([, value]) => !isEmptyOverride(value),
  );
  const merged = { ...definition.testParameters, ...Object.fromEntries(overrides) };
  return parameterIssues(
    definition.category,
    merged,
    overrides.map(([name]) => name),
  ).map((issue) => ({
    field: ['parameterOverrides', ...issue.path].join('.'),
    message: `${definition.name}: ${issue.message}`,
  }));
}
