import type { PhaseRuleReference } from '../programs/program';
import { dollarsToCents } from '../money/decimal';
import type { ResolutionProblem, ViolationType } from './conformance';
import type { RuleEvaluator } from './evaluation';
import { compileMessage, MessageRenderer, type MessageTemplate } from './message-template';
import {
  categoryRuleType,
  isRuleMultiday,
  type RuleCategory,
  type RuleDefinition,
  type RuleType,
} from './rule-definition';
import { ruleParametersSchemas, type RuleParametersByCategory } from './rule-parameters';
import { compileConsistency } from './categories/consistency';
import { compileDailyLoss } from './categories/daily-loss';
import { compileDrawdown } from './categories/drawdown';
import { compileInactivity } from './categories/inactivity';
import { compileInstruments } from './categories/instruments';
import { compileNewsTrading } from './categories/news-trading';
import { compileOvernightHolding } from './categories/overnight-holding';
import { compilePositionSize } from './categories/position-size';
import { compileProfitTarget } from './categories/profit-target';
import { compileTradingDays } from './categories/trading-days';
import { compileTradingHours } from './categories/trading-hours';

/** What the engine needs of a phase: structurally a `Phase` of shared/programs. */
export interface PhaseRulesSource {
  startingBalance: number;
  rules: {
    evaluationOrder?: 'priority' | 'alphabetical' | 'custom';
    rules: readonly PhaseRuleReference[];
  };
  phaseManagement?: { payoutEligible?: boolean };
}

/** A phase's rule reference resolved against its definition, ready to judge days. */
export interface CompiledRule {
  ruleId: string;
  name: string;
  description: string;
  category: RuleCategory;
  type: RuleType;
  isMultiday: boolean;
  /** The phase reference's priority (lower first). */
  priority: number;
  /** Spec 001's violation type of a breach; null for benchmarks, which are never breached. */
  violationType: ViolationType | null;
  messages: { success: MessageTemplate; failure: MessageTemplate; warning: MessageTemplate | null };
  renderer: MessageRenderer;
  evaluator: RuleEvaluator;
}

export interface CompiledPhase {
  startingBalanceCents: number;
  payoutEligible: boolean;
  /** Enabled, resolved rules in evaluation order. */
  rules: readonly CompiledRule[];
  /** The rules' ids in evaluation order (a day's breaches are listed in it). */
  ruleIds: readonly string[];
  problems: readonly ResolutionProblem[];
  usesFills: boolean;
  tracksPositions: boolean;
  /** Amount of the first profit-target rule, in cents. */
  profitTargetCents: number | null;
  /** The first drawdown rule, whose floor the conformance reports as the trailing drawdown. */
  drawdownRuleId: string | null;
}

/** The name a breach of each violation category carries among spec 001's violation types. */
const VIOLATION_TYPES: Readonly<Partial<Record<RuleCategory, ViolationType>>> = {
  drawdown: 'trailing-drawdown',
  'daily-loss': 'daily-loss-limit',
  instruments: 'forbidden-instrument',
  'trading-hours': 'trading-hours-violation',
  'news-trading': 'news-trading',
  'position-size': 'position-size-exceeded',
  'overnight-holding': 'overnight-holding',
  inactivity: 'inactivity',
};

function compileEvaluator(
  category: RuleCategory,
  params: unknown,
  startCents: number,
): RuleEvaluator & { amountCents?: number } {
  // `params` has been parsed with ruleParametersSchemas[category] by the caller.
  switch (category) {
    case 'drawdown':
      return compileDrawdown(params as RuleParametersByCategory['drawdown'], startCents);
    case 'daily-loss':
      return compileDailyLoss(params as RuleParametersByCategory['daily-loss']);
    case 'consistency':
      return compileConsistency(params as RuleParametersByCategory['consistency']);
    case 'profit-target':
      return compileProfitTarget(params as RuleParametersByCategory['profit-target'], startCents);
    case 'trading-days':
      return compileTradingDays(params as RuleParametersByCategory['trading-days']);
    case 'instruments':
      return compileInstruments(params as RuleParametersByCategory['instruments']);
    case 'trading-hours':
      return compileTradingHours(params as RuleParametersByCategory['trading-hours']);
    case 'news-trading':
      return compileNewsTrading(params as RuleParametersByCategory['news-trading']);
    case 'position-size':
      return compilePositionSize(params as RuleParametersByCategory['position-size']);
    case 'overnight-holding':
      return compileOvernightHolding(params as RuleParametersByCategory['overnight-holding']);
    case 'inactivity':
      return compileInactivity(params as RuleParametersByCategory['inactivity']);
  }
}

/** Overrides replace test parameters; an empty override (null, undefined, '') means none. */
function mergeParameters(
  testParameters: Record<string, unknown>,
  overrides: Record<string, unknown>,
): Record<string, unknown> {
  const merged = { ...testParameters };
  for (const [name, value] of Object.entries(overrides)) {
    if (value !== undefined && value !== null && value !== '') merged[name] = value;
  }
  return merged;
}

interface Candidate {
  rule: CompiledRule;
  definitionPriority: number;
  position: number;
  amountCents: number | undefined;
}

/**
 * Resolves a phase's rule references against the rule definitions, once per phase: disabled references
 * are skipped; a missing, inactive or duplicated definition, or parameters that fail their category's
 * schema after the overrides, are reported in `problems` instead of judged; the rest are ordered by
 * the phase's evaluation order (priority: lower first, then the definition's priority, then listing).
 */
export function compilePhase(
  phase: PhaseRulesSource,
  definitions: Iterable<RuleDefinition>,
): CompiledPhase {
  const byId = new Map<string, RuleDefinition>();
  for (const definition of definitions) byId.set(definition.ruleId, definition);
  const startingBalanceCents = dollarsToCents(phase.startingBalance);
  const problems: ResolutionProblem[] = [];
  const candidates: Candidate[] = [];
  const seen = new Set<string>();

  phase.rules.rules.forEach((reference, position) => {
    if (!reference.enabled) return;
    const { ruleId } = reference;
    const definition = byId.get(ruleId);
    if (!definition) {
      problems.push({
        ruleId,
        reason: 'missing-definition',
        message: `Rule ${ruleId} is referenced by the phase but has no definition`,
      });
      return;
    }
    if (!definition.enabled || !definition.isActive) {
      problems.push({
        ruleId,
        reason: 'inactive-definition',
        message: `Rule ${ruleId} (${definition.name}) is disabled in the rules catalogue`,
      });
      return;
    }
    if (seen.has(ruleId)) {
      problems.push({
        ruleId,
        reason: 'duplicate-reference',
        message: `Rule ${ruleId} is referenced more than once; only the first reference is judged`,
      });
      return;
    }
    const parsed = ruleParametersSchemas[definition.category].safeParse(
      mergeParameters(definition.testParameters, reference.parameterOverrides),
    );
    if (!parsed.success) {
      const issues = parsed.error.issues
        .map((issue) => `${issue.path.join('.') || 'parameters'}: ${issue.message}`)
        .join('; ');
      problems.push({
        ruleId,
        reason: 'invalid-parameters',
        message: `Rule ${ruleId} (${definition.name}) has invalid parameters: ${issues}`,
      });
      return;
    }
    seen.add(ruleId);
    const evaluator = compileEvaluator(definition.category, parsed.data, startingBalanceCents);
    const custom = reference.customMessages;
    const warning = custom.warning ?? definition.warningMessage;
    candidates.push({
      rule: {
        ruleId,
        name: definition.name,
        description: definition.description,
        category: definition.category,
        type: categoryRuleType[definition.category],
        isMultiday: isRuleMultiday(definition),
        priority: reference.priority,
        violationType: VIOLATION_TYPES[definition.category] ?? null,
        messages: {
          success: compileMessage(custom.success ?? definition.successMessage),
          failure: compileMessage(custom.failure ?? definition.failureMessage),
          warning: warning ? compileMessage(warning) : null,
        },
        renderer: new MessageRenderer(evaluator.format),
        evaluator,
      },
      definitionPriority: definition.priority,
      position,
      amountCents: evaluator.amountCents,
    });
  });

  const order = phase.rules.evaluationOrder ?? 'priority';
  candidates.sort((a, b) => {
    if (order === 'priority') {
      const byPriority =
        a.rule.priority - b.rule.priority || a.definitionPriority - b.definitionPriority;
      if (byPriority !== 0) return byPriority;
    } else if (order === 'alphabetical' && a.rule.name !== b.rule.name) {
      return a.rule.name < b.rule.name ? -1 : 1;
    }
    return a.position - b.position;
  });

  const rules = candidates.map((candidate) => candidate.rule);
  return {
    startingBalanceCents,
    payoutEligible: phase.phaseManagement?.payoutEligible ?? false,
    rules,
    ruleIds: rules.map((rule) => rule.ruleId),
    problems,
    usesFills: rules.some((rule) => rule.evaluator.usesFills),
    tracksPositions: rules.some((rule) => rule.evaluator.tracksPositions),
    profitTargetCents: candidates.find((c) => c.amountCents !== undefined)?.amountCents ?? null,
    drawdownRuleId: rules.find((rule) => rule.category === 'drawdown')?.ruleId ?? null,
  };
}
