import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocumentClient } from '../aws/dynamodb';
import { syncKeys } from '../db/keys';
import { getItem, tableName } from '../db/table';
import { ConflictError } from '../errors';

export const SYNC_ALREADY_RUNNING = 'A sync is already running';

/*
 * The lock that lets one sync run (or one re-judging) change accounts at a time: an item of its own,
 * `SYNC / LOCK`, with a lease. Functions in a module apart from the runs' repository, so the functions
 * that only judge (and so take the lock) leave the runs' reads and writes out of their bundles.
 */

/**
 * Takes the lock for `runId` until `expiresAt` (epoch ms). A lock whose expiry has passed belongs to
 * a run that crashed, and is taken over: answers that run's id (undefined when the lock was free);
 * a live one is a 409.
 */
export async function acquireRunLock(
  runId: string,
  now: number,
  expiresAt: number,
): Promise<string | undefined> {
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
}

/** Extends a held lock; false when another run has taken it over meanwhile. */
export async function renewRunLock(runId: string, expiresAt: number): Promise<boolean> {
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
}

/** The lock as stored: who holds it and until when (epoch ms); undefined when free. */
export async function getRunLock(): Promise<{ runId: string; expiresAt: number } | undefined> {
  const item = await getItem(syncKeys.lock);
  if (!item || typeof item.runId !== 'string') return undefined;
  return { runId: item.runId, expiresAt: Number(item.expiresAt) };
}

/**
 * Deletes the lock if `runId` still holds it and its lease had expired at `now`: true when this
 * call freed it (a renewal or another taker in between wins).
 */
export async function releaseExpiredRunLock(runId: string, now: number): Promise<boolean> {
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
}

/** Releases the lock if `runId` still holds it. */
export async function releaseRunLock(runId: string): Promise<void> {
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
}
