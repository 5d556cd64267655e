import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { BROKER_FILES_PREFIX } from '@shared/broker-files/registry';
import { tradingDateSchema } from '@shared/rules/day-input';
import type { SyncRun, SyncTrigger } from '@shared/sync/sync-run';
import { ConflictError } from '../lib/errors';
import { logger } from '../lib/logger';

/*
 * The start by the files (docs/sync-at-scale.md): once a day's broker files are all in the bucket,
 * the broker (or an operator) writes an empty completion marker `broker/<YYYYMMDD>/_COMPLETE`, and a
 * run of that date starts. In AWS, S3 sends the marker's creation to EventBridge, a rule queues it
 * (infra/sync-stack.ts) and the sync function takes it from the queue; locally, s3rver's
 * object-created event does the same in process (scripts/local-stack/files-trigger.ts). While
 * another run holds the lock, the marker waits and is tried again: its run is never lost.
 */

/** The marker's file name in a date folder. */
export const COMPLETION_MARKER = '_COMPLETE';

const markerKey = new RegExp(`^${BROKER_FILES_PREFIX}(\\d{8})/${COMPLETION_MARKER}$`);

/** The date a completion marker's key names; undefined for any other key or an impossible date. */
export function markerDate(key: string): string | undefined {
  const date = markerKey.exec(key)?.[1];
  return date !== undefined && tradingDateSchema.safeParse(date).success ? date : undefined;
}

/** What a marker came to: a run started, to be tried again later (a run holds the lock), or ignored. */
export type MarkerOutcome =
  | { kind: 'started'; run: SyncRun }
  | { kind: 'busy'; date: string }
  | { kind: 'ignored'; key: string };

export interface MarkerDeps {
  startRun: (options: { request: { dates: string[] }; trigger: SyncTrigger }) => Promise<SyncRun>;
  dispatchRun: (run: SyncRun) => Promise<void>;
}

/** Starts the run of a marker's date; a 409 (another run holds the lock) is 'busy', not an error. */
export async function startRunForMarker(key: string, deps: MarkerDeps): Promise<MarkerOutcome> {
  const date = markerDate(key);
  if (date === undefined) {
    logger.warn('not a completion marker; ignored', { key });
    return { kind: 'ignored', key };
  }
  let run: SyncRun;
  try {
    run = await deps.startRun({ request: { dates: [date] }, trigger: 'files' });
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    logger.info('completion marker waits: a sync is already running', { date });
    return { kind: 'busy', date };
  }
  logger.info('sync run started by a completion marker', { runId: run.runId, date });
  await deps.dispatchRun(run);
  return { kind: 'started', run };
}

/** An SQS event from the completion-marker queue (infra/sync-stack.ts). */
export function isMarkerQueueEvent(event: unknown): event is SQSEvent {
  const records = (event as { Records?: unknown } | null)?.Records;
  return (
    Array.isArray(records) &&
    records.length > 0 &&
    records.every(
      (record) => (record as { eventSource?: unknown } | null)?.eventSource === 'aws:sqs',
    )
  );
}

/** The object key in a queued EventBridge "Object Created" event, if it is one. */
function keyOf(body: string): string | undefined {
  try {
    const event = JSON.parse(body) as { detail?: { object?: { key?: unknown } } };
    const key = event.detail?.object?.key;
    // A marker's key has no character that an encoding would change.
    return typeof key === 'string' ? key : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The queue's batch: each marker starts its run, or is reported failed so SQS hands it back after
 * the queue's visibility timeout (and dead-letters it after the queue's receive limit). A message
 * that is no marker is dropped with a warning.
 */
export async function handleMarkerQueue(
  event: SQSEvent,
  deps: MarkerDeps,
): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const key = keyOf(record.body);
    if (key === undefined) {
      logger.warn('completion-marker queue: not an S3 object event; dropped', {
        messageId: record.messageId,
      });
      continue;
    }
    try {
      const outcome = await startRunForMarker(key, deps);
      if (outcome.kind === 'busy') batchItemFailures.push({ itemIdentifier: record.messageId });
    } catch (error) {
      logger.error('completion marker could not start its run', { key, error });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
