import * as z from 'zod';
import { ruleActionTypeSchema } from '../rules/rule-definition';

/** Enumerations exactly as spec 001 §3 lists them. */
export const programTypeSchema = z.enum([
  'eval',
  'hybrid-eval',
  'performance',
  'sim-funded',
  'live-funded',
  'demo',
]);
export type ProgramType = z.infer<typeof programTypeSchema>;

/**
 * Program statuses (decision 13): spec 001 §3 stores active, inactive and suspended, and the form
 * offers deprecated; all four are stored and offered.
 */
export const programStatusSchema = z.enum(['active', 'inactive', 'suspended', 'deprecated']);
export type ProgramStatus = z.infer<typeof programStatusSchema>;

export const phaseTypeSchema = z.enum([
  'evaluation',
  'sim-funded',
  'pre-payout',
  'payout-qualified',
  'live-funded',
  'demo',
]);
export type PhaseType = z.infer<typeof phaseTypeSchema>;

export const evaluationOrderSchema = z.enum(['priority', 'alphabetical', 'custom']);
export type EvaluationOrder = z.infer<typeof evaluationOrderSchema>;

export const feeTypeSchema = z.enum(['purchase', 'reset']);
export type FeeType = z.infer<typeof feeTypeSchema>;
export const feeRecurrenceSchema = z.enum(['one-time', 'monthly']);
export type FeeRecurrence = z.infer<typeof feeRecurrenceSchema>;

export const feeSchema = z.object({
  type: feeTypeSchema,
  fee: z.number().nonnegative(),
  recurring: feeRecurrenceSchema,
  description: z.string().optional(),
  feeCurrency: z.string().default('USD'),
});
export type Fee = z.infer<typeof feeSchema>;

/** Messages a phase gives a rule instead of the definition's own ({actual} and {target} filled in). */
export const customMessagesSchema = z.object({
  failure: z.string().optional(),
  success: z.string().optional(),
  warning: z.string().optional(),
});
export type CustomMessages = z.infer<typeof customMessagesSchema>;

/** A rule as referenced from a phase: the definition lives in the rules catalogue. */
export const phaseRuleReferenceSchema = z.object({
  ruleId: z.string().min(1),
  /**
   * The version of the rule definition this program version was saved with (decision 36): the sync
   * judges with it. Absent only in program versions saved before rules were versioned.
   */
  ruleVersion: z.number().int().positive().optional(),
  enabled: z.boolean().default(true),
  /** Lower number, higher priority (spec 001 §2.5: 1 to 1000). */
  priority: z
    .number()
    .int()
    .min(1, { error: 'Priority must be between 1 and 1000' })
    .max(1000, { error: 'Priority must be between 1 and 1000' })
    .default(100),
  parameterOverrides: z.record(z.string(), z.unknown()).default({}),
  /** The program-rule form's action override: the consequence this phase gives the rule instead. */
  actionOverride: ruleActionTypeSchema.optional(),
  customMessages: customMessagesSchema.default({}),
});
export type PhaseRuleReference = z.infer<typeof phaseRuleReferenceSchema>;

/** A phase's rule configuration; also the entry of the program-rules map (spec 001 §3). */
export const phaseRulesSchema = z.object({
  programId: z.string(),
  phaseId: z.string(),
  evaluationOrder: evaluationOrderSchema.default('priority'),
  rules: z.array(phaseRuleReferenceSchema).default([]),
});
export type PhaseRules = z.infer<typeof phaseRulesSchema>;

/**
 * A payout-eligible phase's payout parameters, edited on the phase card. The days and the
 * consistency a payout needs are the phase's trading-days and consistency rules, judged nightly; these
 * add the money: `buffer` is profit that must stay in the account (the trader may take the balance
 * above starting balance + buffer), `minAmount` the smallest request, `maxAmount` the largest (none:
 * no cap), `profitSplit` the trader's share in percent.
 */
export const payoutParametersSchema = z.object({
  buffer: z.number().nonnegative().default(0),
  minAmount: z.number().nonnegative().default(0),
  maxAmount: z.number().positive().optional(),
  profitSplit: z.number().min(0).max(100).default(100),
});
export type PayoutParameters = z.infer<typeof payoutParametersSchema>;

export const phaseManagementSchema = z.object({
  payoutEligible: z.boolean().default(false),
  maxAccountsPerTrader: z.number().int().positive().optional(),
  payout: payoutParametersSchema.optional(),
});
export type PhaseManagement = z.infer<typeof phaseManagementSchema>;

export const phaseSchema = z.object({
  phaseId: z.string().min(1),
  phaseName: z.string().min(1),
  description: z.string().default(''),
  type: phaseTypeSchema,
  accountSize: z.number().nonnegative(),
  startingBalance: z.number().nonnegative(),
  currency: z.string().default('USD'),
  nextPhase: z.string().optional(),
  isNextAProgram: z.boolean().optional(),
  rules: phaseRulesSchema,
  fees: z.array(feeSchema).default([]),
  phaseManagement: phaseManagementSchema.default({ payoutEligible: false }),
  /**
   * Figures the account balance chart reads (spec 001 §3). Derived from the phase's rules when the
   * API answers; never edited on their own.
   */
  benchmarkRules: z
    .object({ profitTarget: z.object({ target: z.number() }).optional() })
    .optional(),
  violationRules: z
    .object({ drawdowns: z.array(z.object({ maxDrawdown: z.number() })).default([]) })
    .optional(),
});
export type Phase = z.infer<typeof phaseSchema>;

export const PROGRAM_PREFIX_REQUIRED = 'Program prefix is required';
export const PROGRAM_PREFIX_CHARACTERS =
  'Program prefix can only contain letters, numbers, and hyphens';

/** Program prefixes are matched against account ids, so they are upper-case letters, digits and dashes. */
export const programPrefixSchema = z
  .string({ error: PROGRAM_PREFIX_REQUIRED })
  .trim()
  .min(1, { error: PROGRAM_PREFIX_REQUIRED, abort: true })
  .regex(/^[A-Z0-9-]+$/, { error: PROGRAM_PREFIX_CHARACTERS });

export const programUrlsSchema = z.object({
  purchaseUrl: z.string().optional(),
  resetUrl: z.string().optional(),
  cancelUrl: z.string().optional(),
});
export type ProgramUrls = z.infer<typeof programUrlsSchema>;

export const programSchema = z.object({
  prefix: programPrefixSchema,
  name: z.string().trim().min(1, { error: 'Program name is required' }),
  description: z.string().default(''),
  type: programTypeSchema,
  status: programStatusSchema,
  currentPhase: z.string().optional(),
  createdBy: z.string().optional(),
  version: z.number().int().positive(),
  phases: z.array(phaseSchema).default([]),
  urls: programUrlsSchema.default({}),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  /** Who saved this version (the signed-in staff member's email). */
  updatedBy: z.string().optional(),
  /** The earlier version whose rules this one restored ("Revert to version N"); set by the server. */
  revertedFrom: z.number().int().positive().optional(),
});
export type Program = z.infer<typeof programSchema>;

/** `GET /api/programs` answers the current version of every program. */
export const programListSchema = z.array(programSchema);
export type ProgramList = z.infer<typeof programListSchema>;
