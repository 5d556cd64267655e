import { randomUUID } from 'node:crypto';
import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { SyncRequest, SyncRun, SyncTrigger } from '@shared/sync/sync-run';
import { sfnClient } from '../lib/aws/sfn';
import { requiredEnv } from '../lib/env';
import { syncRepository } from '../lib/repositories/sync-repository';
import { requestedDays } from './date-selection';
import { acquireLease, renewLease, RUN_ABANDONED } from '../lib/judging/lock';
import { announceSyncFailed } from '../lib/judging/sync-events';
import { s3Source, type BrokerFileSource } from './s3-source';

/** Re-exported for the callers that name it with the runs. */
export { RUN_ABANDONED };

/** Takes the lock (409 'A sync is already running' otherwise) and records the run as running. */
export async function startRun(
  options: {
    trigger: SyncTrigger;
    /** The latest `count` folders (a schedule's or the seed's run). @default the request's days */
    count?: number;
    /** Named dates, or the count, as the request (or a completion marker) said it. */
    request?: SyncRequest;
  },
  now = Date.now(),
): Promise<SyncRun> {
  const runId = randomUUID();
  await acquireLease(runId, now);
  const run: SyncRun = {
    runId,
    trigger: options.trigger,
    status: 'running',
    count: options.count ?? (options.request ? requestedDays(options.request) : 1),
    ...(options.request && { request: options.request }),
    dates: [],
    startedAt: new Date(now).toISOString(),
    finishedAt: null,
    summary: null,
  };
  await syncRepository.saveRun(run);
  return run;
}

/** Renews the run's lease (lock.ts); a run that lost it to another stops. */
export async function renewRunLock(runId: string): Promise<void> {
  await renewLease(runId);
}

/** The broker files of a run: the bucket in AWS and locally, unless a test passes its own. */
export function runSource(source?: BrokerFileSource): BrokerFileSource {
  return source ?? s3Source(requiredEnv('FILES_BUCKET'));
}

/** Runs a started run to its end in this process (workflow.ts), where there is no workflow. */
export type InProcessRunner = (run: SyncRun) => Promise<unknown>;

let inProcessRunner: InProcessRunner | undefined;

/**
 * Makes this process run the runs it dispatches, where no workflow exists (no
 * SYNC_STATE_MACHINE_ARN): the local stack and the tests, which host the workflow function's code
 * (workflow.ts). Kept out of this module so the HTTP function's bundle carries none of the workflow.
 */
export function runDispatchedRunsInProcess(runner: InProcessRunner): void {
  inProcessRunner = runner;
}

/**
 * Hands a started run to whatever executes it, so the request that started it answers at once (API
 * Gateway cuts requests at 30 s). In AWS: an execution of the sync workflow (SYNC_STATE_MACHINE_ARN,
 * which infra/sync-stack.ts always sets), named after the run so a repeated start cannot run it
 * twice; locally (no workflow), the background of this process, whose runner
 * {@link runDispatchedRunsInProcess} set.
 */
export async function dispatchRun(run: SyncRun): Promise<void> {
  const stateMachineArn = process.env.SYNC_STATE_MACHINE_ARN;
  if (!stateMachineArn && inProcessRunner) {
    void inProcessRunner(run);
    return;
  }
  try {
    if (!stateMachineArn) {
      throw new Error('No sync workflow: SYNC_STATE_MACHINE_ARN is not set');
    }
    await sfnClient().send(
      new StartExecutionCommand({
        stateMachineArn,
        name: run.runId,
        input: JSON.stringify({ runId: run.runId }),
      }),
    );
  } catch (error) {
    await syncRepository.saveRun({
      ...run,
      status: 'failed',
      error: 'The sync could not be started',
      finishedAt: new Date().toISOString(),
    });
    await syncRepository.releaseLock(run.runId);
    await announceSyncFailed(run.runId, 'The sync could not be started', run);
    throw error;
  }
}
