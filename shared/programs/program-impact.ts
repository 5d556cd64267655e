import * as z from 'zod';
import { countSchema } from '../common/fields';
import { jobSchema } from '../jobs/job';
import { programPathSchema, programSaveResultSchema } from './program-requests';
import { accountStatusChangeSchema } from './status-change';

/**
 * What a rule change does to a program's accounts: the impact preview of an unsaved version, the
 * accounts an upgrade changed, and a revert to an earlier version.
 */

/**
 * The most accounts one preview re-judges: each is judged again over its whole stored history in one
 * background invocation (Lambda stops at 15 minutes), and the flips are kept on one item. A program
 * with more is refused at once rather than left to time out.
 */
export const IMPACT_PREVIEW_ACCOUNT_LIMIT = 500;

export const IMPACT_PREVIEW_LIMIT_MESSAGE = (accounts: number) =>
  `The program has ${accounts} accounts; an impact preview re-judges at most ${IMPACT_PREVIEW_ACCOUNT_LIMIT}`;

export const impactPreviewStatusSchema = z.enum(['running', 'done', 'failed']);

/**
 * `GET /api/programs/{prefix}/impact-preview/{previewId}` (and the start's 202): how far the
 * background re-judging is, and once done the accounts that would flip, by account id.
 */
export const impactPreviewSchema = z.object({
  previewId: z.string(),
  prefix: z.string(),
  /** The version the unsaved program would be saved as (the current one plus 1). */
  version: z.number().int().positive(),
  status: impactPreviewStatusSchema,
  /** Accounts to re-judge, and how many are done. */
  total: countSchema,
  judged: countSchema,
  /** Accounts the re-judging could not place under the new version (no phase to move to). */
  errors: countSchema,
  changes: z.array(accountStatusChangeSchema),
  error: z.string().optional(),
  startedAt: z.string(),
  startedBy: z.string().optional(),
  finishedAt: z.string().optional(),
});
export type ImpactPreview = z.infer<typeof impactPreviewSchema>;

const PREVIEW_ID_MESSAGE = 'previewId must be a preview id';

export const impactPreviewPathSchema = programPathSchema.extend({
  previewId: z
    .string({ error: PREVIEW_ID_MESSAGE })
    .max(36, { error: PREVIEW_ID_MESSAGE })
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, {
      error: PREVIEW_ID_MESSAGE,
    }),
});

/** What an upgrade of a program's accounts did: counts, and the accounts whose standing changed. */
export const programUpgradeResultSchema = z.object({
  updated: countSchema,
  errors: countSchema,
  programVersion: z.number().int().positive(),
  changes: z.array(accountStatusChangeSchema).default([]),
});
export type ProgramUpgradeResult = z.infer<typeof programUpgradeResultSchema>;

/**
 * `POST /api/programs/{prefix}/versions/{version}/revert`: the new version whose rules are those of
 * the version reverted to, and the upgrade of the program's accounts to it.
 */
export const programRevertResultSchema = z.object({
  program: programSaveResultSchema,
  /** The background job moving the program's accounts to the new version (`GET /api/jobs/{jobId}`). */
  job: jobSchema,
});
export type ProgramRevertResult = z.infer<typeof programRevertResultSchema>;
