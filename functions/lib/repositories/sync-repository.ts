import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  rejectedRowSchema,
  syncRunSchema,
  type RefusedDate,
  type RejectedRow,
  type SyncRun,
  type SyncRunProgress,
} from '@shared/sync/sync-run';
import { dynamoDocumentClient } from '../aws/dynamodb';
import { syncKeys, withoutKeys } from '../db/keys';
import type { Page } from '../db/paging';
import { BatchWriter } from '../db/batch-writer';
import {
  countQuery,
  getItem,
  putItem,
  queryAll,
  queryPage,
  tableName,
  type Item,
} from '../db/table';
import { pageAccounts, type DateStats } from './audit-items';
import {
  acquireRunLock,
  getRunLock,
  releaseExpiredRunLock,
  releaseRunLock,
  renewRunLock,
} from './run-lock-repository';

/**
 * Records a run as failed only if it is still running (a run that finished meanwhile keeps its
 * outcome): true when this call changed it.
 */
export async function failRunIfRunning(
  runId: string,
  error: string,
  finishedAt: string,
): Promise<boolean> {
  try {
    await dynamoDocumentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: syncKeys.run(runId),
        UpdateExpression: 'SET #status = :failed, #error = :error, finishedAt = :finishedAt',
        ConditionExpression: '#status = :running',
        ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
        ExpressionAttributeValues: {
          ':failed': 'failed',
          ':running': 'running',
          ':error': error,
          ':finishedAt': finishedAt,
        },
      }),
    );
    return true;
  } catch (caught) {
    if (caught instanceof ConditionalCheckFailedException) return false;
    throw caught;
  }
}

/** Sync runs (kept and listable, newest first) and the lock that lets only one run at a time. */
export const syncRepository = {
  acquireLock: acquireRunLock,
  renewLock: renewRunLock,
  getLock: getRunLock,
  releaseExpiredLock: releaseExpiredRunLock,
  releaseLock: releaseRunLock,
  failIfRunning: failRunIfRunning,

  runItemOf(run: SyncRun): Item {
    const valid = syncRunSchema.parse(run);
    return {
      ...valid,
      ...syncKeys.run(valid.runId),
      ...syncKeys.runIndex(valid.startedAt, valid.runId),
    };
  },

  /** Records a run's state (created running, then finished): the whole item is rewritten each time. */
  async saveRun(run: SyncRun): Promise<void> {
    await putItem(syncRepository.runItemOf(run));
  },

  /** Access pattern "one run": Get `SYNCRUN#<id> / RUN`. */
  async getRun(runId: string): Promise<SyncRun | undefined> {
    const item = await getItem(syncKeys.run(runId));
    return item ? syncRunSchema.parse(withoutKeys(item)) : undefined;
  },

  /** Saves where a running run stands; a run that has finished meanwhile is left as it is. */
  async saveProgress(runId: string, progress: SyncRunProgress): Promise<void> {
    await updateWhileRunning(runId, 'SET progress = :progress', '', { ':progress': progress });
  },

  /**
   * One page of a run's rejected rows, in the order the shard met them: `SYNCRUN#<id> /
   * REJECT#<shard>#<page>`. A retried shard rewrites the same pages.
   */
  async saveRejectedPage(
    runId: string,
    shard: number,
    page: number,
    rows: readonly RejectedRow[],
  ): Promise<void> {
    await putItem({ ...syncKeys.rejectedPage(runId, shard, page), rows });
  },

  /** Access pattern "a run's rejected rows": Query `SYNCRUN#<id>`, SK begins with `REJECT#`. */
  async listRejectedRows(
    runId: string,
    options: { cursor?: string; pages?: number } = {},
  ): Promise<Page<RejectedRow>> {
    const page = await queryPage(
      {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :reject)',
        ExpressionAttributeValues: {
          ':pk': syncKeys.run(runId).PK,
          ':reject': syncKeys.rejectedPrefix,
        },
      },
      options.pages ?? 1,
      options.cursor,
    );
    return {
      ...page,
      items: page.items.flatMap((item) => rejectedRowSchema.array().parse(item.rows)),
    };
  },

  /** Access pattern "runs, newest first": Query GSI1 `GSI1PK = SYNCRUNS`, reverse, with a cursor. */
  async listRuns(options: { limit?: number; cursor?: string } = {}): Promise<Page<SyncRun>> {
    const page = await queryPage(
      {
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': syncKeys.listPartition },
        ScanIndexForward: false,
      },
      options.limit ?? 20,
      options.cursor,
    );
    return { ...page, items: page.items.map((item) => syncRunSchema.parse(withoutKeys(item))) };
  },
  /** The plan's refused and missing dates: `SYNCRUN#<id> / PLAN`. */
  async savePlan(runId: string, plan: RunPlan): Promise<void> {
    await putItem({ ...syncKeys.plan(runId), ...plan });
  },

  async getPlan(runId: string): Promise<RunPlan> {
    const item = await getItem(syncKeys.plan(runId));
    return {
      refusedDates: (item?.refusedDates as RefusedDate[] | undefined) ?? [],
      missingDates: (item?.missingDates as string[] | undefined) ?? [],
    };
  },

  /**
   * Stores a shard's outcome with its run: its part of each date's audit stats (the head, and the
   * accounts in bounded pages, as the date's own stats are), then the outcome item, last, so a shard
   * counts as done only once all of it is stored. A retried shard rewrites the same items.
   */
  async saveShardOutcome(
    runId: string,
    shard: number,
    outcome: object,
    auditStats: Readonly<Record<string, DateStats>>,
  ): Promise<void> {
    const writer = new BatchWriter();
    for (const [date, { accounts, ...stats }] of Object.entries(auditStats)) {
      const pages = pageAccounts(accounts);
      await writer.put({
        ...syncKeys.shardStats(runId, shard, date),
        stats,
        accountPages: pages.length,
      });
      for (const [page, accountsOfPage] of pages.entries()) {
        await writer.put({
          ...syncKeys.shardStatsPage(runId, shard, date, page),
          accounts: accountsOfPage,
        });
      }
    }
    await writer.flush();
    await writer.put({ ...syncKeys.shardOutcome(runId, shard), outcome });
    await writer.flush();
  },

  /** Records the shards done on the run: `done` only grows, whichever shard's update lands last. */
  async recordShardDone(runId: string): Promise<void> {
    const done = await countQuery({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :shard)',
      ExpressionAttributeValues: {
        ':pk': syncKeys.run(runId).PK,
        ':shard': syncKeys.shardOutcomePrefix,
      },
    });
    await updateWhileRunning(runId, 'SET shards.done = :done', ' AND shards.done < :done', {
      ':done': done,
    });
  },

  /**
   * Every shard's stored outcome of a run, by shard, with its audit stats put back together. Stats
   * pages past a head's count are left from an earlier attempt of the shard and are not read.
   */
  async listShardOutcomes(
    runId: string,
  ): Promise<{ outcome: unknown; auditStats: Record<string, DateStats> }[]> {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :shard)',
      ExpressionAttributeValues: {
        ':pk': syncKeys.run(runId).PK,
        ':shard': syncKeys.shardItemsPrefix,
      },
    });
    const outcomes = new Map<number, { outcome: unknown; auditStats: Record<string, DateStats> }>();
    const stats = new Map<string, { index: number; date: string; stats: DateStats }>();
    const heads: { key: string; pages: number }[] = [];
    const pages = new Map<string, string[][]>();
    for (const item of items as Item[]) {
      const sk = String(item.SK);
      if (sk.startsWith(syncKeys.shardOutcomePrefix)) {
        const index = Number(sk.slice(syncKeys.shardOutcomePrefix.length));
        outcomes.set(index, { outcome: item.outcome, auditStats: {} });
        continue;
      }
      const [, index, date, page] = sk.split('#');
      const key = `${index}#${date}`;
      if (page === undefined) {
        const head = item.stats as Omit<DateStats, 'accounts'> & { accounts?: string[] };
        stats.set(key, {
          index: Number(index),
          date: date!,
          stats: { ...head, accounts: head.accounts ?? [] },
        });
        if (!head.accounts) heads.push({ key, pages: Number(item.accountPages ?? 0) });
      } else {
        const list = pages.get(key) ?? [];
        list[Number(page.slice(1))] = item.accounts as string[];
        pages.set(key, list);
      }
    }
    for (const { key, pages: count } of heads) {
      const entry = stats.get(key)!;
      const list = pages.get(key) ?? [];
      const stored = Array.from({ length: count }, (_, page) => list[page]);
      if (stored.some((page) => page === undefined)) {
        throw new Error(
          `Sync run ${runId}: shard ${entry.index} stats of ${entry.date} miss a page`,
        );
      }
      entry.stats.accounts = (stored as string[][]).flat();
    }
    for (const entry of stats.values()) {
      const outcome = outcomes.get(entry.index);
      if (outcome) outcome.auditStats[entry.date] = entry.stats;
    }
    return [...outcomes].sort(([a], [b]) => a - b).map(([, outcome]) => outcome);
  },
};

/** Updates the run item while the run is running; a run that has finished is left as it is. */
async function updateWhileRunning(
  runId: string,
  update: string,
  alsoRequired: string,
  values: Record<string, unknown>,
): Promise<void> {
  try {
    await dynamoDocumentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: syncKeys.run(runId),
        UpdateExpression: update,
        ConditionExpression: `#status = :running${alsoRequired}`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ...values, ':running': 'running' },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** What a run's plan found besides its dates. */
export interface RunPlan {
  refusedDates: RefusedDate[];
  missingDates: string[];
}
