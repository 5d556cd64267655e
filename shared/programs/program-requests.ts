import * as z from 'zod';
import { actionResultSchema, countSchema, idSchema, INPUT_LIMITS } from '../common/fields';
import { ruleCategorySchema, ruleDefinitionSchema, ruleTypeSchema } from '../rules/rule-definition';
import { MAX_PROGRAM_VERSION } from './program-body';
import { phaseRuleReferenceSchema, phaseRulesSchema, programSchema } from './program';

/**
 * Path and query parameters of the programs and rules routes, and the answers spec 001 §7 leaves open.
 * Path ids are validated before any database call.
 */

/** A program prefix in a path: upper-cased, so `/api/programs/eval50k` is EVAL50K. */
export const programPrefixParamSchema = idSchema('prefix').overwrite((prefix) =>
  prefix.toUpperCase(),
);

export const programPathSchema = z.object({ prefix: programPrefixParamSchema });
export type ProgramPath = z.infer<typeof programPathSchema>;

const VERSION_MESSAGE = `version must be a whole number from 1 to ${MAX_PROGRAM_VERSION}`;

export const programVersionPathSchema = z.object({
  prefix: programPrefixParamSchema,
  version: z
    .string({ error: VERSION_MESSAGE })
    .regex(/^\d{1,6}$/, { error: VERSION_MESSAGE })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, { error: VERSION_MESSAGE })
        .max(MAX_PROGRAM_VERSION, { error: VERSION_MESSAGE }),
    ),
});

export const rulePathSchema = z.object({ ruleId: idSchema('ruleId') });

export const phasePathSchema = z.object({
  prefix: programPrefixParamSchema,
  phaseId: idSchema('phaseId'),
});

export const phaseRulePathSchema = phasePathSchema.extend({ ruleId: idSchema('ruleId') });

/** `GET /api/rules` filters (spec 001 §2.17): search in name or description, exact category, type. */
export const ruleListQuerySchema = z.object({
  search: z
    .string()
    .max(INPUT_LIMITS.search, { error: `search must be at most ${INPUT_LIMITS.search} characters` })
    .trim()
    .optional(),
  category: ruleCategorySchema.optional(),
  type: ruleTypeSchema.optional(),
});
export type RuleListQuery = z.infer<typeof ruleListQuerySchema>;

/**
 * `POST /api/programs` and `PUT /api/programs/{prefix}` answer the stored program and how many accounts
 * trade an older version of it: the edit screen offers the upgrade when that is above 0 (decision 17).
 */
export const programSaveResultSchema = programSchema.extend({ outdatedAccounts: countSchema });
export type ProgramSaveResult = z.infer<typeof programSaveResultSchema>;

/** `GET /api/programs/{prefix}/versions`: every stored version, newest first. */
export const programVersionsSchema = z.array(programSchema);

/** `DELETE /api/programs/{prefix}` and `DELETE /api/rules/{ruleId}`. */
export const deleteResultSchema = actionResultSchema;

/** Where a rule is used: program prefixes whose current version has it in a phase. */
export const ruleUsageSchema = z.record(z.string(), z.array(z.string()));

/** `GET /api/rules`: `{rules}` (spec 001 §7) and, for the Used By column, `usedBy` by rule id. */
export const ruleListResponseSchema = z.object({
  rules: z.array(ruleDefinitionSchema),
  usedBy: ruleUsageSchema,
});
export type RuleListResponse = z.infer<typeof ruleListResponseSchema>;

/** A phase's rule reference with its definition, or null when the catalogue lacks it ('Missing'). */
export const assignedRuleSchema = phaseRuleReferenceSchema.extend({
  definition: ruleDefinitionSchema.nullable(),
});

/** `GET /api/rules/programs/{prefix}`: the rules of every phase of the program's current version. */
export const programRuleAssignmentsSchema = z.object({
  programId: z.string(),
  name: z.string(),
  version: z.number().int().positive(),
  currentPhase: z.string().optional(),
  phases: z.array(
    phaseRulesSchema.omit({ rules: true }).extend({
      phaseName: z.string(),
      rules: z.array(assignedRuleSchema),
    }),
  ),
});
export type ProgramRuleAssignments = z.infer<typeof programRuleAssignmentsSchema>;

/**
 * The phase-rule routes (add, change, remove a reference) save a new program version: they answer
 * the phase's rule configuration and the version it is now in.
 */
export const phaseRulesChangeResultSchema = phaseRulesSchema.extend({
  version: z.number().int().positive(),
});
export type PhaseRulesChangeResult = z.infer<typeof phaseRulesChangeResultSchema>;
