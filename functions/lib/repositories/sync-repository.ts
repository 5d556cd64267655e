import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  rejectedRowSchema,
  syncRunSchema,
  type RejectedRow,
  type SyncRun,
  type SyncRunProgress,
} from '@shared/sync/sync-run';
import { dynamoDocumentClient } from '../aws/dynamodb';
import { syncKeys, withoutKeys } from '../db/keys';
import type { Page } from '../db/paging';
import { getItem, putItem, queryPage, tableName, type Item } from '../db/table';
import { ConflictError } from '../errors';

export const SYNC_ALREADY_RUNNING = 'A sync is already running';
const REJECT_PREFIX = 'REJECT#';

/** Sync runs (kept and listable, newest first) and the lock that lets only one run at a time. */
export const syncRepository = {
  /**
   * Takes the lock for `runId` until `expiresAt` (epoch ms). A lock whose expiry has passed belongs to
   * a run that crashed, and is taken over: answers that run's id (undefined when the lock was free);
   * a live one is a 409.
   */
  async acquireLock(runId: string, now: number, expiresAt: number): Promise<string | undefined> {
    try {
      const { Attributes } = await dynamoDocumentClient().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...syncKeys.lock, runId, expiresAt },
          ConditionExpression: 'attribute_not_exists(PK) OR expiresAt < :now',
          ExpressionAttributeValues: { ':now': now },
          ReturnValues: 'ALL_OLD',
        }),
      );
      const previous = Attributes?.runId;
      return typeof previous === 'string' && previous !== runId ? previous : undefined;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException)
        throw new ConflictError(SYNC_ALREADY_RUNNING);
      throw error;
    }
  },

  /** Extends a held lock; false when another run has taken it over meanwhile. */
  async renewLock(runId: string, expiresAt: number): Promise<boolean> {
    try {
      await dynamoDocumentClient().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...syncKeys.lock, runId, expiresAt },
          ConditionExpression: 'runId = :runId',
          ExpressionAttributeValues: { ':runId': runId },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  },

  /** The lock as stored: who holds it and until when (epoch ms); undefined when free. */
  async getLock(): Promise<{ runId: string; expiresAt: number } | undefined> {
    const item = await getItem(syncKeys.lock);
    if (!item || typeof item.runId !== 'string') return undefined;
    return { runId: item.runId, expiresAt: Number(item.expiresAt) };
  },

  /**
   * Deletes the lock if `runId` still holds it and its lease had expired at `now`: true when this
   * call freed it (a renewal or another taker in between wins).
   */
  async releaseExpiredLock(runId: string, now: number): Promise<boolean> {
    try {
      await dynamoDocumentClient().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: syncKeys.lock,
          ConditionExpression: 'runId = :runId AND expiresAt < :now',
          ExpressionAttributeValues: { ':runId': runId, ':now': now },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  },

  /**
   * Records a run as failed only if it is still running (a run that finished meanwhile keeps its
   * outcome): true when this call changed it.
   */
  async failIfRunning(runId: string, error: string, finishedAt: string): Promise<boolean> {
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
  },

  /** Releases the lock if `runId` still holds it. */
  async releaseLock(runId: string): Promise<void> {
    try {
      await dynamoDocumentClient().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: syncKeys.lock,
          ConditionExpression: 'runId = :runId',
          ExpressionAttributeValues: { ':runId': runId },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  },

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
    try {
      await dynamoDocumentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: syncKeys.run(runId),
          UpdateExpression: 'SET progress = :progress',
          ConditionExpression: '#status = :running',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':progress': progress, ':running': 'running' },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  },

  /**
   * One page of a run's rejected rows, in the order the shard met them: `SYNCRUN#<id> /
   * REJECT#<shard>#<page>`. A retried shard rewrites the same pages.
   */
  rejectedPageItem(runId: string, shard: number, page: number, rows: readonly RejectedRow[]): Item {
    return {
      PK: syncKeys.run(runId).PK,
      SK: `${REJECT_PREFIX}${String(shard).padStart(5, '0')}#${String(page).padStart(7, '0')}`,
      rows,
    };
  },

  /** Access pattern "a run's rejected rows": Query `SYNCRUN#<id>`, SK begins with `REJECT#`. */
  async listRejectedRows(
    runId: string,
    options: { cursor?: string; pages?: number } = {},
  ): Promise<Page<RejectedRow>> {
    const page = await queryPage(
      {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :reject)',
        ExpressionAttributeValues: { ':pk': syncKeys.run(runId).PK, ':reject': REJECT_PREFIX },
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
};
