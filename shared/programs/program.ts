import { z } from 'zod';

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

export const programStatusSchema = z.enum(['active', 'inactive', 'suspended']);
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

export const feeSchema = z.object({
  type: z.enum(['purchase', 'reset']),
  fee: z.number().nonnegative(),
  recurring: z.enum(['one-time', 'monthly']),
  description: z.string().optional(),
  feeCurrency: z.string().default('USD'),
});
export type Fee = z.infer<typeof feeSchema>;

/** A rule as referenced from a phase: the definition lives in the rules catalogue. */
export const phaseRuleReferenceSchema = z.object({
  ruleId: z.string().min(1),
  enabled: z.boolean().default(true),
  priority: z.number().int().min(1).max(1000).default(100),
  parameterOverrides: z.record(z.string(), z.unknown()).default({}),
  customMessages: z
    .object({
      failure: z.string().optional(),
      success: z.string().optional(),
      warning: z.string().optional(),
    })
    .default({}),
});
export type PhaseRuleReference = z.infer<typeof phaseRuleReferenceSchema>;

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
  rules: z.object({
    programId: z.string(),
    phaseId: z.string(),
    evaluationOrder: evaluationOrderSchema.default('priority'),
    rules: z.array(phaseRuleReferenceSchema).default([]),
  }),
  fees: z.array(feeSchema).default([]),
  phaseManagement: z
    .object({
      payoutEligible: z.boolean().default(false),
      maxAccountsPerTrader: z.number().int().positive().optional(),
    })
    .default({ payoutEligible: false }),
});
export type Phase = z.infer<typeof phaseSchema>;

/** Program prefixes are matched against account ids, so they are upper-case letters, digits and dashes. */
export const programPrefixSchema = z
  .string()
  .trim()
  .min(1, { error: 'Prefix is required' })
  .regex(/^[A-Z0-9-]+$/, { error: 'Prefix may only hold upper-case letters, digits and dashes' });

export const programSchema = z.object({
  prefix: programPrefixSchema,
  name: z.string().trim().min(1, { error: 'Name is required' }),
  description: z.string().default(''),
  type: programTypeSchema,
  status: programStatusSchema,
  currentPhase: z.string().optional(),
  createdBy: z.string().optional(),
  version: z.number().int().positive(),
  phases: z.array(phaseSchema).default([]),
  urls: z
    .object({
      purchaseUrl: z.string().optional(),
      resetUrl: z.string().optional(),
      cancelUrl: z.string().optional(),
    })
    .default({}),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Program = z.infer<typeof programSchema>;

/** `GET /api/programs` answers the current version of every program. */
export const programListSchema = z.array(programSchema);
export type ProgramList = z.infer<typeof programListSchema>;
