import * as z from 'zod';
import { isoTimestampSchema } from '../common/fields';
import { ruleOutcomeSchema } from '../rules/conformance';
import { ruleActionTypeSchema, ruleCategorySchema, ruleTypeSchema } from '../rules/rule-definition';
import { tradingDateSchema } from '../rules/day-input';

/**
 * Spec 001 §3 "Rule outcome": what one rule's test returns for an account-day, with the consequence
 * the rule's action carries. The rules module's conformance entries (`conformanceRuleSchema`,
 * `ruleResultSchema`) hold the figures the screens show; this is the fuller record of one test run.
 * `result` is the unambiguous outcome (`ok`, `breached`, `met`, `not-met`), since `passed` keeps the
 * specs' display quirk for violation rules.
 */
export const ruleOutcomeRecordSchema = z.object({
  ruleId: z.string().min(1),
  type: ruleTypeSchema,
  ruleType: ruleCategorySchema,
  target: z.number().nullable(),
  actual: z.number().nullable(),
  passed: z.boolean(),
  result: ruleOutcomeSchema,
  consequence: ruleActionTypeSchema,
  escalationPolicy: z.string().optional(),
  penalty: z.number().optional(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).default({}),
  /** How close the rule is to its limit (violation) or to being met (benchmark), 0..100. */
  closePct: z.number().min(0).max(100),
  /** How far the actual value missed the target, when it did. */
  missValue: z.number().nullable().optional(),
  date: tradingDateSchema,
  timestamp: isoTimestampSchema,
});
export type RuleOutcomeRecord = z.infer<typeof ruleOutcomeRecordSchema>;
