import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { syncRunSchema, type SyncRun } from '@shared/sync/sync-run';
import { dynamoDocumentClient } from '../aws/dynamodb';
import { syncKeys, withoutKeys } from '../db/keys';
import type { Page } from '../db/paging';
import { getItem, putItem, queryPage, tableName, type Item } from '../db/table';
import { ConflictError } from '../errors';

export const SYNC_ALREADY_RUNNING = 'A sync is already running';

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
