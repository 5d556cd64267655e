import {
  programCopyBodySchema,
  programCreateBodySchema,
  programUpdateBodySchema,
  type ProgramUpdateBody,
} from '@shared/programs/program-body';
import { randomUUID } from 'node:crypto';
import {
  programPathSchema,
  programVersionPathSchema,
  type ProgramSaveResult,
} from '@shared/programs/program-requests';
import {
  IMPACT_PREVIEW_ACCOUNT_LIMIT,
  IMPACT_PREVIEW_LIMIT_MESSAGE,
  impactPreviewPathSchema,
  type ImpactPreview,
  type ProgramRevertResult,
} from '@shared/programs/program-impact';
import type { Job } from '@shared/jobs/job';
import type { ProgramList, Program } from '@shared/programs/program';
import type { ProgramRulesResponse } from '@shared/programs/program-rules';
import type { ActionResult } from '@shared/common/fields';
import { phaseRuleIssues } from '@shared/programs/phase-rule-check';
import type { ProgramRulesUpgradeResult } from '@shared/programs/rule-versions';
import { currentPhaseOf } from '@shared/programs/current-phase';
import { programsRoutes } from '@shared/api/routes/programs';
import { countOutdatedAccounts } from '../lib/judging/program-upgrade';
import { readProgramAccountCount } from '../lib/aggregates/program-counts';
import { startedByOf, startJob } from '../lib/jobs/job-runs';
import { jobAnswer } from '../lib/jobs/job-repository';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import type { Caller } from '../lib/auth-context';
import { createHttpHandler, Reply, route } from '../lib/http-handler';
import { programRepository, STALE_PROGRAM_MESSAGE } from '../lib/repositories/program-repository';
import {
  impactPreviewRepository,
  previewAnswer,
} from '../lib/repositories/impact-preview-repository';
import { dispatchPreview } from './impact-runs';
import {
  assertProgramUnused,
  assertRulesResolve,
  currentProgram,
  definitionsOf,
  editorOf,
  outdatedRulesOf,
  pinnedTo,
  programOf,
  validationErrorOf,
  withPinnedRules,
} from '../lib/programs/program-service';

async function saveResult(program: Program): Promise<ProgramSaveResult> {
  return {
    ...program,
    outdatedAccounts: await countOutdatedAccounts(program.prefix, program.version),
  };
}

/** Starts the job that moves the program's accounts on older versions to `program`. */
async function upgradeJob(program: Program, caller: Caller | undefined): Promise<Job> {
  const job = await startJob({
    kind: 'program-upgrade',
    subject: { prefix: program.prefix, programVersion: program.version },
    startedBy: startedByOf(caller),
  });
  return jobAnswer(job);
}

/** A save's refusal when the body's prefix is not the path's: the prefix never changes. */
function assertSamePrefix(bodyPrefix: string, pathPrefix: string): void {
  if (bodyPrefix !== pathPrefix) {
    const message = 'The prefix of a program cannot change: copy the program instead';
    throw new ValidationError(message, [{ field: 'prefix', message }]);
  }
}

/**
 * The version an edit form's body makes of the program, as a save stores it (and as the impact
 * preview judges it): refused as a save is (400 naming the field, 404), rules pinned to their latest
 * versions.
 */
async function editedVersion(
  prefix: string,
  body: ProgramUpdateBody,
  caller: Caller | undefined,
): Promise<{ current: Program; program: Program }> {
  assertSamePrefix(body.prefix, prefix);
  await assertRulesResolve(body.phases);
  const current = await currentProgram(prefix);
  const program = await withPinnedRules(
    programOf({
      ...body,
      createdAt: current.createdAt,
      updatedAt: new Date().toISOString(),
      updatedBy: editorOf(caller),
    }),
  );
  return { current, program };
}

export const handler = createHttpHandler(programsRoutes, {
  'GET /api/programs': route({
    async handle(): Promise<ProgramList> {
      const programs = await programRepository.listCurrent();
      return programs.sort((a, b) => a.prefix.localeCompare(b.prefix));
    },
  }),

  'POST /api/programs': route({
    body: programCreateBodySchema,
    async handle({ body, caller }): Promise<Reply> {
      await assertRulesResolve(body.phases);
      const now = new Date().toISOString();
      const created = await programRepository.create(
        await withPinnedRules(
          programOf({ ...body, createdAt: now, updatedAt: now, updatedBy: editorOf(caller) }),
        ),
      );
      return new Reply(201, await saveResult(created));
    },
  }),

  'GET /api/programs/rules': route({
    async handle(): Promise<ProgramRulesResponse> {
      const programs = await programRepository.listCurrent();
      const programRules: ProgramRulesResponse['programRules'] = {};
      for (const program of programs.sort((a, b) => a.prefix.localeCompare(b.prefix))) {
        const phase = currentPhaseOf(program);
        if (phase) programRules[program.prefix] = phase.rules;
      }
      return { programRules };
    },
  }),

  'GET /api/programs/{prefix}': route({
    params: programPathSchema,
    handle: ({ params }): Promise<Program> => currentProgram(params.prefix),
  }),

  'PUT /api/programs/{prefix}': route({
    params: programPathSchema,
    body: programUpdateBodySchema,
    async handle({ params, body, caller }): Promise<ProgramSaveResult> {
      const saved = await programRepository.saveVersion(
        (await editedVersion(params.prefix, body, caller)).program,
      );
      return saveResult(saved);
    },
  }),

  'DELETE /api/programs/{prefix}': route({
    params: programPathSchema,
    async handle({ params }): Promise<ActionResult> {
      await currentProgram(params.prefix);
      await assertProgramUnused(params.prefix);
      await programRepository.delete(params.prefix);
      return { success: true, message: `Program ${params.prefix} deleted` };
    },
  }),

  'POST /api/programs/{prefix}/copy': route({
    params: programPathSchema,
    body: programCopyBodySchema,
    async handle({ params, body, caller }): Promise<Reply> {
      const source = await currentProgram(params.prefix);
      const now = new Date().toISOString();
      const copy = await programRepository.create(
        await withPinnedRules(
          programOf({
            ...source,
            prefix: body.newPrefix,
            name: body.newName ?? source.name,
            version: 1,
            createdAt: now,
            updatedAt: now,
            updatedBy: editorOf(caller),
          }),
        ),
      );
      return new Reply(201, await saveResult(copy));
    },
  }),

  /**
   * Spec 001 §2.3: every account on an older version of the program moves to the current one and is
   * re-judged from its first day under it, as a background job (functions/lib/jobs/): 202 with the
   * job, whose result lists the accounts whose standing changed.
   */
  'POST /api/programs/{prefix}/force-update-accounts': route({
    params: programPathSchema,
    async handle({ params, caller }): Promise<Reply> {
      const program = await currentProgram(params.prefix);
      return new Reply(202, await upgradeJob(program, caller));
    },
  }),

  /**
   * Decision 36's explicit upgrade: the program's next version, pinning the latest version of every
   * rule it uses (accounts then move to it as after any save). Nothing newer: the current version is
   * answered unchanged, so a retry writes nothing. Overrides that no longer fit a new rule version
   * are a 400 naming them, with nothing written.
   */
  'POST /api/programs/{prefix}/upgrade-rules': route({
    params: programPathSchema,
    async handle({ params, caller }): Promise<ProgramRulesUpgradeResult> {
      const current = await currentProgram(params.prefix);
      const definitions = await definitionsOf(current.phases);
      const upgraded = outdatedRulesOf(current, definitions);
      if (upgraded.length === 0) return { ...(await saveResult(current)), upgraded };
      const issues = phaseRuleIssues(current.phases, definitions);
      if (issues.length > 0) throw validationErrorOf(issues);
      const saved = await programRepository.saveVersion(
        pinnedTo(
          programOf({
            ...current,
            version: current.version + 1,
            updatedAt: new Date().toISOString(),
            updatedBy: editorOf(caller),
          }),
          definitions,
        ),
      );
      return { ...(await saveResult(saved)), upgraded };
    },
  }),

  /**
   * Starts the impact preview of the edit form's unsaved version: the body is what a save sends and
   * is refused as a save would be (400 naming the field, 409 for a stale version), but nothing is
   * saved. The program's accounts are re-judged in the background (impact-preview.ts); the answer is
   * the preview as it starts (202), to poll. A program with more accounts than a preview re-judges is
   * refused at once.
   */
  'POST /api/programs/{prefix}/impact-preview': route({
    params: programPathSchema,
    body: programUpdateBodySchema,
    async handle({ params, body, caller }): Promise<Reply> {
      const { current, program } = await editedVersion(params.prefix, body, caller);
      if (program.version !== current.version + 1) throw new ConflictError(STALE_PROGRAM_MESSAGE);
      // The program's kept count (one small Query): a program too large is refused before any
      // account is read.
      const accounts = await readProgramAccountCount(params.prefix);
      if (accounts > IMPACT_PREVIEW_ACCOUNT_LIMIT) {
        throw new ConflictError(IMPACT_PREVIEW_LIMIT_MESSAGE(accounts));
      }
      const now = new Date().toISOString();
      const preview = {
        previewId: randomUUID(),
        prefix: params.prefix,
        version: program.version,
        status: 'running' as const,
        total: accounts,
        judged: 0,
        errors: 0,
        changes: [],
        startedAt: now,
        startedBy: editorOf(caller),
        program,
      };
      await impactPreviewRepository.create(preview);
      await dispatchPreview(preview.previewId);
      return new Reply(202, previewAnswer(preview));
    },
  }),

  'GET /api/programs/{prefix}/impact-preview/{previewId}': route({
    params: impactPreviewPathSchema,
    async handle({ params }): Promise<ImpactPreview> {
      const stored = await impactPreviewRepository.get(params.previewId);
      if (!stored || stored.prefix !== params.prefix) {
        throw new NotFoundError(
          `Program ${params.prefix} has no impact preview ${params.previewId}`,
        );
      }
      return previewAnswer(stored);
    },
  }),

  /**
   * "Revert to version N": the next version of the program with the phases, rules and their pinned
   * rule versions of version N (so it judges as N did), recorded with who and when and the version it
   * restores; then the program's accounts move to it as after any upgrade, in the background: the
   * answer carries the upgrade's job, whose result lists the accounts whose standing changed.
   */
  'POST /api/programs/{prefix}/versions/{version}/revert': route({
    params: programVersionPathSchema,
    async handle({ params, caller }): Promise<ProgramRevertResult> {
      const current = await currentProgram(params.prefix);
      if (params.version === current.version) {
        const message = `Version ${params.version} is the current version`;
        throw new ValidationError(message, [{ field: 'version', message }]);
      }
      const target = await programRepository.getVersion(params.prefix, params.version);
      if (!target) {
        throw new NotFoundError(`Program ${params.prefix} has no version ${params.version}`);
      }
      const saved = await programRepository.saveVersion({
        ...programOf({
          ...target,
          version: current.version + 1,
          createdAt: current.createdAt,
          updatedAt: new Date().toISOString(),
          updatedBy: editorOf(caller),
        }),
        revertedFrom: target.version,
      });
      return { program: await saveResult(saved), job: await upgradeJob(saved, caller) };
    },
  }),

  'GET /api/programs/{prefix}/versions': route({
    params: programPathSchema,
    async handle({ params }): Promise<ProgramList> {
      const versions = await programRepository.listVersions(params.prefix);
      if (versions.length === 0) throw new NotFoundError(`Program ${params.prefix} not found`);
      return versions.reverse();
    },
  }),

  'GET /api/programs/{prefix}/versions/{version}': route({
    params: programVersionPathSchema,
    async handle({ params }): Promise<Program> {
      const program = await programRepository.getVersion(params.prefix, params.version);
      if (!program) {
        throw new NotFoundError(`Program ${params.prefix} has no version ${params.version}`);
      }
      return program;
    },
  }),
});
