import { createHash } from 'node:crypto';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocumentClient } from '../aws/dynamodb';
import { loginKeys } from '../db/keys';
import { getItem, tableName } from '../db/table';

/** Failures in a row that cost nothing; from the next one on, the login is locked for a while. */
export const FREE_FAILURES = 4;
/** The first lock; each further failure doubles it. */
export const FIRST_LOCK_MS = 30_000;
/** The longest lock. */
export const MAX_LOCK_MS = 15 * 60_000;
/** A failure older than this no longer counts: the count starts again. */
export const FAILURE_MEMORY_MS = 24 * 60 * 60_000;

/** How long the login is locked after its `failures`-th failure in a row: 0 while failures are free. */
export function lockAfter(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(FIRST_LOCK_MS * 2 ** (failures - FREE_FAILURES - 1), MAX_LOCK_MS);
}

/** One key per login whatever its case or spaces; hashed, so the table holds no unknown addresses. */
function keyOf(login: string) {
  const hash = createHash('sha256').update(login.trim().toLowerCase()).digest('base64url');
  return loginKeys.attempts(hash);
}

/**
 * Failed sign-ins per login (issue 9), in the table so the slow-down holds across Lambda instances
 * and the local stack runs the same code. Item `LOGIN#<sha256(login)> / ATTEMPTS`: `failures` in a
 * row, `lastFailureAt` and `lockedUntil` (epoch ms), `expiresAt` (epoch s, the table's TTL).
 */
export const loginAttemptRepository = {
  /** Milliseconds until the login may try again; 0 when it is not locked. */
  async lockedFor(login: string, now = Date.now()): Promise<number> {
    const item = await getItem(keyOf(login));
    const lockedUntil = typeof item?.lockedUntil === 'number' ? item.lockedUntil : 0;
    return Math.max(0, lockedUntil - now);
  },

  /**
   * Counts one failure (an atomic ADD, so parallel attempts each count) and locks the login for
   * {@link lockAfter} of the new count. Answers how long the login is now locked.
   */
  async recordFailure(login: string, now = Date.now()): Promise<number> {
    const key = keyOf(login);
    const client = dynamoDocumentClient();
    const { Attributes } = await client
      .send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          // A failure after a long quiet spell starts the count again.
          UpdateExpression:
            'SET failures = if_not_exists(failures, :zero) + :one, lastFailureAt = :now, expiresAt = :expires',
          ConditionExpression: 'attribute_not_exists(lastFailureAt) OR lastFailureAt >= :forgotten',
          ExpressionAttributeValues: {
            ':zero': 0,
            ':one': 1,
            ':now': now,
            ':forgotten': now - FAILURE_MEMORY_MS,
            ':expires': Math.ceil((now + FAILURE_MEMORY_MS) / 1000),
          },
          ReturnValues: 'UPDATED_NEW',
        }),
      )
      .catch(async (error: unknown) => {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
        return client.send(
          new UpdateCommand({
            TableName: tableName(),
            Key: key,
            UpdateExpression: 'SET failures = :one, lastFailureAt = :now, expiresAt = :expires',
            ExpressionAttributeValues: {
              ':one': 1,
              ':now': now,
              ':expires': Math.ceil((now + FAILURE_MEMORY_MS) / 1000),
            },
            ReturnValues: 'UPDATED_NEW',
          }),
        );
      });
    const lock = lockAfter(Number(Attributes?.failures ?? 1));
    if (lock > 0) {
      await client.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET lockedUntil = :until',
          ExpressionAttributeValues: { ':until': now + lock },
        }),
      );
    }
    return lock;
  },

  /** A successful sign-in forgets the login's failures. */
  async clear(login: string): Promise<void> {
    await dynamoDocumentClient().send(
      new DeleteCommand({ TableName: tableName(), Key: keyOf(login) }),
    );
  },
};
