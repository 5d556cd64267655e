import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { dynamoDocumentClient } from '../aws/dynamodb';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { requiredEnv } from '../env';
import type { Item, Key } from './item';
import { decodeCursor, encodeCursor, INVALID_CURSOR, type Page } from './paging';

export type { Item, Key } from './item';

export type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/** `ProjectionExpression` and names for a list of attributes (some are reserved words: `Date`). */
export function projectionOf(attributes: readonly string[]) {
  return {
    ProjectionExpression: attributes.map((_, index) => `#p${index}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(
      attributes.map((attribute, index) => [`#p${index}`, attribute]),
    ),
  };
}

export function tableName(): string {
  return requiredEnv('TABLE_NAME');
}

/** One item by key, or undefined. */
export async function getItem(key: Key): Promise<Item | undefined> {
  const { Item } = await dynamoDocumentClient().send(
    new GetCommand({ TableName: tableName(), Key: key }),
  );
  return Item;
}

const BATCH_GET_SIZE = 100;

/**
 * Many items by key, in any order; unprocessed keys are asked again until none are left. A
 * projection reads only the attributes named (the read still costs the items' size).
 */
export async function getItems(
  keys: readonly Key[],
  projection?: { ProjectionExpression: string; ExpressionAttributeNames?: Record<string, string> },
): Promise<Item[]> {
  const found: Item[] = [];
  for (let start = 0; start < keys.length; start += BATCH_GET_SIZE) {
    let pending: Record<string, unknown>[] = keys.slice(start, start + BATCH_GET_SIZE);
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > 0)
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** attempt));
      const answer = await dynamoDocumentClient().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ...projection } } }),
      );
      found.push(...((answer.Responses?.[tableName()] ?? []) as Item[]));
      pending = (answer.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return found;
}

/** Reads every page of a query. For partitions known to stay small (program list, a trader's accounts). */
export async function queryAll(input: QueryInput): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Item | undefined;
  do {
    const page = await dynamoDocumentClient().send(
      new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey }),
    );
    items.push(...((page.Items ?? []) as Item[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/**
 * One page of a query, resumed from an opaque cursor. With a filter expression a page may hold fewer
 * than `limit` items (DynamoDB applies Limit before the filter), so it keeps reading until the page is
 * full or the partition ends.
 */
export async function queryPage(
  input: QueryInput,
  limit: number,
  cursor?: string,
): Promise<Page<Item>> {
  const items: Item[] = [];
  let ExclusiveStartKey = decodeCursor(cursor);
  do {
    const page = await sendResumed(
      new QueryCommand({
        ...input,
        TableName: tableName(),
        ExclusiveStartKey,
        Limit: limit - items.length,
      }),
    );
    items.push(...((page.Items ?? []) as Item[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && items.length < limit);
  return { items, ...(ExclusiveStartKey && { nextCursor: encodeCursor(ExclusiveStartKey) }) };
}

/**
 * A cursor that decodes but belongs to another query (another partition or range) makes DynamoDB
 * refuse the start key: that is the caller's mistake, a 400 naming the cursor.
 */
export async function sendResumed(command: QueryCommand) {
  try {
    return await dynamoDocumentClient().send(command);
  } catch (error) {
    if (
      command.input.ExclusiveStartKey &&
      error instanceof Error &&
      error.name === 'ValidationException'
    ) {
      throw new ValidationError(INVALID_CURSOR, [{ field: 'cursor', message: INVALID_CURSOR }]);
    }
    throw error;
  }
}

/** Counts what a query matches (after its filter) without transferring the items. */
export async function countQuery(input: QueryInput): Promise<number> {
  let count = 0;
  let ExclusiveStartKey: Item | undefined;
  do {
    const page = await dynamoDocumentClient().send(
      new QueryCommand({ ...input, TableName: tableName(), Select: 'COUNT', ExclusiveStartKey }),
    );
    count += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}

async function conditionalPut(
  item: Item,
  condition: string,
  onFailure: () => Error,
  values?: Record<string, unknown>,
): Promise<void> {
  try {
    await dynamoDocumentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: item,
        ConditionExpression: condition,
        ...(values && { ExpressionAttributeValues: values }),
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw onFailure();
    throw error;
  }
}

/** Creates an item that must not exist yet; an existing one is a conflict, not an overwrite. */
export function putNew(item: Item, conflictMessage: string): Promise<void> {
  return conditionalPut(item, 'attribute_not_exists(PK)', () => new ConflictError(conflictMessage));
}

/** Replaces an item that must exist; a missing one is a 404, not a silent create. */
export function putExisting(item: Item, notFoundMessage: string): Promise<void> {
  return conditionalPut(item, 'attribute_exists(PK)', () => new NotFoundError(notFoundMessage));
}

/**
 * Replaces an item only while `condition` holds (an optimistic lock: the version the writer loaded);
 * otherwise a 409 with `conflictMessage`, and nothing written.
 */
export function putIf(
  item: Item,
  condition: string,
  values: Record<string, unknown> | undefined,
  conflictMessage: string,
): Promise<void> {
  return conditionalPut(item, condition, () => new ConflictError(conflictMessage), values);
}

/** Writes an item whatever was there: for idempotent ingestion of natural keys. */
export async function putItem(item: Item): Promise<void> {
  await dynamoDocumentClient().send(new PutCommand({ TableName: tableName(), Item: item }));
}

/** Deletes an item that must exist. */
export async function deleteExisting(key: Key, notFoundMessage: string): Promise<void> {
  try {
    await dynamoDocumentClient().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: key,
        ConditionExpression: 'attribute_exists(PK)',
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new NotFoundError(notFoundMessage);
    throw error;
  }
}
