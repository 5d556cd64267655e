import type { SyncRun } from '@shared/sync/sync-run';
import { handleMarkerQueue, isMarkerQueueEvent } from './files-trigger';
import { dispatchRun, renewRunLock, runDispatchedRunsInProcess, runSource, startRun } from './runs';
import type { BrokerFileSource } from './s3-source';
import { isSyncStepEvent, runShardedInProcess, runStep } from './sharded-run';

/**
 * The sync resource's workflow function (infra/sync-stack.ts): the steps of the sync workflow that
 * POST /api/sync/daily-update, the nightly schedule or a completion marker starts, and the queue of
 * completion markers. The resource's HTTP routes are handler.ts, a function of their own, so neither
 * bundle carries the other's code.
 */
export async function handler(event: unknown): Promise<unknown> {
  // A step of the sync workflow: plan, one shard, finish, or fail.
  if (isSyncStepEvent(event)) {
    return runStep(event, { source: () => runSource(), startRun, renewLock: renewRunLock });
  }
  // A day's completion marker, queued: starts a run of its date.
  if (isMarkerQueueEvent(event)) return handleMarkerQueue(event, { startRun, dispatchRun });
  throw new Error('The sync workflow function takes workflow steps and completion markers only');
}

/**
 * Runs a started run in this process with the workflow's steps (plan, shards `SYNC_CONCURRENCY` at a
 * time, finish; sharded-run.ts), records how it ended and releases the lock.
 */
export async function executeRun(
  run: SyncRun,
  source?: BrokerFileSource,
  options: { concurrency?: number } = {},
): Promise<SyncRun> {
  return runShardedInProcess(run, {
    source: runSource(source),
    renewLock: renewRunLock,
    concurrency: options.concurrency,
  });
}

/**
 * Where there is no workflow (the local stack, the tests), the runs this process dispatches (a POST,
 * a completion marker) run here, in its background, as the workflow would run them in AWS.
 */
export function runSyncWorkflowInProcess(): void {
  runDispatchedRunsInProcess((run) => executeRun(run));
}
