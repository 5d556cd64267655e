import * as z from 'zod';
import { ruleCategorySchema, ruleTypeSchema } from '../rule-definition';
import { tradingDateSchema } from '../day-input';

/**
 * The verdict of an account, explained (shared/rules/explain): per rule a standing, one sentence and
 * the figures behind it, all derived from the engine's own state and stored day results, so that the
 * staff screen, the trader's screen and later e-mails say the same thing. Money in dollars.
 */

/** Where one rule stands: violation rules are ok, warning (80% of a limit) or breached; benchmarks
 *  are met or missing. */
export const standingSchema = z.enum(['ok', 'warning', 'breached', 'met', 'missing']);
export type Standing = z.infer<typeof standingSchema>;

/** A fill that broke a rule, with its time on the clock the rule is judged in. */
export const explainedFillSchema = z.object({
  /** The broker's time (an instant with offset). */
  time: z.string(),
  /** HH:MM:SS on `timeZone`'s clock. */
  localTime: z.string(),
  timeZone: z.string(),
  symbol: z.string(),
  /** What the fill broke: the window, the event, the limit. */
  broke: z.string(),
});
export type ExplainedFill = z.infer<typeof explainedFillSchema>;

export const ruleExplanationSchema = z.object({
  ruleId: z.string(),
  name: z.string(),
  category: ruleCategorySchema,
  type: ruleTypeSchema,
  standing: standingSchema,
  /** The breach that failed the account (`decisiveBreach`). */
  decisive: z.boolean(),
  /** The day the standing refers to: the breach day, else the last judged day. */
  date: tradingDateSchema.nullable(),
  sentence: z.string(),
  /** The numbers the sentence names, by name (dollars, counts, fractions), for screens to render. */
  figures: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()])),
  fills: z.array(explainedFillSchema),
});
export type RuleExplanation = z.infer<typeof ruleExplanationSchema>;

export const verdictStatusSchema = z.enum(['no-data', 'active', 'passed', 'failed']);
export type VerdictStatus = z.infer<typeof verdictStatusSchema>;

export const verdictExplanationSchema = z.object({
  status: verdictStatusSchema,
  /** One line for the account: the decisive rule's sentence, or what is still missing. */
  headline: z.string(),
  decisiveRuleId: z.string().nullable(),
  evaluationDate: tradingDateSchema.nullable(),
  failedDate: tradingDateSchema.nullable(),
  passedDate: tradingDateSchema.nullable(),
  /** Decisive rule first, then breached, warning, missing, ok and met rules, each in phase order. */
  rules: z.array(ruleExplanationSchema),
});
export type VerdictExplanation = z.infer<typeof verdictExplanationSchema>;

/** One judged day of the account's path: what the chart draws and the day view's daily loss. */
export const pathDaySchema = z.object({
  date: tradingDateSchema,
  /** End-of-day balance. */
  balance: z.number(),
  /** The day's lowest balance (the drawdown's trough); null without a drawdown rule or low. */
  low: z.number().nullable(),
  /** The floor in force during the day (the trough is judged against it). */
  floor: z.number().nullable(),
  /** The floor after the day, as it trailed and locked. */
  floorAfter: z.number().nullable(),
  locked: z.boolean(),
  /** The first day the floor is locked. */
  lockedToday: z.boolean(),
  /** Start + profit target; null without a target. */
  target: z.number().nullable(),
  /** `warning`: a limit 80% used or a soft breach; `breach`: a hard breach first seen this day. */
  marker: z.enum(['warning', 'breach']).nullable(),
  /** Names of the rules breached this day. */
  breaches: z.array(z.string()),
  dailyLoss: z
    .object({
      /** The day's worst loss (positive dollars) and the limit. */
      loss: z.number(),
      limit: z.number(),
      breached: z.boolean(),
      warning: z.boolean(),
    })
    .nullable(),
});
export type PathDay = z.infer<typeof pathDaySchema>;

/** `GET /api/accounts/{accountId}/verdict`. */
export const accountVerdictSchema = z.object({
  accountId: z.string(),
  /** Whose account it is (the owner's trader id). */
  traderId: z.string(),
  /** "EVAL50K v3", when the account has a program. */
  program: z.string().nullable(),
  startingBalance: z.number().nullable(),
  explanation: verdictExplanationSchema,
  path: z.array(pathDaySchema),
});
export type AccountVerdict = z.infer<typeof accountVerdictSchema>;
