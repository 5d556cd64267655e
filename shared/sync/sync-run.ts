import * as z from 'zod';
import { brokerFileKindSchema } from '../broker-files/kinds';
import { countSchema, isoTimestampSchema } from '../common/fields';
import { tradingDateSchema } from '../rules/day-input';

/** Spec 000 §5, §9: the sync page asks for 1 to 30 days, 1 by default. */
export const SYNC_DAYS_MIN = 1;
export const SYNC_DAYS_MAX = 30;
export const SYNC_DAYS_DEFAULT = 1;
const COUNT_MESSAGE = `count must be a whole number from ${SYNC_DAYS_MIN} to ${SYNC_DAYS_MAX}`;

/** `POST /api/sync/daily-update` body: how many of the latest trading dates to sync. */
export const syncRequestBodySchema = z.strictObject({
  count: z
    .number({ error: COUNT_MESSAGE })
    .int({ error: COUNT_MESSAGE })
    .min(SYNC_DAYS_MIN, { error: COUNT_MESSAGE })
    .max(SYNC_DAYS_MAX, { error: COUNT_MESSAGE })
    .default(SYNC_DAYS_DEFAULT),
});
export type SyncRequestBody = z.infer<typeof syncRequestBodySchema>;

/** Spec 000 §3 sync summary counts: rows ingested per kind, files seen and processed, time taken. */
export const syncRecordCountsShape = {
  auditTrailRecords: countSchema,
  relationshipReportsRecords: countSchema,
  dailyPerformanceRecords: countSchema,
  dailyFillsRecords: countSchema,
  dailyTradesRecords: countSchema,
  dailySymbolsRecords: countSchema,
  dailyRevenueRecords: countSchema,
  tradersRecords: countSchema,
  accountsRecords: countSchema,
};
export type SyncRecordCountField = keyof typeof syncRecordCountsShape;

/** A row the sync refused, with the reason naming the column (contracts/broker-files.md). */
export const rejectedRowSchema = z.object({
  /** The file's key in the bucket (`broker/20260302/daily-fills.csv`). */
  file: z.string().min(1),
  /** Line in the file, the header being line 1. */
  line: z.number().int().min(1),
  reason: z.string().min(1),
});
export type RejectedRow = z.infer<typeof rejectedRowSchema>;

/** A run keeps the first rejected rows for the screen; the counts stay complete. */
export const SYNC_REJECTED_ROWS_KEPT = 100;

/** Rows of one file of a run: accepted and rejected (the run page's per-file counts). */
export const syncFileCountSchema = z.object({
  file: z.string().min(1),
  date: tradingDateSchema,
  kind: brokerFileKindSchema,
  accepted: countSchema,
  rejected: countSchema,
});
export type SyncFileCount = z.infer<typeof syncFileCountSchema>;

export const syncSummarySchema = z.object({
  processingTimeMs: countSchema,
  totalFiles: countSchema,
  processedFiles: countSchema,
  ...syncRecordCountsShape,
  /** Rows refused per kind of file. */
  rejectedRecords: z.record(brokerFileKindSchema, countSchema),
  rejectedRows: z.array(rejectedRowSchema).max(SYNC_REJECTED_ROWS_KEPT),
  /** Per file of the run, by date (absent on runs from before issue 22). */
  files: z.array(syncFileCountSchema).optional(),
  /** Distinct accounts judged on at least one date of the run. */
  accountsJudged: countSchema.optional(),
  /** Accounts whose status became failed, or passed, on a date of the run. */
  newlyFailed: countSchema.optional(),
  newlyPassed: countSchema.optional(),
});
export type SyncSummary = z.infer<typeof syncSummarySchema>;

/**
 * `POST /api/sync/daily-update` answer (spec 000 §3 "Sync result"). A run that failed as a whole has
 * `success: false` and the `error`; rejected rows alone do not fail a run.
 */
export const syncResultSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  summary: syncSummarySchema.optional(),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

/** `files`: a day's completion marker (`broker/<date>/_COMPLETE`) started it. */
export const syncTriggerSchema = z.enum(['api', 'schedule', 'seed', 'files']);
export type SyncTrigger = z.infer<typeof syncTriggerSchema>;
export const syncRunStatusSchema = z.enum(['running', 'succeeded', 'failed']);
export type SyncRunStatus = z.infer<typeof syncRunStatusSchema>;

/**
 * A run's shards (docs/sync-at-scale.md): how many the plan split it into and how many have finished,
 * shown while it runs as 'Shard 37 of 120'.
 */
export const syncRunShardsSchema = z.object({
  done: countSchema,
  total: z.number().int().min(1),
});
export type SyncRunShards = z.infer<typeof syncRunShardsSchema>;

/** A recorded sync run: who started it, which dates it covered, and how it ended. */
export const syncRunSchema = z.object({
  runId: z.string().min(1),
  trigger: syncTriggerSchema,
  status: syncRunStatusSchema,
  /** Days asked for (the request's `count`). */
  count: z.number().int().min(SYNC_DAYS_MIN).max(SYNC_DAYS_MAX),
  dates: z.array(tradingDateSchema),
  startedAt: isoTimestampSchema,
  finishedAt: isoTimestampSchema.nullable(),
  summary: syncSummarySchema.nullable(),
  error: z.string().optional(),
  /** Set by the plan step; absent on runs from before sharding. */
  shards: syncRunShardsSchema.optional(),
  /** Where a running run stands, saved as it goes (absent before its first file). */
  progress: z
    .object({
      datesDone: countSchema,
      datesTotal: countSchema,
      filesDone: countSchema,
      filesTotal: countSchema,
      /** The date being synced. */
      date: tradingDateSchema.optional(),
    })
    .optional(),
});

export type SyncRunProgress = NonNullable<z.infer<typeof syncRunSchema>['progress']>;

/** `GET /api/sync/runs/{runId}/rejected-rows` answer: every rejected row of a run, page by page. */
export const SYNC_REJECTED_ROWS_PAGE = 100;
export const syncRejectedRowsResponseSchema = z.object({
  data: z.array(rejectedRowSchema),
  nextCursor: z.string().optional(),
});
export type SyncRejectedRowsResponse = z.infer<typeof syncRejectedRowsResponseSchema>;
export type SyncRun = z.infer<typeof syncRunSchema>;

/** `GET /api/sync/runs` answer: newest first, with an opaque cursor to the next page. */
export const syncRunListResponseSchema = z.object({
  data: z.array(syncRunSchema),
  nextCursor: z.string().optional(),
});
export type SyncRunListResponse = z.infer<typeof syncRunListResponseSchema>;

/**
 * `GET /api/sync/runs/{runId}` answer: the run, and once it has finished the spec's sync result
 * (`success`, `error`, `summary` with the rejected counts and first rejected rows).
 */
export const syncRunViewSchema = syncRunSchema.extend({ result: syncResultSchema.optional() });
export type SyncRunView = z.infer<typeof syncRunViewSchema>;

/** The spec's result of a finished run; none while it is still running. */
export function syncResultOf(run: SyncRun): SyncResult | undefined {
  if (run.status === 'running') return undefined;
  return {
    success: run.status === 'succeeded',
    ...(run.error !== undefined && { error: run.error }),
    ...(run.summary && { summary: run.summary }),
  };
}
