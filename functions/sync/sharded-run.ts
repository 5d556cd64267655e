import type { SyncRun, SyncRunProgress, SyncTrigger } from '@shared/sync/sync-run';
import { ConflictError } from '../lib/errors';
import { logger } from '../lib/logger';
import { syncRepository } from '../lib/repositories/sync-repository';
import { finishSync } from './finish';
import { mapLimit } from '../lib/map-limit';
import { syncShard, type ShardOutcome } from './pipeline';
import { selectDates } from './date-selection';
import { withHeartbeat } from '../lib/judging/lock';
import { announceSyncFailed } from '../lib/judging/sync-events';
import { ProgressSaver, RejectedRowPages } from './run-report';
import type { BrokerFileSource } from './s3-source';
import { shardCountFor, shardsOf, type ShardSpec } from './shard-plan';

/*
 * The steps of a sharded sync run (docs/sync-at-scale.md), the same in AWS and locally:
 *
 *   plan    lists the date folders, fixes the shard count, records both on the run;
 *   shard   (one per shard, retried alone) ingests and judges the rows of its accounts, date by date,
 *           and stores its outcome with the run: `SYNCRUN#<id> / SHARD#<k>` (counts, rejected rows)
 *           and `SHARDSTATS#<k>#<date>` (its part of the date's audit stats; its accounts in bounded
 *           pages `SHARDSTATS#<k>#<date>#P<n>`);
 *   finish  merges the stored outcomes into the run's summary, writes each date's `AUDITSTATS` and
 *           `DATES` items, records the run as succeeded and releases the lock;
 *   fail    (a Catch in AWS) records the run as failed and releases the lock.
 *
 * In AWS each step is an invocation of the sync function from the Step Functions workflow
 * (infra/sync-stack.ts); locally {@link runShardedInProcess} calls the same steps, shards
 * `SYNC_CONCURRENCY` at a time. Every item is keyed by its natural key, so a retried shard rewrites
 * the same items and the same outcome.
 */

/** What the workflow passes the sync function, one event kind per step. */
export type SyncStepEvent =
  | { kind: 'sync-plan'; input: { runId?: string; count?: number } }
  | { kind: 'sync-shard'; runId: string; index: number; count: number }
  | { kind: 'sync-finish'; runId: string }
  /** The Catch's input: the failed state's input with the error at `error` (Error and Cause). */
  | {
      kind: 'sync-fail';
      input: { runId?: string | null; error?: { Error?: string; Cause?: string } };
    };

const STEP_KINDS = new Set(['sync-plan', 'sync-shard', 'sync-finish', 'sync-fail']);

/**
 * Runs the step an event names (the workflow's Lambda tasks). A step that throws fails its task, which
 * the workflow retries or sends to its Catch.
 */
export async function runStep(
  event: SyncStepEvent,
  deps: {
    source: () => BrokerFileSource;
    startRun: (options: { count: number; trigger: SyncTrigger }) => Promise<SyncRun>;
    renewLock: (runId: string) => Promise<void>;
  },
): Promise<unknown> {
  switch (event.kind) {
    case 'sync-plan':
      return planRun(event.input ?? {}, deps.source(), deps.startRun);
    case 'sync-shard': {
      const outcome = await runShard(event, deps.source(), deps.renewLock);
      // The Map discards it; small, for the execution's history.
      return { shard: outcome.shard, itemsWritten: outcome.itemsWritten };
    }
    case 'sync-finish': {
      // Writing the dates' shared items may take a while: the lease is renewed meanwhile.
      const run = await withHeartbeat(
        () => deps.renewLock(event.runId),
        () => finishRun(event.runId),
      );
      return { runId: run.runId, status: run.status };
    }
    case 'sync-fail': {
      const runId = event.input?.runId;
      if (!runId) return { runId: null, status: 'failed' };
      const { Error: name, Cause: cause } = event.input.error ?? {};
      const run = await failRun(
        runId,
        (cause ? causeMessage(cause) : undefined) ?? name ?? 'The sync failed',
      );
      return { runId, status: run?.status ?? 'failed' };
    }
  }
}

/** A Lambda task's Cause is the function's error as JSON: its message is what the run shows. */
function causeMessage(cause: string): string | undefined {
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: unknown };
    return typeof parsed.errorMessage === 'string' ? parsed.errorMessage : cause;
  } catch {
    return cause;
  }
}

export function isSyncStepEvent(event: unknown): event is SyncStepEvent {
  return (
    typeof event === 'object' &&
    event !== null &&
    STEP_KINDS.has(String((event as { kind?: unknown }).kind))
  );
}

/** The plan's answer: the workflow's Map runs one shard step per entry of `shards`. */
export interface PlanOutput {
  runId: string | null;
  /** True when the schedule found a run in progress: the workflow ends without running anything. */
  skipped: boolean;
  dates: string[];
  shards: { kind: 'sync-shard'; runId: string; index: number; count: number }[];
}

/** Environment overrides: a fixed shard count, and shards at once in one process (local only). */
export function shardCountOverride(): number | undefined {
  const value = Number(process.env.SYNC_SHARDS);
  return Number.isInteger(value) && value >= 1 ? value : undefined;
}

export function localShardConcurrency(): number {
  const value = Number(process.env.SYNC_CONCURRENCY);
  return Number.isInteger(value) && value >= 1 ? value : 4;
}

/** Accounts the last successful run saw per date: what the shard count is sized on. */
async function accountsOfLastRun(): Promise<number> {
  const { items } = await syncRepository.listRuns({ limit: 10 });
  const last = items.find(
    (run) => run.status === 'succeeded' && run.summary && run.dates.length > 0,
  );
  return last?.summary ? Math.ceil(last.summary.accountsRecords / last.dates.length) : 0;
}

async function runningRun(runId: string): Promise<SyncRun> {
  const run = await syncRepository.getRun(runId);
  if (!run) throw new Error(`Sync run ${runId} not found`);
  if (run.status !== 'running') throw new Error(`Sync run ${runId} is ${run.status}, not running`);
  return run;
}

/**
 * The plan step: the run's dates (the last `count` folders) and shards, recorded on the run. A
 * scheduled start has no run yet: it takes the lock here, and is skipped while another run holds it.
 */
export async function planRun(
  event: { runId?: string; count?: number },
  source: BrokerFileSource,
  startRun: (options: { count: number; trigger: SyncTrigger }) => Promise<SyncRun>,
  /** The run's clock (date-selection.ts refuses folders dated after its today). */
  now: () => number = Date.now,
): Promise<PlanOutput> {
  let run: SyncRun;
  if (event.runId) {
    run = await runningRun(event.runId);
  } else {
    try {
      run = await startRun({ count: event.count ?? 1, trigger: 'schedule' });
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      logger.warn('scheduled sync skipped: a sync is already running');
      return { runId: null, skipped: true, dates: [], shards: [] };
    }
  }
  const { dates, refusedDates, missingDates } = await selectDates(
    source,
    run.request ?? { count: run.count },
    now(),
  );
  await syncRepository.savePlan(run.runId, { refusedDates, missingDates });
  const count = shardCountOverride() ?? shardCountFor(await accountsOfLastRun());
  await syncRepository.saveRun({ ...run, dates, shards: { done: 0, total: count } });
  logger.info('sync run planned', { runId: run.runId, dates, shards: count });
  return {
    runId: run.runId,
    skipped: false,
    dates,
    shards: shardsOf(count).map((shard) => ({ kind: 'sync-shard', runId: run.runId, ...shard })),
  };
}

/**
 * The shard step: syncs the rows of one shard over the run's dates and stores its outcome. A
 * heartbeat renews the run's lease while it works (lock.ts), a long date included; a run that lost
 * it stops at its next date.
 */
export async function runShard(
  event: { runId: string; index: number; count: number },
  source: BrokerFileSource,
  renewLock: (runId: string) => Promise<void>,
): Promise<ShardOutcome> {
  return withHeartbeat(
    () => renewLock(event.runId),
    (check) => syncOneShard(event, source, check),
  );
}

async function syncOneShard(
  event: { runId: string; index: number; count: number },
  source: BrokerFileSource,
  checkLease: () => void,
): Promise<ShardOutcome> {
  const run = await runningRun(event.runId);
  const shard: ShardSpec = { index: event.index, count: event.count };
  // Every rejected row, stored in pages under the run (the run page lists them all).
  const rejects = new RejectedRowPages(async (page, rows) => {
    await syncRepository.saveRejectedPage(run.runId, shard.index, page, rows);
  });
  // Progress by dates and files, from shard 0 (every shard reads every file).
  const progress = shard.index === 0 ? await progressOf(run, source) : undefined;
  const outcome = await syncShard({
    dates: run.dates,
    shard,
    source,
    log: (message) => logger.info(message, { runId: run.runId }),
    heartbeat: async () => checkLease(),
    onReject: (row) => rejects.add(row),
    onProgress: progress?.update,
  });
  await rejects.flush();
  await progress?.flush();
  const { auditStats, ...rest } = outcome;
  await syncRepository.saveShardOutcome(run.runId, shard.index, rest, auditStats);
  await syncRepository.recordShardDone(run.runId);
  return outcome;
}

/**
 * The progress of a run as shard 0 goes: dates done of the run's, files read of the files listed
 * for its dates (a kind given plain and gzip is read once), saved on the run item.
 */
async function progressOf(run: SyncRun, source: BrokerFileSource) {
  const listed = await Promise.all(run.dates.map((date) => source.listFiles(date)));
  const filesTotal = listed.reduce((sum, files) => sum + new Set(files.map((f) => f.kind)).size, 0);
  const saver = new ProgressSaver<SyncRunProgress>((progress) =>
    syncRepository.saveProgress(run.runId, progress),
  );
  const datesTotal = run.dates.length;
  saver.update({ datesDone: 0, datesTotal, filesDone: 0, filesTotal, date: run.dates[0] });
  return {
    update: (at: { dateIndex: number; date: string; filesDone: number }) =>
      saver.update({
        datesDone: Math.min(at.dateIndex, datesTotal),
        datesTotal,
        filesDone: Math.min(at.filesDone, filesTotal),
        filesTotal,
        date: at.date,
      }),
    flush: () => saver.flush(),
  };
}

/** Every shard's stored outcome of a run, audit stats included. */
async function storedOutcomes(runId: string): Promise<ShardOutcome[]> {
  return (await syncRepository.listShardOutcomes(runId)).map(({ outcome, auditStats }) => ({
    ...(outcome as Omit<ShardOutcome, 'auditStats'>),
    auditStats,
  }));
}

/**
 * The finish step: every shard must be in. Writes the dates' shared items, records the merged
 * summary and releases the lock. A finished run is answered as it is (a retried finish).
 */
export async function finishRun(runId: string): Promise<SyncRun> {
  const run = await syncRepository.getRun(runId);
  if (!run) throw new Error(`Sync run ${runId} not found`);
  if (run.status !== 'running') return run;
  const total = run.shards?.total ?? 1;
  const outcomes = await storedOutcomes(runId);
  if (outcomes.length !== total) {
    throw new Error(`Sync run ${runId} has ${outcomes.length} of its ${total} shards done`);
  }
  const [{ summary }, plan] = await Promise.all([
    finishSync(run.dates, outcomes),
    syncRepository.getPlan(runId),
  ]);
  const finished: SyncRun = {
    ...run,
    status: 'succeeded',
    shards: { done: total, total },
    summary: {
      processingTimeMs: Math.max(0, Date.now() - Date.parse(run.startedAt)),
      ...summary,
      refusedDates: plan.refusedDates,
      missingDates: plan.missingDates,
    },
    finishedAt: new Date().toISOString(),
  };
  await syncRepository.saveRun(finished);
  await syncRepository.releaseLock(runId);
  logger.info('sync run finished', { runId, shards: total });
  return finished;
}

/** The fail step: the run is recorded as failed with its error, and the lock released. */
export async function failRun(runId: string, error: string): Promise<SyncRun | undefined> {
  const run = await syncRepository.getRun(runId);
  if (!run) return undefined;
  if (run.status !== 'running') return run;
  logger.error('sync run failed', { runId, error });
  const failed: SyncRun = {
    ...run,
    status: 'failed',
    error: error || 'The sync failed',
    finishedAt: new Date().toISOString(),
  };
  await syncRepository.saveRun(failed);
  await syncRepository.releaseLock(runId);
  await announceSyncFailed(runId, failed.error ?? 'The sync failed', failed);
  return failed;
}

/**
 * What the workflow does, in this process: plan, the shards `concurrency` at a time, finish; any
 * error fails the run. Used locally (`npm start`, the tests) so they run the steps that run in AWS.
 */
export async function runShardedInProcess(
  run: SyncRun,
  options: {
    source: BrokerFileSource;
    renewLock: (runId: string) => Promise<void>;
    concurrency?: number;
    /** The run's clock, for the plan's date selection. */
    now?: () => number;
  },
): Promise<SyncRun> {
  try {
    // One heartbeat for the whole run (each shard beats too): plan and finish are covered.
    return await withHeartbeat(
      () => options.renewLock(run.runId),
      async () => {
        const plan = await planRun(
          { runId: run.runId },
          options.source,
          () => {
            throw new Error('A started run is planned');
          },
          options.now,
        );
        await mapLimit(
          plan.shards,
          options.concurrency ?? localShardConcurrency(),
          async (shard) => {
            await runShard(shard, options.source, options.renewLock);
          },
        );
        return finishRun(run.runId);
      },
    );
  } catch (error) {
    return (
      (await failRun(run.runId, (error as Error).message || 'The sync failed')) ?? {
        ...run,
        status: 'failed',
        error: (error as Error).message,
      }
    );
  }
}
