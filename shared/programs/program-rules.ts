import * as z from 'zod';
import { phaseRuleReferenceUpdateBodySchema } from './program-body';
import { phaseRulesSchema } from './program';

/**
 * Spec 001 §3 "Program rules (assignment map)": programId → the rule configuration of the program
 * (`{programId, phaseId, evaluationOrder, rules[]}`), as `GET /api/programs/rules` answers it in
 * `{programRules}`. The entry is the same shape as a phase's `rules`.
 */
export const programRulesMapSchema = z.record(z.string(), phaseRulesSchema);
export type ProgramRulesMap = z.infer<typeof programRulesMapSchema>;

export const programRulesResponseSchema = z.object({ programRules: programRulesMapSchema });
export type ProgramRulesResponse = z.infer<typeof programRulesResponseSchema>;

/**
 * `PUT /api/rules/programs/{prefix}/phases/{phaseId}/rules/{ruleId}`: the settings of a phase's rule
 * reference to change (the request schema of program-body.ts).
 */
export const phaseRuleReferenceUpdateSchema = phaseRuleReferenceUpdateBodySchema;
export type PhaseRuleReferenceUpdate = z.infer<typeof phaseRuleReferenceUpdateSchema>;
