import { SYNC_DAYS_DEFAULT, type SyncRequest, type SyncSummary } from '@shared/sync/sync-run';
import { finishSync } from '../../functions/sync/finish';
import { mapLimit } from '../../functions/lib/map-limit';
import { syncShard, type ShardOutcome } from '../../functions/sync/pipeline';
import { selectDates } from '../../functions/sync/date-selection';
import type { BrokerFileSource } from '../../functions/sync/s3-source';
import { shardsOf } from '../../functions/sync/shard-plan';

/*
 * A whole sync run in this process, without a run record or the lock: what the tests and the sync
 * benches drive. Production runs go through sharded-run.ts (the Step Functions steps in AWS,
 * runShardedInProcess locally), which calls the same syncShard and finishSync.
 */

export interface SyncOptions {
  /** How many of the latest trading-date folders to sync (when no `request` is given). */
  count?: number;
  /** The latest `count` folders, or named dates (date-selection.ts). @default { count } */
  request?: SyncRequest;
  /** The run's clock: folders dated after its today (America/Chicago) are refused. */
  now?: () => number;
  source: BrokerFileSource;
  /** Called between dates; a run that lost its lock throws from here and stops. */
  heartbeat?: () => Promise<void>;
  log?: (message: string) => void;
  /** BatchWriteItem calls in flight, per shard. */
  concurrency?: number;
  /** Shards the run is split into (rows by account hash, shard-plan.ts). @default 1 */
  shards?: number;
  /** Shards run at once in this process. @default every shard */
  shardConcurrency?: number;
}

export interface SyncOutcome {
  dates: string[];
  summary: SyncSummary;
  /** Items the table acknowledged: what the benchmark compares with plain batch writes. */
  itemsWritten: number;
}

/**
 * The daily sync (DESIGN §6) over the last `count` date folders, oldest first: the plan (the dates),
 * `shards` shards of syncShard, `shardConcurrency` at a time, then finishSync.
 */
export async function runSync(options: SyncOptions): Promise<SyncOutcome> {
  const started = Date.now();
  const request = options.request ?? { count: options.count ?? SYNC_DAYS_DEFAULT };
  const { dates, refusedDates, missingDates } = await selectDates(
    options.source,
    request,
    (options.now ?? Date.now)(),
  );
  const shards = shardsOf(Math.max(1, options.shards ?? 1));
  const outcomes: ShardOutcome[] = [];
  await mapLimit(shards, options.shardConcurrency ?? shards.length, async (shard) => {
    outcomes.push(
      await syncShard({
        dates,
        shard,
        source: options.source,
        heartbeat: options.heartbeat,
        log: options.log,
        concurrency: options.concurrency,
      }),
    );
  });
  const finished = await finishSync(dates, outcomes, { concurrency: options.concurrency });
  return {
    dates,
    itemsWritten: finished.itemsWritten,
    summary: {
      processingTimeMs: Date.now() - started,
      ...finished.summary,
      refusedDates,
      missingDates,
    },
  };
}
