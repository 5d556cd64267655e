import { randomUUID } from 'node:crypto';
import { InvokeCommand } from '@aws-sdk/client-lambda';
import type { SyncRun, SyncTrigger } from '../../shared/sync/sync-run';
import { lambdaClient } from '../lib/aws-clients';
import { requiredEnv } from '../lib/env';
import { logger } from '../lib/logger';
import { syncRepository } from '../lib/repositories/sync-repository';
import { runSync } from './pipeline';
import { s3Source, type BrokerFileSource } from './s3-source';

/**
 * A run may take minutes; its lock outlives the longest Lambda invocation (15 min) and is renewed
 * between dates, so a crashed run frees the sync within minutes and a live one never loses it.
 */
export const LOCK_TTL_MS = 16 * 60_000;

/** The asynchronous self-invocation that carries a started run (AWS only). */
export interface SyncRunEvent {
  kind: 'sync-run';
  runId: string;
}

export function isSyncRunEvent(event: unknown): event is SyncRunEvent {
  return typeof event === 'object' && event !== null && (event as SyncRunEvent).kind === 'sync-run';
}

/** What a run whose process died (its lock expired and was taken over) shows instead of running. */
export const RUN_ABANDONED = 'The run stopped before it finished (its lock expired)';

/** Records a run that held an expired lock as failed, so it does not show running forever. */
async function markAbandoned(runId: string, now: number): Promise<void> {
  const run = await syncRepository.getRun(runId);
  if (run?.status !== 'running') return;
  logger.warn('sync run abandoned', { runId });
  await syncRepository.saveRun({
    ...run,
    status: 'failed',
    error: RUN_ABANDONED,
    finishedAt: new Date(now).toISOString(),
  });
}

/** Takes the lock (409 'A sync is already running' otherwise) and records the run as running. */
export async function startRun(options: { count: number; trigger: SyncTrigger }): Promise<SyncRun> {
  const runId = randomUUID();
  const now = Date.now();
  const abandoned = await syncRepository.acquireLock(runId, now, now + LOCK_TTL_MS);
  if (abandoned) await markAbandoned(abandoned, now);
  const run: SyncRun = {
    runId,
    trigger: options.trigger,
    status: 'running',
    count: options.count,
    dates: [],
    startedAt: new Date(now).toISOString(),
    finishedAt: null,
    summary: null,
  };
  await syncRepository.saveRun(run);
  return run;
}

/** Runs the pipeline for a started run, records how it ended and releases the lock. */
export async function executeRun(run: SyncRun, source?: BrokerFileSource): Promise<SyncRun> {
  let finished: SyncRun;
  try {
    const outcome = await runSync({
      count: run.count,
      source: source ?? s3Source(requiredEnv('FILES_BUCKET')),
      log: (message) => logger.info(message, { runId: run.runId }),
      heartbeat: async () => {
        if (!(await syncRepository.renewLock(run.runId, Date.now() + LOCK_TTL_MS))) {
          throw new Error('The run lost its lock to another run');
        }
      },
    });
    finished = {
      ...run,
      status: 'succeeded',
      dates: outcome.dates,
      summary: outcome.summary,
      finishedAt: new Date().toISOString(),
    };
  } catch (error) {
    logger.error('sync run failed', { runId: run.runId, error: error as Error });
    finished = {
      ...run,
      status: 'failed',
      error: (error as Error).message || 'The sync failed',
      finishedAt: new Date().toISOString(),
    };
  }
  await syncRepository.saveRun(finished);
  await syncRepository.releaseLock(run.runId);
  return finished;
}

/**
 * Hands a started run to whatever executes it, so the request that started it answers at once (API
 * Gateway cuts requests at 30 s). In AWS: an asynchronous invocation of this same function; locally
 * (no SYNC_FUNCTION_NAME), the background of this process.
 */
export async function dispatchRun(run: SyncRun): Promise<void> {
  const functionName = process.env.SYNC_FUNCTION_NAME;
  if (!functionName) {
    void executeRun(run);
    return;
  }
  const event: SyncRunEvent = { kind: 'sync-run', runId: run.runId };
  try {
    await lambdaClient().send(
      new InvokeCommand({
        FunctionName: functionName,
        InvocationType: 'Event',
        Payload: Buffer.from(JSON.stringify(event)),
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
    throw error;
  }
}
