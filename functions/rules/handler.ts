import type { ActionResult } from '@shared/common/fields';
import {
  phaseRuleReferenceBodySchema,
  phaseRuleReferenceUpdateBodySchema,
} from '@shared/programs/program-body';
import { referenceIssues } from '@shared/programs/phase-rule-check';
import {
  phasePathSchema,
  phaseRulePathSchema,
  programPathSchema,
  ruleListQuerySchema,
  rulePathSchema,
  type PhaseRulesChangeResult,
  type ProgramRuleAssignments,
  type RuleListResponse,
} from '@shared/programs/program-requests';
import type { PhaseRuleReference, Program } from '@shared/programs/program';
import { ruleBodySchema } from '@shared/programs/rule-body';
import type { RuleUsageResponse } from '@shared/programs/rule-versions';
import { ruleDefinitionSchema, type RuleDefinition } from '@shared/rules/rule-definition';
import { rulesRoutes } from '@shared/api/routes/rules';
import type { Caller } from '../lib/auth-context';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import { createHttpHandler, Reply, route } from '../lib/http-handler';
import { programRepository } from '../lib/repositories/program-repository';
import { ruleRepository } from '../lib/repositories/rule-repository';
import {
  assertRuleUnused,
  changePhaseRules,
  currentProgram,
  definitionsOf,
  editorOf,
  ruleUsageOf,
  ruleUsesOf,
  validationErrorOf,
} from '../lib/programs/program-service';

const ruleNotFound = (ruleId: string) => new NotFoundError(`Rule ${ruleId} not found`);

/** The phase's rules after a change, with the version the change was saved as. */
function changeResult(program: Program, phaseId: string): PhaseRulesChangeResult {
  const phase = program.phases.find((entry) => entry.phaseId === phaseId);
  if (!phase) throw new NotFoundError(`Program ${program.prefix} has no phase ${phaseId}`);
  return { ...phase.rules, version: program.version };
}

/** Refuses (400) a reference to a rule the catalogue lacks, or overrides that do not fit the rule. */
async function assertReferenceResolves(reference: {
  ruleId: string;
  parameterOverrides: Record<string, unknown>;
}): Promise<void> {
  const issues = referenceIssues(reference, await ruleRepository.get(reference.ruleId));
  if (issues.length > 0) throw validationErrorOf(issues);
}

/** 404 unless the program's current version has the phase. */
async function assertPhaseExists(prefix: string, phaseId: string): Promise<Program> {
  const program = await currentProgram(prefix);
  if (!program.phases.some((phase) => phase.phaseId === phaseId)) {
    throw new NotFoundError(`Program ${prefix} has no phase ${phaseId}`);
  }
  return program;
}

function referenceIn(program: Program, phaseId: string, ruleId: string) {
  return program.phases
    .find((phase) => phase.phaseId === phaseId)
    ?.rules.rules.find((reference) => reference.ruleId === ruleId);
}

/**
 * Refuses (409) a change of a rule that would leave the overrides a current program gives it unfit
 * (another category, parameters renamed or rebounded): the sync could no longer judge that phase.
 */
async function assertOverridesStillFit(rule: RuleDefinition): Promise<void> {
  const misfits: string[] = [];
  for (const program of await programRepository.listCurrent()) {
    for (const phase of program.phases) {
      for (const reference of phase.rules.rules) {
        if (reference.ruleId !== rule.ruleId) continue;
        const issues = referenceIssues(reference, rule);
        if (issues.length > 0) {
          misfits.push(
            `${program.prefix} (${phase.phaseId}): ${issues.map((i) => i.message).join('; ')}`,
          );
        }
      }
    }
  }
  if (misfits.length > 0) {
    throw new ConflictError(
      `Rule ${rule.ruleId} cannot change so: the overrides programs give it would not fit: ${misfits.sort().join(' | ')}`,
    );
  }
}

const notInPhase = (prefix: string, phaseId: string, ruleId: string) =>
  new NotFoundError(`Rule ${ruleId} is not in phase ${phaseId} of program ${prefix}`);

/**
 * Saves a new version of the program with one rule reference of a phase changed by `change`: 404
 * unless the phase holds the reference, checked again on the version the save reads (another
 * editor may have removed it since).
 */
async function changeReference(
  { prefix, phaseId, ruleId }: { prefix: string; phaseId: string; ruleId: string },
  change: (rules: PhaseRuleReference[]) => PhaseRuleReference[],
  caller: Caller | undefined,
): Promise<PhaseRulesChangeResult> {
  const saved = await changePhaseRules(
    prefix,
    phaseId,
    (rules) => {
      if (!rules.some((entry) => entry.ruleId === ruleId)) {
        throw notInPhase(prefix, phaseId, ruleId);
      }
      return change(rules);
    },
    caller,
  );
  return changeResult(saved, phaseId);
}

export const handler = createHttpHandler(rulesRoutes, {
  'GET /api/rules': route({
    query: ruleListQuerySchema,
    async handle({ query }): Promise<RuleListResponse> {
      const [rules, programs] = await Promise.all([
        ruleRepository.list({
          ...(query.category && { category: query.category }),
          ...(query.search && { search: query.search }),
        }),
        programRepository.listCurrent(),
      ]);
      return {
        rules: query.type ? rules.filter((rule) => rule.type === query.type) : rules,
        usedBy: ruleUsageOf(programs),
      };
    },
  }),

  'POST /api/rules': route({
    body: ruleBodySchema,
    async handle({ body, caller }): Promise<Reply> {
      return new Reply(201, await ruleRepository.create(body, editorOf(caller)));
    },
  }),

  'GET /api/rules/programs/{prefix}': route({
    params: programPathSchema,
    async handle({ params }): Promise<ProgramRuleAssignments> {
      const program = await currentProgram(params.prefix);
      const definitions = await definitionsOf(program.phases);
      return {
        programId: program.prefix,
        name: program.name,
        version: program.version,
        currentPhase: program.currentPhase,
        phases: program.phases.map((phase) => ({
          programId: program.prefix,
          phaseId: phase.phaseId,
          phaseName: phase.phaseName,
          evaluationOrder: phase.rules.evaluationOrder,
          rules: phase.rules.rules.map((reference) => ({
            ...reference,
            definition: definitions.get(reference.ruleId) ?? null,
          })),
        })),
      };
    },
  }),

  'POST /api/rules/programs/{prefix}/phases/{phaseId}/rules': route({
    params: phasePathSchema,
    body: phaseRuleReferenceBodySchema,
    async handle({ params, body, caller }): Promise<Reply> {
      await assertPhaseExists(params.prefix, params.phaseId);
      await assertReferenceResolves(body);
      const reference: PhaseRuleReference = body;
      const saved = await changePhaseRules(
        params.prefix,
        params.phaseId,
        (rules) => {
          if (rules.some((entry) => entry.ruleId === body.ruleId)) {
            throw new ConflictError(
              `Rule ${body.ruleId} is already in phase ${params.phaseId} of program ${params.prefix}`,
            );
          }
          return [...rules, reference];
        },
        caller,
      );
      return new Reply(201, changeResult(saved, params.phaseId));
    },
  }),

  'PUT /api/rules/programs/{prefix}/phases/{phaseId}/rules/{ruleId}': route({
    params: phaseRulePathSchema,
    body: phaseRuleReferenceUpdateBodySchema,
    async handle({ params, body, caller }): Promise<PhaseRulesChangeResult> {
      const { prefix, phaseId, ruleId } = params;
      const program = await assertPhaseExists(prefix, phaseId);
      const existing = referenceIn(program, phaseId, ruleId);
      if (!existing) throw notInPhase(prefix, phaseId, ruleId);
      if (body.parameterOverrides) {
        await assertReferenceResolves({ ruleId, parameterOverrides: body.parameterOverrides });
      }
      return changeReference(
        params,
        (rules) =>
          rules.map((entry) => {
            if (entry.ruleId !== ruleId) return entry;
            const { actionOverride, ...changes } = body;
            const { actionOverride: _previous, ...rest } = entry;
            const nextAction = actionOverride === undefined ? entry.actionOverride : actionOverride;
            return {
              ...rest,
              ...(changes.enabled !== undefined && { enabled: changes.enabled }),
              ...(changes.priority !== undefined && { priority: changes.priority }),
              ...(changes.parameterOverrides && {
                parameterOverrides: changes.parameterOverrides,
              }),
              ...(changes.customMessages && { customMessages: changes.customMessages }),
              ...(nextAction && { actionOverride: nextAction }),
            };
          }),
        caller,
      );
    },
  }),

  'DELETE /api/rules/programs/{prefix}/phases/{phaseId}/rules/{ruleId}': route({
    params: phaseRulePathSchema,
    async handle({ params, caller }): Promise<PhaseRulesChangeResult> {
      const { prefix, phaseId, ruleId } = params;
      const program = await assertPhaseExists(prefix, phaseId);
      if (!referenceIn(program, phaseId, ruleId)) throw notInPhase(prefix, phaseId, ruleId);
      return changeReference(
        params,
        (rules) => rules.filter((entry) => entry.ruleId !== ruleId),
        caller,
      );
    },
  }),

  'GET /api/rules/{ruleId}': route({
    params: rulePathSchema,
    async handle({ params }): Promise<RuleDefinition> {
      const rule = await ruleRepository.get(params.ruleId);
      if (!rule) throw ruleNotFound(params.ruleId);
      return rule;
    },
  }),

  'GET /api/rules/{ruleId}/usage': route({
    params: rulePathSchema,
    async handle({ params }): Promise<RuleUsageResponse> {
      const [rule, uses] = await Promise.all([
        ruleRepository.get(params.ruleId),
        ruleUsesOf(params.ruleId),
      ]);
      if (!rule) throw ruleNotFound(params.ruleId);
      return { ruleId: rule.ruleId, currentVersion: rule.ruleVersion ?? 1, uses };
    },
  }),

  'GET /api/rules/{ruleId}/versions': route({
    params: rulePathSchema,
    async handle({ params }): Promise<RuleDefinition[]> {
      const versions = await ruleRepository.listVersions(params.ruleId);
      if (versions.length === 0) throw ruleNotFound(params.ruleId);
      return versions.reverse();
    },
  }),

  /**
   * Saves the edit as the rule's next version (decision 36): program versions keep the version they
   * pinned until their next version or an explicit upgrade. `ruleVersion` in the body is the version
   * the editor loaded (409 when another save came first).
   */
  'PUT /api/rules/{ruleId}': route({
    params: rulePathSchema,
    body: ruleBodySchema,
    async handle({ params, body, caller }): Promise<RuleDefinition> {
      if (body.ruleId !== params.ruleId) {
        const message = 'The Rule ID of a rule cannot change: copy the rule instead';
        throw new ValidationError(message, [{ field: 'ruleId', message }]);
      }
      await assertOverridesStillFit(ruleDefinitionSchema.parse(body));
      const { ruleVersion, ...definition } = body;
      return ruleRepository.update(params.ruleId, definition, {
        ...(ruleVersion !== undefined && { expectedVersion: ruleVersion }),
        ...(editorOf(caller) && { updatedBy: editorOf(caller) }),
      });
    },
  }),

  'DELETE /api/rules/{ruleId}': route({
    params: rulePathSchema,
    async handle({ params }): Promise<ActionResult> {
      if (!(await ruleRepository.get(params.ruleId))) throw ruleNotFound(params.ruleId);
      await assertRuleUnused(params.ruleId);
      await ruleRepository.delete(params.ruleId);
      return { success: true, message: `Rule ${params.ruleId} deleted` };
    },
  }),
});
