import * as z from 'zod';
import { ruleCategorySchema, ruleTypeSchema } from './rule-definition';
import { tradingDateSchema } from './day-input';
import { drawdownDaySchema } from './drawdown-day';

/**
 * The daily conformance the engine produces for an account-day, in the shape both specs describe
 * (spec 001 §3 "Conformance", spec 000 §3 "Conformance rule entry" and the report's conformance block).
 * Money is in dollars (exact two-decimal values computed in cents); ratios and progress are fractions.
 */

export const overallStatusSchema = z.enum(['compliant', 'warning', 'violation', 'unknown']);
export type OverallStatus = z.infer<typeof overallStatusSchema>;

/** Unambiguous outcome of a rule; `passed` keeps the specs' display quirk (see conformanceRuleSchema). */
export const ruleOutcomeSchema = z.enum(['ok', 'breached', 'met', 'not-met']);
export type RuleOutcome = z.infer<typeof ruleOutcomeSchema>;

/** Spec badges: violation red, warning yellow, info blue. */
export const severitySchema = z.enum(['info', 'warning', 'violation']);
export type Severity = z.infer<typeof severitySchema>;

/** Spec 001 §3: the 24 violation type names. */
export const violationTypeSchema = z.enum([
  'trailing-drawdown',
  'daily-loss-limit',
  'position-size-exceeded',
  'max-contracts-exceeded',
  'consistency-rule',
  'profit-target-exceeded',
  'protective-stop-missing',
  'daily-profit-excessive',
  'overnight-holding',
  'weekend-trading',
  'news-trading',
  'trading-hours-violation',
  'minimum-hold-time',
  'prohibited-activity',
  'bot-trading',
  'algorithmic-trading',
  'signal-service-usage',
  'hedging-violation',
  'scalping-violation',
  'expert-advisor-usage',
  'minimum-trades-per-month',
  'inactivity',
  'forbidden-instrument',
  'must-stop-at-target',
]);
export type ViolationType = z.infer<typeof violationTypeSchema>;

/** Why a phase's rule reference did not become an evaluated rule. */
export const resolutionProblemSchema = z.object({
  ruleId: z.string(),
  reason: z.enum([
    'missing-definition',
    'inactive-definition',
    'invalid-parameters',
    'duplicate-reference',
  ]),
  message: z.string(),
});
export type ResolutionProblem = z.infer<typeof resolutionProblemSchema>;

/**
 * One rule's judgement for the day. Display quirk of the specs kept: for a violation rule `passed: true`
 * means the violation fired (red cross); for a benchmark it means met. `outcome` says it plainly.
 */
export const conformanceRuleSchema = z.object({
  ruleId: z.string(),
  name: z.string(),
  description: z.string(),
  category: ruleCategorySchema,
  type: ruleTypeSchema,
  isMultiday: z.boolean(),
  passed: z.boolean(),
  outcome: ruleOutcomeSchema,
  currentValue: z.number().nullable(),
  thresholdValue: z.number().nullable(),
  severity: severitySchema,
  message: z.string(),
  /** The rule's share of the overall score: 0 or 1 for a violation rule, the progress of a benchmark. */
  score: z.number().min(0).max(1),
  /** Figures behind the judgement (the drawdown floors, the offending symbols, ...). */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ConformanceRule = z.infer<typeof conformanceRuleSchema>;

/** Spec 001 §3 violationRules[] / benchmarkRules[] entry; `ruleType` is the rule category. */
export const ruleResultSchema = z.object({
  ruleId: z.string(),
  ruleType: ruleCategorySchema,
  target: z.number().nullable(),
  actual: z.number().nullable(),
  passed: z.boolean(),
  /** How close the rule is to its limit (violation) or to being met (benchmark), 0..100. */
  closePct: z.number().min(0).max(100),
  message: z.string(),
});
export type RuleResult = z.infer<typeof ruleResultSchema>;

/** Spec 001 §3 violations[] / newViolations[] entry. */
export const violationSchema = z.object({
  ruleId: z.string(),
  name: z.string(),
  ruleType: violationTypeSchema,
  category: ruleCategorySchema,
  severity: severitySchema,
  date: tradingDateSchema,
  value: z.number().nullable(),
  threshold: z.number().nullable(),
  description: z.string(),
  /** A soft ("pause") breach makes the day a warning and does not fail the account. */
  soft: z.boolean(),
  /** The rule's figures behind the breach (a drawdown's trough and floors); absent on old records. */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type Violation = z.infer<typeof violationSchema>;

export const conformanceSchema = z.object({
  evaluationDate: tradingDateSchema,
  overallStatus: overallStatusSchema,
  /** Any breach so far in the phase (hard or soft). */
  hasViolations: z.boolean(),
  /** Every benchmark rule met (true when the phase has none). */
  benchmarksMet: z.boolean(),
  overallScore: z.number().int().min(0).max(100),
  violationRules: z.array(ruleResultSchema),
  benchmarkRules: z.array(ruleResultSchema),
  /** All breaches so far in the phase. */
  violations: z.array(violationSchema),
  /** Breaches first seen on this day. */
  newViolations: z.array(violationSchema),
  rules: z.array(conformanceRuleSchema),
  /** Rule references of the phase that could not be evaluated, and why. */
  unresolvedRules: z.array(resolutionProblemSchema),
  /** First day all benchmarks were met with no hard breach, once it happened. */
  phasePassedDate: tradingDateSchema.nullable(),
  /** First hard breach, once it happened: the account is failed from then on. */
  phaseFailedDate: tradingDateSchema.nullable(),
  daysTradedCount: z.number().int().min(0),
  consecutiveLossDays: z.number().int().min(0),
  /** The largest fall of an end-of-day balance below the peak before it, so far. */
  maxDrawdownFromHigh: z.number().min(0),
  currentBalance: z.number(),
  startingBalance: z.number(),
  /** Amount of the profit-target benchmark, when the phase has one. */
  profitTarget: z.number().nullable(),
  /** Floor of the first drawdown rule after the day (the balance to stay above), when there is one. */
  trailingDrawdown: z.number().nullable(),
  /**
   * The phase's drawdown rule on this day (decision 34): floors as they trailed and locked, trough and
   * deciding value. Absent on days judged before it existed (read them with `drawdownOfDay`).
   */
  drawdown: drawdownDaySchema.nullable().optional(),
  performance: z
    .object({
      balance: z.number(),
      dailyPnl: z.number(),
      trades: z.number().int().min(0),
      /** Winning trades / trades, as a fraction; null without trades or without a win count. */
      winRate: z.number().min(0).max(1).nullable(),
    })
    .nullable(),
});
export type Conformance = z.infer<typeof conformanceSchema>;
