import * as z from 'zod';
import { ruleParametersSchemas } from './rule-parameters';

/**
 * A rule definition of the rules catalogue (spec 001 §3), as the engine and the rules screens read it.
 * Phases reference definitions by `ruleId` (`phaseRuleReferenceSchema` in shared/programs).
 */

/**
 * Spec 001 §3 categories, plus `daily-loss` and `inactivity`, which the rules contract defines and the
 * spec's multiday logic (§4) names.
 */
export const ruleCategorySchema = z.enum([
  'drawdown',
  'daily-loss',
  'consistency',
  'profit-target',
  'trading-days',
  'instruments',
  'trading-hours',
  'news-trading',
  'position-size',
  'overnight-holding',
  'inactivity',
]);
export type RuleCategory = z.infer<typeof ruleCategorySchema>;

export const ruleTypeSchema = z.enum(['violation', 'benchmark']);
export type RuleType = z.infer<typeof ruleTypeSchema>;

/** The rules contract fixes each category's type: three benchmarks, the rest violation rules. */
export const categoryRuleType: Readonly<Record<RuleCategory, RuleType>> = {
  drawdown: 'violation',
  'daily-loss': 'violation',
  consistency: 'benchmark',
  'profit-target': 'benchmark',
  'trading-days': 'benchmark',
  instruments: 'violation',
  'trading-hours': 'violation',
  'news-trading': 'violation',
  'position-size': 'violation',
  'overnight-holding': 'violation',
  inactivity: 'violation',
};

/** Spec 001 §3 action types, with the three more the screens offer. */
export const ruleActionTypeSchema = z.enum([
  'warning',
  'liquidation',
  'termination',
  'block-new-trades',
  'reduce-exposure',
  'graduation',
  'payout',
  'none',
]);

export const parameterTypeSchema = z.enum(['number', 'string', 'boolean', 'array', 'object']);

export const ruleActionSchema = z.object({
  type: ruleActionTypeSchema,
  description: z.string().trim().min(1, { error: 'Action description is required' }),
  immediate: z.boolean().default(false),
  message: z.string().optional(),
  requiresApproval: z.boolean().default(false),
});

const requiredText = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` });

const ruleDefinitionObjectSchema = z.object({
  /** Required, but `_id` may stand in for it (spec 001 §3: "ruleId (also _id)"). */
  ruleId: requiredText('Rule ID').optional(),
  _id: z.string().trim().min(1).optional(),
  name: requiredText('Rule Name'),
  description: requiredText('Description'),
  type: ruleTypeSchema.optional(),
  action: ruleActionSchema,
  enabled: z.boolean().default(true),
  priority: z.number().int().min(1).max(100).default(1),
  category: ruleCategorySchema,
  testClassName: requiredText('Test Class Name'),
  testParameters: z.record(z.string(), z.unknown()).default({}),
  successMessage: requiredText('Success Message'),
  failureMessage: requiredText('Failure Message'),
  warningMessage: z.string().trim().optional(),
  isActive: z.boolean().default(true),
  isMultiday: z.boolean().optional(),
  version: z.string().default('1.0.0'),
  tags: z
    .array(z.string())
    .default([])
    .transform((tags) => [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))]),
  documentation: z.string().optional(),
  examples: z.array(z.string()).default([]),
  parameterValidation: z
    .array(
      z.object({
        parameterName: z.string().min(1),
        required: z.boolean().default(false),
        type: parameterTypeSchema.optional(),
      }),
    )
    .default([]),
  defaultValue: z.unknown().optional(),
  dataSource: z.string().optional(),
  implementation: z.unknown().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  /**
   * The stored version of the definition (decision 36): every save makes a new immutable version,
   * and program versions pin the one they were saved with. Not the spec's free-text `version`.
   */
  ruleVersion: z.number().int().positive().optional(),
  /** Who saved this version (the staff member's email). */
  updatedBy: z.string().optional(),
});

/**
 * Spec 001 §3 rule definition. `_id` stands in for a missing `ruleId`; `type` defaults to the
 * category's type and may not contradict it; `testParameters` must satisfy the category's parameter
 * schema (errors are reported under `testParameters.<name>`).
 */
export const ruleDefinitionSchema = ruleDefinitionObjectSchema
  .superRefine((rule, context) => {
    if (rule.ruleId === undefined && rule._id === undefined) {
      context.addIssue({ code: 'custom', message: 'Rule ID is required', path: ['ruleId'] });
    }
    const expected = categoryRuleType[rule.category];
    if (rule.type !== undefined && rule.type !== expected) {
      context.addIssue({
        code: 'custom',
        message: `A ${rule.category} rule is a ${expected} rule`,
        path: ['type'],
      });
    }
    const parsed = ruleParametersSchemas[rule.category].safeParse(rule.testParameters);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      context.addIssue({
        code: 'custom',
        message: issue.message,
        path: ['testParameters', ...issue.path],
      });
    }
  })
  .transform((rule) => ({
    ...rule,
    ruleId: rule.ruleId ?? rule._id ?? '',
    type: rule.type ?? categoryRuleType[rule.category],
  }));
export type RuleDefinition = z.infer<typeof ruleDefinitionSchema>;

const SINGLE_DAY_KINDS = new Set(['daily-loss', 'inactivity']);

/**
 * Spec 001 §4 / spec 000 §4: a rule is multiday when `isMultiday` says so; otherwise it is multiday
 * unless its category or its name (lower-cased, spaces to dashes) is daily-loss or inactivity.
 */
export function isRuleMultiday(rule: Pick<RuleDefinition, 'isMultiday' | 'category' | 'name'>) {
  if (rule.isMultiday !== undefined) return rule.isMultiday;
  const slug = rule.name.trim().toLowerCase().replace(/\s+/g, '-');
  return !SINGLE_DAY_KINDS.has(rule.category) && !SINGLE_DAY_KINDS.has(slug);
}
