import * as z from 'zod';
import { brokerFileKindSchema } from '../broker-files/kinds';
import { countSchema, isoTimestampSchema, requestDateSchema } from '../common/fields';
import { epochDayOfDate } from '../rules/calendar';
import { tradingDateSchema } from '../rules/day-input';

/** Spec 000 §5, §9: the sync page asks for 1 to 30 days, 1 by default. */
export const SYNC_DAYS_MIN = 1;
export const SYNC_DAYS_MAX = 30;
export const SYNC_DAYS_DEFAULT = 1;
const COUNT_MESSAGE = `count must be a whole number from ${SYNC_DAYS_MIN} to ${SYNC_DAYS_MAX}`;

/** Named dates (`dates`, or `from`–`to` inclusive): at most this many in one run. */
export const SYNC_NAMED_DATES_MAX = 31;
const ONE_FORM_MESSAGE = 'Give exactly one of count, dates, or from and to';
const countField = z
  .number({ error: COUNT_MESSAGE })
  .int({ error: COUNT_MESSAGE })
  .min(SYNC_DAYS_MIN, { error: COUNT_MESSAGE })
  .max(SYNC_DAYS_MAX, { error: COUNT_MESSAGE });
const DATES_MESSAGE = `dates must list 1 to ${SYNC_NAMED_DATES_MAX} dates written YYYYMMDD`;

/** What a run was asked to sync: the latest `count` folders, or named dates (a list or a range). */
export const syncRequestSchema = z.union([
  z.strictObject({ count: countField }),
  z.strictObject({ dates: z.array(tradingDateSchema).min(1).max(SYNC_NAMED_DATES_MAX) }),
  z.strictObject({ from: tradingDateSchema, to: tradingDateSchema }),
]);
export type SyncRequest = z.infer<typeof syncRequestSchema>;

/**
 * `POST /api/sync/daily-update` body: exactly one of the spec's `{ count }` (the latest 1–30 date
 * folders; `{}` is `{ count: 1 }`), `{ dates: [YYYYMMDD, ...] }` (1–31 distinct dates) or
 * `{ from, to }` (an inclusive range of at most 31 days). Anything else is a 400 naming the field.
 */
export const syncRequestBodySchema = z
  .strictObject({
    count: countField.optional(),
    dates: z
      .array(requestDateSchema('dates'), { error: DATES_MESSAGE })
      .min(1, { error: DATES_MESSAGE })
      .max(SYNC_NAMED_DATES_MAX, { error: DATES_MESSAGE })
      .refine((dates) => new Set(dates).size === dates.length, {
        error: 'dates must not name a date twice',
      })
      .optional(),
    from: requestDateSchema('from').optional(),
    to: requestDateSchema('to').optional(),
  })
  .superRefine((body, context) => {
    const forms = [
      body.count !== undefined && 'count',
      body.dates !== undefined && 'dates',
      (body.from !== undefined || body.to !== undefined) && 'from',
    ].filter((form) => form !== false);
    if (forms.length > 1) {
      context.addIssue({ code: 'custom', path: [forms[1] as string], message: ONE_FORM_MESSAGE });
      return;
    }
    if (forms[0] !== 'from') return;
    if (body.from === undefined || body.to === undefined) {
      const missing = body.from === undefined ? 'from' : 'to';
      context.addIssue({
        code: 'custom',
        path: [missing],
        message: `${missing} is required with ${missing === 'from' ? 'to' : 'from'}`,
      });
      return;
    }
    const days = epochDayOfDate(body.to) - epochDayOfDate(body.from) + 1;
    if (days < 1) {
      context.addIssue({ code: 'custom', path: ['from'], message: 'from must not be after to' });
    } else if (days > SYNC_NAMED_DATES_MAX) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `from to to must span at most ${SYNC_NAMED_DATES_MAX} days`,
      });
    }
  })
  .transform((body): SyncRequest => {
    if (body.dates) return { dates: [...body.dates].sort() };
    if (body.from !== undefined && body.to !== undefined) return { from: body.from, to: body.to };
    return { count: body.count ?? SYNC_DAYS_DEFAULT };
  });
export type SyncRequestBody = z.input<typeof syncRequestBodySchema>;

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

/** A date folder a run refused, and why (docs/sync-at-scale.md, "Which dates a run syncs"). */
export const refusedDateSchema = z.object({ date: z.string().min(1), reason: z.string().min(1) });
export type RefusedDate = z.infer<typeof refusedDateSchema>;

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
  /** Breaches of the run's dates held by the input-quality gate when it finished. */
  heldBreaches: countSchema.optional(),
  /** Account-days of the run's dates whose broker liquidation floor differs from the engine's. */
  floorMismatches: countSchema.optional(),
  /** Date folders the run would have synced but refused (dated in the future or the far past). */
  refusedDates: z.array(refusedDateSchema).optional(),
  /** Named dates that have no folder in the bucket: reported, not a failure. */
  missingDates: z.array(tradingDateSchema).optional(),
  /** Per file of the run, by date (absent on runs recorded before runs kept their files). */
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
  /** Days asked for: the request's `count`, or how many dates it named. */
  count: z.number().int().min(SYNC_DAYS_MIN).max(SYNC_NAMED_DATES_MAX),
  /** What was asked for, as the request said it; absent on runs from before named dates. */
  request: syncRequestSchema.optional(),
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
 * `GET /api/sync/incomplete-dates` answer: dates a run left part-way (not registered, not judged on
 * the accounts, never read as complete), oldest first, to be synced again by name.
 */
export const syncIncompleteDatesResponseSchema = z.object({ data: z.array(tradingDateSchema) });
export type SyncIncompleteDatesResponse = z.infer<typeof syncIncompleteDatesResponseSchema>;

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
