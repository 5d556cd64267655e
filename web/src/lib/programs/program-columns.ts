import type { Fee, FeeRecurrence, FeeType, Phase, Program } from '@shared/programs/program';
import { currentPhaseOf } from '@shared/programs/current-phase';
import type { RuleCategory, RuleDefinition } from '@shared/rules/rule-definition';
import { MISSING, formatWholeMoney } from '@/lib/format';

/**
 * The derived columns of the Trading Programs list (spec 001 §2.1). Figures that belong to a phase
 * are read from the program's current phase (spec decision 15), or its first phase when the current
 * one is not among them; parameters are the rule definition's test values with the phase's
 * overrides on top, which is what the engine judges with.
 */

export type RuleCatalogue = ReadonlyMap<string, RuleDefinition>;

export const TRAIL_TYPE_LABELS: Record<string, string> = {
  eod: 'eod',
  'daily-highs': 'daily-highs',
  static: 'static',
  trailing: 'trail',
};

interface PhaseRuleParameters {
  category: RuleCategory | undefined;
  name: string;
  parameters: Record<string, unknown>;
}

/** The enabled rules of a phase with their effective parameters, in the phase's priority order. */
export function phaseRuleParameters(phase: Phase, catalogue: RuleCatalogue): PhaseRuleParameters[] {
  return [...phase.rules.rules]
    .filter((reference) => reference.enabled)
    .sort((a, b) => a.priority - b.priority)
    .map((reference) => {
      const definition = catalogue.get(reference.ruleId);
      return {
        category: definition?.category,
        name: definition?.name ?? reference.ruleId,
        parameters: { ...definition?.testParameters, ...reference.parameterOverrides },
      };
    });
}

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return undefined;
}

function firstParameter(
  rules: PhaseRuleParameters[],
  matches: (rule: PhaseRuleParameters) => boolean,
  names: string[],
): unknown {
  for (const rule of rules) {
    if (!matches(rule)) continue;
    for (const name of names) {
      if (rule.parameters[name] !== undefined) return rule.parameters[name];
    }
  }
  return undefined;
}

export function feeAmount(
  fees: readonly Fee[],
  type: FeeType,
  recurring: FeeRecurrence,
): number | undefined {
  return fees.find((fee) => fee.type === type && fee.recurring === recurring)?.fee;
}

export interface ProgramRow {
  program: Program;
  prefix: string;
  name: string;
  type: Program['type'];
  status: Program['status'];
  accountSize: number | undefined;
  /** Dollars for an absolute target; a percentage target is kept as its percent. */
  profitTarget: { value: number; kind: 'absolute' | 'percentage' } | undefined;
  maxDraw: number | undefined;
  trailType: string | undefined;
  minDays: number | undefined;
  maxShares: number | undefined;
  registrationFee: number | undefined;
  monthlyPrice: number | undefined;
  resetFee: number | undefined;
  version: number;
}

const hasName = (rule: PhaseRuleParameters, ...words: string[]) =>
  words.some((word) => rule.name.toLowerCase().includes(word));

export function programRow(program: Program, catalogue: RuleCatalogue): ProgramRow {
  const phase = currentPhaseOf(program);
  const rules = phase ? phaseRuleParameters(phase, catalogue) : [];
  const fees = phase?.fees ?? [];
  const isDrawdown = (rule: PhaseRuleParameters) => rule.category === 'drawdown';
  const target = firstParameter(rules, (rule) => rule.category === 'profit-target', ['target']);
  const targetKind = firstParameter(rules, (rule) => rule.category === 'profit-target', ['type']);
  const resetType = firstParameter(rules, isDrawdown, ['resetType']);
  const hasDrawdown = rules.some(isDrawdown);
  const targetValue = numberOf(target);
  return {
    program,
    prefix: program.prefix,
    name: program.name,
    type: program.type,
    status: program.status,
    accountSize: phase?.accountSize,
    profitTarget:
      targetValue === undefined
        ? undefined
        : { value: targetValue, kind: targetKind === 'percentage' ? 'percentage' : 'absolute' },
    maxDraw: numberOf(firstParameter(rules, isDrawdown, ['maxDrawdown'])),
    // eod is the default reset type of a drawdown rule that names none.
    trailType: hasDrawdown
      ? (TRAIL_TYPE_LABELS[typeof resetType === 'string' ? resetType : 'eod'] ?? String(resetType))
      : undefined,
    minDays: numberOf(
      firstParameter(rules, (rule) => rule.category === 'trading-days' || hasName(rule, 'day'), [
        'minDays',
        'minNumbersOfDays',
      ]),
    ),
    maxShares: numberOf(
      firstParameter(
        rules,
        (rule) => rule.category === 'position-size' || hasName(rule, 'position'),
        // Spec decision 19: maxPositionSize, or maxSize in older data; a threshold otherwise.
        ['maxPositionSize', 'maxSize', 'threshold'],
      ),
    ),
    registrationFee: feeAmount(fees, 'purchase', 'one-time'),
    monthlyPrice: feeAmount(fees, 'purchase', 'monthly'),
    resetFee: feeAmount(fees, 'reset', 'one-time'),
    version: program.version,
  };
}

export function formatProfitTarget(target: ProgramRow['profitTarget']): string {
  if (target === undefined) return MISSING;
  return target.kind === 'percentage' ? `${target.value}%` : formatWholeMoney(target.value);
}

/**
 * The copy prompt's suggestion (spec 001 §2.1, decision 20): `<prefix>-COPY`, then `-COPY2`,
 * `-COPY3`… until one is free.
 */
export function suggestCopyPrefix(prefix: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base = `${prefix}-COPY`;
  if (!used.has(base)) return base;
  for (let number = 2; ; number += 1) {
    if (!used.has(`${base}${number}`)) return `${base}${number}`;
  }
}
