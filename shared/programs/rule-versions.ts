import * as z from 'zod';
import { ruleDefinitionSchema } from '../rules/rule-definition';
import { programSaveResultSchema } from './program-requests';

/**
 * Rule versions (decision 36): each save of a rule is a new immutable version, and each program
 * version pins the rule versions it was saved with.
 */

const versionNumber = z.number().int().positive();

/** One program version that uses a rule, and the rule version it pins (null: saved before pinning). */
export const ruleUseSchema = z.object({
  prefix: z.string(),
  name: z.string(),
  programVersion: versionNumber,
  /** The program's current version (false: an older version accounts still trade). */
  current: z.boolean(),
  phases: z.array(z.string()),
  ruleVersion: versionNumber.nullable(),
  /** Accounts trading this program version. */
  accounts: z.number().int().nonnegative(),
});
export type RuleUse = z.infer<typeof ruleUseSchema>;

/** `GET /api/rules/{ruleId}/usage`: which program versions use the rule, at which rule version. */
export const ruleUsageResponseSchema = z.object({
  ruleId: z.string(),
  currentVersion: versionNumber,
  uses: z.array(ruleUseSchema),
});
export type RuleUsageResponse = z.infer<typeof ruleUsageResponseSchema>;

/** `GET /api/rules/{ruleId}/versions`: every stored version of the rule, newest first. */
export const ruleVersionsSchema = z.array(ruleDefinitionSchema);

/** A rule reference whose pinned version is older than the rule's current version. */
export const outdatedRuleSchema = z.object({
  phaseId: z.string(),
  ruleId: z.string(),
  /** null: the program version was saved before pinning (it judges with the current version). */
  pinnedVersion: versionNumber.nullable(),
  currentVersion: versionNumber,
});
export type OutdatedRule = z.infer<typeof outdatedRuleSchema>;

/**
 * `POST /api/programs/{prefix}/upgrade-rules`: the program as saved (a new version pinning the latest
 * rule versions, or the current one unchanged when nothing was newer) and the references it moved.
 */
export const programRulesUpgradeResultSchema = programSaveResultSchema.extend({
  upgraded: z.array(outdatedRuleSchema),
});
export type ProgramRulesUpgradeResult = z.infer<typeof programRulesUpgradeResultSchema>;
