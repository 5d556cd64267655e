import { phaseSchema, type PhaseRuleReference } from '@shared/programs/program';
import {
  createRulesEngine,
  ruleDefinitionSchema,
  type DayInput,
  type PerformanceRow,
  type RuleCategory,
  type RuleDefinition,
  type RulesEngine,
} from '@shared/rules';

/** Builders for the rules-engine tests: definitions through the real schemas, phases too. */

export interface RuleSpec {
  category: RuleCategory;
  params: Record<string, unknown>;
  ruleId?: string;
  name?: string;
  isMultiday?: boolean;
  successMessage?: string;
  failureMessage?: string;
  warningMessage?: string;
}

export function definition(spec: RuleSpec): RuleDefinition {
  return ruleDefinitionSchema.parse({
    ruleId: spec.ruleId ?? spec.category,
    name: spec.name ?? `${spec.category} rule`,
    description: `The ${spec.category} rule`,
    category: spec.category,
    action: { type: 'termination', description: 'Fails the account' },
    testClassName: 'RuleTest',
    testParameters: spec.params,
    successMessage: spec.successMessage ?? 'OK: {actual} of {target}',
    failureMessage: spec.failureMessage ?? 'Failed: {actual} against {target}',
    warningMessage: spec.warningMessage,
    isMultiday: spec.isMultiday,
  });
}

export function phaseWith(
  references: Array<Partial<PhaseRuleReference> & { ruleId: string }>,
  options: { startingBalance?: number; payoutEligible?: boolean; evaluationOrder?: string } = {},
) {
  return phaseSchema.parse({
    phaseId: 'phase-1',
    phaseName: 'Phase 1',
    type: 'evaluation',
    accountSize: options.startingBalance ?? 50_000,
    startingBalance: options.startingBalance ?? 50_000,
    rules: {
      programId: 'TEST',
      phaseId: 'phase-1',
      evaluationOrder: options.evaluationOrder ?? 'priority',
      rules: references,
    },
    phaseManagement: { payoutEligible: options.payoutEligible ?? false },
  });
}

/** An engine for a phase holding exactly these rules, each referenced with default settings. */
export function engineWith(
  specs: RuleSpec[],
  options: { startingBalance?: number; payoutEligible?: boolean } = {},
): RulesEngine {
  const definitions = specs.map(definition);
  return createRulesEngine({
    phase: phaseWith(
      definitions.map((rule) => ({ ruleId: rule.ruleId })),
      options,
    ),
    definitions,
  });
}

/** An account-day; Trades defaults to 1 so that the day counts as a trading day. */
export function day(
  date: string,
  performance: Partial<PerformanceRow> & Pick<PerformanceRow, 'AcctBal' | 'NetPnl'>,
  extra: Pick<DayInput, 'fills' | 'trades'> = {},
): DayInput {
  return { date, performance: { Trades: 1, ...performance }, ...extra };
}

/** A fill at an ISO instant. */
export function fill(FillTime: string, Symbol: string, Side: 'B' | 'S', FillSize = 1) {
  return { FillTime, Symbol, Side, FillSize };
}
